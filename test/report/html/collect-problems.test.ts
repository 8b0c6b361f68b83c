import { createProblemCollector } from '../../../src/report/html/collect-problems.js';
import type { RowProblem } from '../../../src/template/record-types.js';

const problem = (row: number, code: string, field: string | undefined): RowProblem => ({
  code,
  message: 'm',
  location: { file: 'data.csv', sheet: undefined, row, column: 'B', cell: `B${row}` },
  field,
  expected: undefined,
  found: 'x',
});

describe('createProblemCollector', () => {
  test('keeps the first `limit` problems and counts all of them by field and code, most first', () => {
    const collector = createProblemCollector(3);
    for (let row = 2; row < 8; row++) {
      collector.addRowProblems(
        [problem(row, 'VALUE_NOT_A_NUMBER', 'content.a'), ...(row % 2 === 0 ? [problem(row, 'REQUIRED_MISSING', 'content.b')] : [])],
        { key: `k${row}`, hash: 'h' },
      );
    }
    collector.add({
      status: 'failed',
      file: 'data.csv',
      sheet: undefined,
      row: 9,
      cell: undefined,
      header: undefined,
      field: undefined,
      code: 'PLATFORM_ERROR',
      expected: undefined,
      found: undefined,
      message: 'HTTP 422',
      key: undefined,
    });
    const view = collector.view('hint');
    expect(view.total).toBe(10);
    expect(view.rows.map((r) => [r.row, r.code])).toEqual([
      [2, 'VALUE_NOT_A_NUMBER'],
      [2, 'REQUIRED_MISSING'],
      [3, 'VALUE_NOT_A_NUMBER'],
    ]);
    expect(view.byCode).toEqual([
      { value: 'VALUE_NOT_A_NUMBER', count: 6, records: 6 },
      { value: 'REQUIRED_MISSING', count: 3, records: 3 },
      { value: 'PLATFORM_ERROR', count: 1, records: 1 },
    ]);
    expect(view.byField).toEqual([
      { value: 'content.a', count: 6, records: 6 },
      { value: 'content.b', count: 3, records: 3 },
      { value: '', count: 1, records: 1 },
    ]);
    expect(view.allRowsHint).toBe('hint');
  });

  test('a key that is the record hash (no key in the mapping) is not shown', () => {
    const collector = createProblemCollector(10);
    collector.addRowProblems([problem(2, 'X', 'f')], { key: 'abc', hash: 'abc' });
    collector.addRowProblems([problem(3, 'X', 'f')], { key: 'S001', hash: 'abc' }, (f) => `in/${f}`);
    expect(collector.view('').rows.map((r) => [r.key, r.file])).toEqual([
      [undefined, 'data.csv'],
      ['S001', 'in/data.csv'],
    ]);
  });

  test('counts the records of each code and field once, however many problems of it a record has', () => {
    const collector = createProblemCollector(10);
    collector.addRowProblems([problem(2, 'VALUE_NOT_A_NUMBER', 'content.a'), problem(2, 'VALUE_NOT_A_NUMBER', 'content.b')], {
      key: 'k2',
      hash: 'h',
    });
    collector.addRowProblems([problem(3, 'VALUE_NOT_A_NUMBER', 'content.a')], { key: 'k3', hash: 'h' });
    const view = collector.view('hint');
    expect(view.byCode).toEqual([{ value: 'VALUE_NOT_A_NUMBER', count: 3, records: 2 }]);
    expect(view.byField).toEqual([
      { value: 'content.a', count: 2, records: 2 },
      { value: 'content.b', count: 1, records: 1 },
    ]);
  });
});
