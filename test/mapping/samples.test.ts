import { readFileSync } from 'node:fs';
import { compileMapping } from '../../src/mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../src/mapping/check/prepare-mapping.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import type { MappedRow } from '../../src/mapping/rows/mapped-row.js';
import { toMappedRows } from '../../src/mapping/rows/to-mapped-rows.js';
import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import { recordHash } from '../../src/mapping/rows/record-hash.js';
import { openTable } from '../../src/sources/open-table.js';
import type { SourceOptions } from '../../src/sources/source-options.js';
import type { SourceHeader, SourceRow } from '../../src/sources/source-types.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';
import { collect, fromArray } from '../helpers/iterables.js';

const root = new URL('../../', import.meta.url);

/** A sample read whole with the product's reader. */
async function readSample(file: string, options: SourceOptions = {}): Promise<{ header: SourceHeader; rows: SourceRow[] }> {
  const table = await openTable(new URL(file, root).pathname, options);
  return { header: table.header, rows: await collect(table.rows()) };
}

async function run(mappingFile: string, table: { header: SourceHeader; rows: SourceRow[] }): Promise<MappedRow[]> {
  const { spec } = loadMapping(readFileSync(new URL(mappingFile, root), 'utf8'), mappingFile);
  const compiled = compileMapping(prepareMapping(spec, sampleTemplate(spec.template)), table.header);
  return collect(toMappedRows(fromArray(table.rows), compiled));
}

function invalid(rows: MappedRow[]): unknown[] {
  // Records are built already canonical, so the fast hash equals the canonical one.
  for (const r of rows.slice(0, 50)) {
    expect(JSON.stringify(r.record)).toBe(canonicalJson(r.record));
    expect(r.hash).toBe(recordHash(r.record));
  }
  return rows
    .filter((r) => r.problems.length > 0)
    .slice(0, 3)
    .map((r) => r.problems);
}

describe('samples map and validate cleanly', () => {
  it('steel_strength.csv with template 201: composition table from element columns', async () => {
    const table = await readSample('samples/steel_strength.csv');
    const rows = await run('mappings/steel_strength.yaml', table);
    expect(rows).toHaveLength(312);
    expect(invalid(rows)).toEqual([]);
    const first = rows[0]!.record!;
    expect(first.content['屈服强度']).toBe(2411.5);
    expect((first.content['化学成分'] as unknown[])[0]).toEqual({ 元素: 'C', 含量: 0.02 });
    // n is 0.0 in the first steel: a zero is a value, so it stays; only empty cells are skipped.
    expect((first.content['化学成分'] as unknown[]).length).toBe(13);
    expect(rows[0]!.key).toBe(JSON.stringify([String(table.rows[0]!.values[1])]));
  });

  it('ucsb_thermoelectrics.csv with template 202: header units converted, DOI extracted, choice mapped', async () => {
    const rows = await run('mappings/ucsb_thermoelectrics.yaml', await readSample('samples/ucsb_thermoelectrics.csv'));
    expect(rows).toHaveLength(1093);
    expect(invalid(rows)).toEqual([]);
    const first = rows[0]!.record!;
    expect(first.content['电阻率']).toBeCloseTo(1.240099, 9);
    expect(first.content['测试温度']).toBeCloseTo(126.85, 9);
    expect(first.content['电导率']).toBeCloseTo(80639, 6);
    expect(first.content['结晶性']).toBe('多晶');
    expect(first.meta.doi).toBe('10.1016/j.jallcom.2008.02.041');
  });

  it('steel_composition_rows.xlsx with template 203: two-row header, table from grouped rows, range from one cell', async () => {
    // The reader settings come from the mapping's input section, as the real reader will get them.
    const { input } = loadMapping(readFileSync(new URL('mappings/steel_composition_rows.yaml', root), 'utf8'), 'x.yaml').spec;
    expect(input).toEqual({ sheet: 1, headerRow: 2, headerRows: 2 });
    const table = await readSample('samples/steel_composition_rows.xlsx', input);
    expect(table.header.names).toEqual([
      '样品 / 编号',
      '样品 / 化学式',
      '化学成分 / 元素',
      '化学成分 / 含量 (wt.%)',
      '力学性能 / 强度区间 (MPa)',
      '力学性能 / 延伸率 (%)',
    ]);
    const rows = await run('mappings/steel_composition_rows.yaml', table);
    expect(rows).toHaveLength(24);
    expect(invalid(rows)).toEqual([]);
    const first = rows[0]!;
    expect(first.key).toBe('["S001"]');
    expect(first.rowNumbers.length).toBeGreaterThan(1);
    expect(first.record!.content['强度区间']).toEqual({ lb: 2411.5, ub: 2473.5 });
    expect(first.record!.meta.keywords).toEqual(['steel', 'composition', 'strength']);
  });
});
