import { assembleTable } from '../../src/sources/assemble-table.js';
import { openTable } from '../../src/sources/open-table.js';
import type { RawRow } from '../../src/sources/raw-row.js';
import type { InferredCell } from '../../src/sources/source-types.js';
import { fixture, readAll } from './read-all.js';

const date = (raw: number): InferredCell => ({ kind: 'date', raw, format: 'yyyy-mm-dd' });

async function* batches(rows: RawRow[]): AsyncGenerator<RawRow[]> {
  yield await Promise.resolve(rows);
}

describe('cells typed by their number format (SourceRow.inferred)', () => {
  test('assembleTable aligns them with the header as it aligns percent flags, dropping those outside the table', async () => {
    // Column A has no header name (it stays, as an index column would); column E lies right of the header.
    const rows: RawRow[] = [
      { rowNumber: 1, cells: [null, 'name', 'made', 'share'], issues: undefined },
      {
        rowNumber: 2,
        cells: [null, 'a', { kind: 'date', iso: '2024-03-15' }, 0.075],
        issues: undefined,
        percent: [false, false, false, true],
        inferred: [undefined, undefined, date(45366), { kind: 'percent', raw: 0.075, format: '0.0%' }],
      },
      {
        rowNumber: 3,
        cells: [null, 'b', null, null, 7],
        issues: undefined,
        inferred: [undefined, undefined, undefined, undefined, date(7)],
      },
      { rowNumber: 4, cells: [null, 'c'], issues: undefined },
    ];
    const table = await assembleTable(
      { file: 't.xlsx', sheet: 'S', rows: batches(rows), merges: undefined, close: async () => undefined },
      { headerRow: 1 },
    );
    const read = await readAll(table);
    expect(read[0]!.inferred).toEqual([undefined, undefined, date(45366), { kind: 'percent', raw: 0.075, format: '0.0%' }]);
    expect(read[0]!.percent).toEqual([false, false, false, true]);
    // Row 3's only typed cell is its ragged value in column E, outside the table.
    expect(read[1]!.inferred).toBeUndefined();
    expect('inferred' in read[2]!).toBe(false);
  });

  test('the xlsx reader types dates, percents, durations and bad dates by format; escaped units stay numbers', async () => {
    const read = await readAll(await openTable(fixture('foreign/number-formats.xlsx')));
    const typed = read.map((r) => [r.values[0], r.inferred?.[1]]);
    expect(typed).toEqual([
      ['mm', undefined],
      ['s', undefined],
      ['d', undefined],
      ['mpa', undefined],
      ['percent', { kind: 'percent', raw: 0.075, format: '0.0%' }],
      ['duration', { kind: 'duration', raw: expect.closeTo(1.5104166, 6) as number, format: '[h]:mm:ss' }],
      ['negative-date', { kind: 'date', raw: -1, format: 'yyyy-mm-dd' }],
    ]);
  });

  test.each(['dates-1904.xlsx', 'dates-1904.xls'])('%s: each date cell says its serial and format', async (name) => {
    const read = await readAll(await openTable(fixture(`foreign/${name}`)));
    expect(read.map((r) => r.inferred?.[1]?.raw)).toEqual([
      -1446,
      -1402,
      -1401,
      1,
      43904,
      expect.closeTo(43904.5729, 4),
      expect.closeTo(0.2708, 4),
    ]);
    expect(read.every((r) => r.inferred?.[1]?.kind === 'date')).toBe(true);
  });

  test.each(['foreign/dates-1904.ods', 'ods-cells/cells.ods'])('%s: ODF types its cells itself, so none is inferred', async (name) => {
    const read = await readAll(await openTable(fixture(name)));
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((r) => r.inferred === undefined)).toBe(true);
  });
});
