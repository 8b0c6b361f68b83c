import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { MapperEdit } from '../../src/mapper/mapper-api.js';
import { openMapperSession } from '../../src/mapper/mapper-session.js';
import { choice, num, platformTemplate, range, str, table } from '../helpers/plain-template.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { validateSavedMapping } from './validate-saved-mapping.js';

const META: MapperEdit[] = [
  { kind: 'set', path: ['meta', 'title'], value: 'Sample {sample}' },
  { kind: 'set', path: ['meta', 'abstract'], value: 'A record of the test data.' },
  { kind: 'set', path: ['meta', 'keywords'], value: ['test'] },
];

/** A template in the platform's shape: an id, a temperature, a state, a loading rate, a composition and a table of peaks. */
const TEMPLATE = platformTemplate(
  {
    编号: str(true),
    温度: num('℃', true),
    状态: choice(['铸态', '锻态'], true),
    加载速率: num('mm/min'),
    化学成分: table({ 元素: str(true), 含量: num('wt.%'), 方法: choice(['ICP-AES', 'XRF'], true) }),
    衍射峰: table({ '2θ': num('°', true), 半高宽: range('error', '°') }),
  },
  901,
);

/**
 * A page's session on `csv` (a new mapping of template 901): each step's edits applied and their
 * counts awaited; then saved, and validate run on the saved file.
 */
async function session(csv: string, steps: readonly (readonly MapperEdit[])[]) {
  const dir = await makeTempDir('mge-mapper-values-');
  await writeFile(path.join(dir, 'in.csv'), csv);
  await writeFile(path.join(dir, 'templates.json'), JSON.stringify({ templates: [TEMPLATE] }));
  const template = { templateFile: path.join(dir, 'templates.json') };
  const opened = await openMapperSession(
    { input: 'in.csv', mappingFile: 'm.yaml', tid: 901, sourceOptions: {}, cwd: dir, methodsWidth: 3, version: 'test', next: [] },
    { template },
  );
  try {
    const seen = [];
    for (const edits of steps) {
      const state = await opened.edit(edits);
      await opened.settled();
      seen.push({ state, counts: opened.counts() });
    }
    await opened.save();
    const summary = await validateSavedMapping(dir, 'in.csv', template);
    const saved = parse(await readFile(path.join(dir, 'm.yaml'), 'utf8')) as { content: Record<string, unknown> };
    return { seen, summary, saved: saved.content };
  } finally {
    opened.close();
  }
}

