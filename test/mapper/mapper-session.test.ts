import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { MapperEdit } from '../../src/mapper/mapper-api.js';
import { openMapperSession, type MapperSessionOptions } from '../../src/mapper/mapper-session.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const META: MapperEdit[] = [
  { kind: 'set', path: ['meta', 'title'], value: 'Record {formula?}' },
  { kind: 'set', path: ['meta', 'abstract'], value: 'A record of the test data.' },
  { kind: 'set', path: ['meta', 'keywords'], value: ['test'] },
];

/**
 * Opens a page's session on a copy of `input` (new mapping `m.yaml`), applies the edits as the page
 * sends them, saves, and returns the page's final counts beside what validate finds for the saved file.
 */
async function edited(input: string, templates: string, options: Partial<MapperSessionOptions>, edits: readonly MapperEdit[]) {
  const dir = await makeTempDir('mge-mapper-session-');
  const name = path.basename(input);
  await copyFile(input, path.join(dir, name));
  const template = { templateFile: path.resolve(templates) };
  const session = await openMapperSession(
    {
      input: name,
      mappingFile: 'm.yaml',
      tid: undefined,
      sourceOptions: {},
      cwd: dir,
      methodsWidth: 3,
      version: 'test',
      next: [],
      ...options,
    },
    { template },
  );
  try {
    const state = await session.edit(edits);
    await session.settled();
    const counts = session.counts();
    await session.save();
    const validated = await runValidate(
      {
        mappingFile: 'm.yaml',
        inputs: [name],
        cwd: dir,
        methodsWidth: 3,
        maxErrors: undefined,
        errorsFile: undefined,
        htmlFile: undefined,
        version: 'test',
      },
      { template },
    );
    const { stoppedBy: _none, ...summary } = validated.summary;
    return { state, counts, summary, text: await readFile(path.join(dir, 'm.yaml'), 'utf8') };
  } finally {
    session.close();
  }
}

describe('the mapper on the layouts init proposes', () => {
  test('a grouped workbook (two header rows, one record over several rows): groupBy and the fromRows table as init writes them', async () => {
    const { state, counts, summary, text } = await edited(
      'samples/steel_composition_rows.xlsx',
      'samples/templates.json',
      { tid: 203, sourceOptions: { headerRow: 2, headerRows: 2 } },
      [...META, { kind: 'set', path: ['meta', 'title'], value: '{样品 / 化学式} composition' }],
    );
    expect(state.problems).toEqual([]);
    expect(state.groupBy).toEqual(['样品 / 编号']);
    const table = state.fields.find((f) => f.name === '化学成分');
    expect(table?.value).toEqual({ fromRows: { 元素: '化学成分 / 元素', 含量: { column: '化学成分 / 含量 (wt.%)', unit: 'wt.%' } } });
    // Several rows make one record: the page counts records as validate does.
    expect(counts).toMatchObject({ done: true, rows: 259, records: 24 });
    expect(counts).toMatchObject(summary);
    expect(parse(text)).toMatchObject({ input: { headerRow: 2, headerRows: 2 }, groupBy: ['样品 / 编号'] });
  });

  test('a value±error CSV: the value alone in its cell, errOptional switched on from the page', async () => {
    const path312 = ['content', '形成能'];
    const { state, counts, summary, text } = await edited(
      'test/fixtures/header-match/heusler_magnetic.csv',
      'test/fixtures/shared-datasets/templates.json',
      { tid: 312 },
      [
        ...META,
        { kind: 'column', path: path312, column: 'e_form' },
        { kind: 'errOptional', path: path312, on: true },
        { kind: 'column', path: ['content', '晶格常数'], column: 'latt const' },
        { kind: 'errOptional', path: ['content', '晶格常数'], on: true },
      ],
    );
    expect(state.problems).toEqual([]);
    const field = state.fields.find((f) => f.name === '形成能');
    expect(field).toMatchObject({ column: 'e_form', errOptional: true, rangeType: 'error' });
    expect(state.preview[0]?.values).toContainEqual(
      expect.objectContaining({ path: 'content.形成能.val', value: 0.046, cell: 'heusler_magnetic.csv!H2' }),
    );
    expect(counts).toMatchObject(summary);
    expect(counts?.records).toBe(289);
    expect(parse(text).content['形成能']).toEqual({ column: 'e_form', errOptional: true });
  });
});
