import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { MapperEditError } from '../../src/mapper/apply-mapper-edit.js';
import { keywordsFromText } from '../../src/mapper/keyword-list.js';
import type { MapperEdit } from '../../src/mapper/mapper-api.js';
import { openMapperSession, type MapperSessionOptions } from '../../src/mapper/mapper-session.js';
import { parseMapperEdits } from '../../src/mapper/parse-mapper-edits.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { validateSavedMapping } from './validate-saved-mapping.js';
import { num, platformTemplate, str, table } from '../helpers/plain-template.js';

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
    const summary = await validateSavedMapping(dir, name, template);
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

/** A template of an XRD table whose 2θ is stored in degrees, in the platform's shape. */
const XRD_TEMPLATE = platformTemplate({ 编号: str(true), 衍射峰: table({ '2θ': num('°', true), 强度: num('a.u.') }, true) }, 900, 'xrd');

describe("init's units on a fromRows table", () => {
  test('shown as the proposal the mapping holds, converted in the preview, kept through save and a second opening', async () => {
    const dir = await makeTempDir('mge-mapper-units-');
    await writeFile(path.join(dir, 'xrd.csv'), 'sample id,two theta (rad),intensity\nS1,0.5,100\nS1,0.6,80\nS2,0.5,90\nS2,0.7,70\n');
    await writeFile(path.join(dir, 'templates.json'), JSON.stringify({ templates: [XRD_TEMPLATE] }));
    const template = { templateFile: path.join(dir, 'templates.json') };
    const options = {
      input: 'xrd.csv',
      mappingFile: 'm.yaml',
      sourceOptions: {},
      cwd: dir,
      methodsWidth: 3,
      version: 'test',
      next: [],
    } as const;
    const table = { fromRows: { '2θ': { column: 'two theta (rad)', unit: 'rad' }, 强度: 'intensity' } };

    const first = await openMapperSession({ ...options, tid: 900 }, { template });
    let text: string;
    try {
      const state = await first.edit([...META, { kind: 'set', path: ['meta', 'title'], value: 'Peaks of {sample id}' }]);
      const field = state.fields.find((f) => f.name === '衍射峰');
      expect(field?.value).toEqual(table);
      // The proposal is what the mapping holds: the page offers nothing else to take.
      expect(field?.proposal?.value).toEqual(table);
      expect(field?.valueText).toContain('unit: rad');
      expect(state.problems).toEqual([]);
      const cell = state.preview[0]?.values.find((v) => v.path === 'content.衍射峰[1].2θ');
      expect(cell).toMatchObject({ cell: 'xrd.csv!B3', conversion: expect.stringMatching(/^0\.6 rad → 34\.377\d* °$/) as unknown });
      await first.save();
      text = await readFile(path.join(dir, 'm.yaml'), 'utf8');
      expect(parse(text).content['衍射峰']).toEqual(table);
    } finally {
      first.close();
    }

    const again = await openMapperSession({ ...options, tid: undefined }, { template });
    try {
      expect(again.state().fields.find((f) => f.name === '衍射峰')?.value).toEqual(table);
      // An edit elsewhere rewrites only its own line: the table's units stay as written.
      await again.edit([{ kind: 'set', path: ['meta', 'abstract'], value: 'Peaks of the test data.' }]);
      await again.save();
      const after = await readFile(path.join(dir, 'm.yaml'), 'utf8');
      expect(after).toBe(text.replace('A record of the test data.', 'Peaks of the test data.'));
    } finally {
      again.close();
    }
  });
});

/** A page's session on a copy of the thermoelectrics sample, `mapping` its existing m.yaml. */
async function openOnThermoelectrics(prefix: string, mapping: string) {
  const dir = await makeTempDir(prefix);
  await copyFile('samples/ucsb_thermoelectrics.csv', path.join(dir, 'te.csv'));
  await writeFile(path.join(dir, 'm.yaml'), mapping);
  const session = await openMapperSession(
    { input: 'te.csv', mappingFile: 'm.yaml', tid: undefined, sourceOptions: {}, cwd: dir, methodsWidth: 3, version: 'test', next: [] },
    { template: { templateFile: path.resolve('samples/templates.json') } },
  );
  return { dir, session };
}

