import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';
import { limitErrors } from '../../../src/pipeline/stages/limit-errors.js';
import { row } from '../../upload/upload-fixtures.js';
import { collect } from '../../helpers/iterables.js';

/** Rows whose pulls and closing are recorded. */
function source(rows: readonly MappedRow[]) {
  const seen = { pulled: 0, closed: false };
  async function* generate(): AsyncGenerator<MappedRow> {
    try {
      for (const r of rows) {
        seen.pulled += 1;
        yield r;
      }
    } finally {
      seen.closed = true;
    }
  }
  return { rows: generate(), seen };
}

async function keys(rows: AsyncIterable<MappedRow>): Promise<string[]> {
  return (await collect(rows)).map((r) => r.key);
}

describe('limitErrors: the one --max-errors stage', () => {
  const input = [row('a'), row('b', { invalid: true }), row('c'), row('d', { invalid: true }), row('e'), row('f', { invalid: true })];

  test('hands on the rows up to and with the N-th invalid one, then ends and closes the input', async () => {
    const { rows, seen } = source(input);
    const limit = limitErrors(rows, 2);
    expect(limit.stopped()).toBeUndefined();
    expect(await keys(limit.rows)).toEqual(['a', 'b', 'c', 'd']);
    expect(limit.stopped()).toEqual({ code: 'MAX_ERRORS_REACHED', limit: 2 });
    expect(seen).toEqual({ pulled: 4, closed: true });
  });

  test('an input with fewer invalid rows is read to its end, and no stop is reported', async () => {
    const { rows, seen } = source(input);
    const limit = limitErrors(rows, 3 + 1);
    expect(await keys(limit.rows)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect([limit.stopped(), seen.closed]).toEqual([undefined, true]);
  });

  test('without a limit the rows pass untouched: no stage in between', () => {
    const { rows } = source(input);
    const limit = limitErrors(rows, undefined);
    expect(limit.rows).toBe(rows);
    expect(limit.stopped()).toBeUndefined();
  });
});
