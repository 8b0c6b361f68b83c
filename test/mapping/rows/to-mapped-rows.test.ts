import { readFileSync } from 'node:fs';
import { compileMapping } from '../../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { toMappedRows } from '../../../src/mapping/rows/to-mapped-rows.js';
import { openTable } from '../../../src/sources/open-table.js';
import type { SourceHeader, SourceRow } from '../../../src/sources/source-types.js';
import { rowsFromArrays } from '../../helpers/read-table-for-tests.js';
import { sampleTemplate } from '../../helpers/templates-for-tests.js';
import { collect, fromArray } from '../../helpers/iterables.js';

const root = new URL('../../../', import.meta.url);
const { spec } = loadMapping(
  readFileSync(new URL('mappings/ucsb_thermoelectrics.yaml', root), 'utf8'),
  'mappings/ucsb_thermoelectrics.yaml',
);
let table: { header: SourceHeader; rows: SourceRow[] };
let compiled: ReturnType<typeof compileMapping>;

beforeAll(async () => {
  const source = await openTable(new URL('samples/ucsb_thermoelectrics.csv', root).pathname);
  const rows = await collect(source.rows());
  await source.close();
  table = { header: source.header, rows };
  compiled = compileMapping(prepareMapping(spec, sampleTemplate(spec.template)), table.header);
});

/** A row source that counts what its consumer asks of it. */
function counted(rows: readonly SourceRow[]): { iterable: AsyncIterable<SourceRow>; pulled: () => number; closed: () => number } {
  let pulled = 0;
  let closed = 0;
  const iterable: AsyncIterable<SourceRow> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => (pulled < rows.length ? { done: false, value: rows[pulled++]! } : { done: true, value: undefined }),
      return: async () => {
        closed++;
        return { done: true, value: undefined };
      },
    }),
  };
  return { iterable, pulled: () => pulled, closed: () => closed };
}

describe('toMappedRows without groupBy', () => {
  it('maps every row once, in order', async () => {
    const source = counted(table.rows.slice(0, 5));
    const numbers: number[] = [];
    for await (const mapped of toMappedRows(source.iterable, compiled)) numbers.push(mapped.location.row);
    expect(numbers).toEqual(table.rows.slice(0, 5).map((r) => r.rowNumber));
    expect(source.closed()).toBe(0);
  });

  it('closes the reader when the consumer stops early, and pulls no further row', async () => {
    const source = counted(table.rows.slice(0, 5));
    for await (const mapped of toMappedRows(source.iterable, compiled)) if (mapped.location.row > 0) break;
    expect(source.pulled()).toBe(1);
    expect(source.closed()).toBe(1);
  });

  it('closes the reader before a mapping failure reaches the consumer', async () => {
    const broken = {
      ...compiled,
      mapRows: () => {
        throw new RangeError('boom');
      },
    };
    const source = counted(table.rows.slice(0, 5));
    const read = async (): Promise<void> => {
      for await (const mapped of toMappedRows(source.iterable, broken)) expect(mapped).toBeUndefined();
    };
    await expect(read()).rejects.toThrow(RangeError);
    expect(source.closed()).toBe(1);
  });
});

describe('meta problems', () => {
  it('carry the column, cell and header of the meta value, the empty placeholder of a text template first', async () => {
    const { spec: metaSpec } = loadMapping(
      `version: 1
template: 103
meta:
  title: T
  abstract: "{名称} ({批次})"
  keywords: {column: kw}
  source: {source: "10", methods: [experiment]}
content:
  材料名称: 名称
  抗拉强度: 强度
  试样方向: {const: L}
`,
      'm.yaml',
    );
    const { header, rows } = rowsFromArrays('m.csv', ['名称', '强度', '批次', 'kw'], [['Ti-6Al-4V', '950', null, null]]);
    const mapped = compileMapping(prepareMapping(metaSpec, sampleTemplate(103)), header);
    const out = await collect(toMappedRows(fromArray(rows), mapped));
    expect(out[0]!.problems.map((p) => [p.code, p.location.cell, p.location.header])).toEqual([
      ['META_BLANK', 'C2', '批次'],
      ['META_KEYWORDS', 'D2', 'kw'],
    ]);
  });
});