describe("an existing mapping's extra meta keys", () => {
  test('shown in the state, edited (a placeholder, a key of other_info taken out, one added) and saved, the other lines kept', async () => {
    const before = (await readFile('mappings/ucsb_thermoelectrics.yaml', 'utf8')).replace(
      '  source:\n',
      '  institution: UCSB   # where it was measured\n  other_info: {project: P-1, subject: S-1}\n  source:\n',
    );
    const { dir, session } = await openOnThermoelectrics('mge-mapper-meta-', before);
    try {
      expect(session.state().meta).toMatchObject({
        doi: { column: 'src', regex: '^(?:https?://dx\\.doi\\.org/(.+))?' },
        institution: 'UCSB',
        other_info: { project: 'P-1', subject: 'S-1' },
      });
      const state = await session.edit([
        { kind: 'set', path: ['meta', 'institution'], value: 'UC Santa Barbara ({synthesis})' },
        { kind: 'set', path: ['meta', 'other_info', 'subject'], value: null },
        { kind: 'set', path: ['meta', 'public'], value: false },
      ]);
      expect(state.problems).toEqual([]);
      const meta = Object.fromEntries(state.preview[0]!.values.filter((v) => v.path.startsWith('meta.')).map((v) => [v.path, v.value]));
      expect(meta).toMatchObject({
        'meta.institution': 'UC Santa Barbara (Arc-melted, vacuum)',
        'meta.other_info.project': 'P-1',
        'meta.public': false,
        'meta.doi': '10.1016/j.jallcom.2008.02.041',
      });
      expect(meta['meta.other_info.subject']).toBeUndefined();
      await session.save();
      const after = await readFile(path.join(dir, 'm.yaml'), 'utf8');
      const changed = after.split('\n').filter((line) => !before.split('\n').includes(line));
      expect(changed).toEqual([
        '  institution: UC Santa Barbara ({synthesis}) # where it was measured',
        '  other_info: {project: P-1}',
        '  public: false',
      ]);
      expect(before.split('\n').filter((line) => !after.split('\n').includes(line))).toEqual([
        '  institution: UCSB   # where it was measured',
        '  other_info: {project: P-1, subject: S-1}',
      ]);
      await session.settled();
      expect(session.counts()).toMatchObject({ done: true, records: 1093, valid: 1093 });
    } finally {
      session.close();
    }
  });
});

describe('keywords typed as text', () => {
  test('a column the list held stays {column: k} through an edit and save; a new {k} is a text template, one keyword per cell', async () => {
    const before = await readFile('mappings/ucsb_thermoelectrics.yaml', 'utf8');
    expect(before).toContain('  keywords: [thermoelectric, {column: composition}]\n');
    const { dir, session } = await openOnThermoelectrics('mge-mapper-keywords-', before);
    try {
      const text = 'thermoelectric, {composition}, half-Heusler，{synthesis}';
      const state = await session.edit([{ kind: 'keywords', path: ['meta', 'keywords'], text }]);
      expect(state.problems).toEqual([]);
      expect(state.meta['keywords']).toEqual(['thermoelectric', { column: 'composition' }, 'half-Heusler', '{synthesis}']);
      const sent = state.preview[0]!.values.filter((v) => v.path.startsWith('meta.keywords[')).map((v) => v.value);
      expect(sent).toEqual(['thermoelectric', 'Ti0.99Nb0.01NiSn', 'half-Heusler', 'Arc-melted, vacuum']);
      await session.save();
      const after = await readFile(path.join(dir, 'm.yaml'), 'utf8');
      expect(after).toBe(
        before.replace('[thermoelectric, {column: composition}]', '[thermoelectric, {column: composition}, half-Heusler, "{synthesis}"]'),
      );
      // Emptied, the key goes, and the mapping says it is required.
      const emptied = await session.edit([{ kind: 'keywords', path: ['meta', 'keywords'], text: ' , ' }]);
      expect(emptied.meta['keywords']).toBeUndefined();
      expect(emptied.problems.map((p) => p.code)).toContain('MAPPING_META_REQUIRED');
    } finally {
      session.close();
    }
  });

  test('one value written alone stays alone when its text is kept; the edit belongs to meta.keywords only', () => {
    const alone = { column: 'kw' };
    expect(keywordsFromText(alone, ' {kw} ')).toBe(alone);
    expect(keywordsFromText(alone, '{kw}, steel')).toEqual([alone, 'steel']);
    expect(keywordsFromText([2024, 'FILL_IN'], '2024, steel')).toEqual([2024, 'steel']);
    expect(parseMapperEdits({ edits: [{ kind: 'keywords', path: ['meta', 'keywords'], text: 'a' }] })).toHaveLength(1);
    expect(() => parseMapperEdits({ edits: [{ kind: 'keywords', path: ['meta', 'title'], text: 'a' }] })).toThrow(MapperEditError);
  });
});