describe('the mapper without YAML: constants, blank cells, set: and a range inside a row', () => {
  test("a blank cell's default and a constant field fill every record; the group's other column gets one value per row", async () => {
    const csv = 'sample,T (℃),C,Mn\nS1,650,0.10,1.2\nS2,,0.20,1.1\nS3,700,,1.3\n';
    const comp = ['content', '化学成分'];
    const { seen, summary, saved } = await session(csv, [
      [
        ...META,
        { kind: 'column', path: ['content', '编号'], column: 'sample' },
        { kind: 'column', path: ['content', '温度'], column: 'T (℃)' },
        { kind: 'constant', path: ['content', '状态'], value: '铸态' },
        { kind: 'constant', path: ['content', '加载速率'], value: '2' },
        { kind: 'tableSource', path: comp, source: 'fromColumns' },
        { kind: 'rowColumn', path: comp, column: 'C' },
        { kind: 'rowColumn', path: comp, column: 'Mn' },
      ],
      [{ kind: 'rowSet', path: comp, column: '方法', value: 'ICP-AES' }],
      [{ kind: 'default', path: ['content', '温度'], value: '20' }],
    ]);
    // The required method of each row is missing until it has a value for every row.
    const [unset, set, filled] = seen;
    expect(unset?.state.problems.map((p) => [p.code, p.path])).toEqual([
      ['MAPPING_REQUIRED_UNMAPPED', 'content.化学成分.fromColumns.set.方法'],
    ]);
    // S2's temperature is blank: the required field is missing from its record until the blank cell gives 20 ℃.
    expect(set?.state.problems).toEqual([]);
    expect(set?.counts).toMatchObject({ done: true, records: 3, valid: 2, invalid: 1 });
    expect(filled?.counts).toMatchObject({ done: true, records: 3, valid: 3, invalid: 0 });
    const fields = filled!.state.fields;
    expect(fields.find((f) => f.name === '温度')).toMatchObject({ column: 'T (℃)', blank: '20' });
    expect(fields.find((f) => f.name === '状态')).toMatchObject({ constant: '铸态', column: undefined });
    expect(fields.find((f) => f.name === '化学成分')?.table?.fixedColumns).toEqual([
      { name: '方法', required: true, options: ['ICP-AES', 'XRF'], value: 'ICP-AES', written: undefined },
    ]);
    const second = Object.fromEntries(filled!.state.preview[1]!.values.map((v) => [v.path, v.value]));
    expect(second).toMatchObject({
      'content.温度': 20,
      'content.状态': '铸态',
      'content.加载速率': 2,
      'content.化学成分[1].方法': 'ICP-AES',
    });
    expect(filled?.counts).toMatchObject(summary);
    expect(saved).toMatchObject({
      温度: { column: 'T (℃)', default: 20 },
      状态: { const: '铸态' },
      加载速率: 2,
      化学成分: { fromColumns: { columns: { C: 'C', Mn: 'Mn' }, label: '元素', value: '含量', set: { 方法: { const: 'ICP-AES' } } } },
    });
  });

  test("a range column of a table filled from a record's rows: its error column picked, then let go where it is blank", async () => {
    const csv = 'sample,two theta (°),fwhm,fwhm err\nS1,30.1,0.12,0.01\nS1,35.2,0.15,\nS2,30.2,0.11,0.02\n';
    const peaks = ['content', '衍射峰'];
    const width = [...peaks, 'fromRows', '半高宽'];
    const { seen, summary, saved } = await session(csv, [
      [
        ...META,
        { kind: 'set', path: ['groupBy'], value: ['sample'] },
        { kind: 'column', path: ['content', '编号'], column: 'sample' },
        { kind: 'constant', path: ['content', '温度'], value: '25' },
        { kind: 'constant', path: ['content', '状态'], value: '锻态' },
        { kind: 'tableSource', path: peaks, source: 'fromRows' },
        { kind: 'column', path: [...peaks, 'fromRows', '2θ'], column: 'two theta (°)' },
        { kind: 'column', path: width, column: 'fwhm' },
        { kind: 'column', path: width, part: 'err', column: 'fwhm err' },
      ],
      [{ kind: 'errOptional', path: width, on: true }],
    ]);
    const [strict, optional] = seen;
    const cell = strict!.state.fields.find((f) => f.name === '衍射峰')?.table?.cells.find((c) => c.name === '半高宽');
    expect(cell).toMatchObject({ column: 'fwhm', second: 'fwhm err', errOptional: false, rangeType: 'error' });
    // S1's second row has its width without an error: a problem of that record until errOptional.
    expect(strict?.counts).toMatchObject({ done: true, rows: 3, records: 2, valid: 1, invalid: 1, invalidByCode: { RANGE_SHAPE: 1 } });
    expect(optional?.counts).toMatchObject({ done: true, records: 2, valid: 2, invalid: 0 });
    const first = Object.fromEntries(optional!.state.preview[0]!.values.map((v) => [v.path, v.value]));
    expect(first).toMatchObject({ 'content.衍射峰[0].半高宽.err': 0.01, 'content.衍射峰[1].半高宽.val': 0.15 });
    expect(first['content.衍射峰[1].半高宽.err']).toBeUndefined();
    expect(optional?.counts).toMatchObject(summary);
    expect(saved['衍射峰']).toEqual({ fromRows: { '2θ': 'two theta (°)', 半高宽: { val: 'fwhm', err: 'fwhm err', errOptional: true } } });
  });
});
