import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isMgeError } from '../../src/errors/mge-error.js';
import { exportFailedRows } from '../../src/report/export-failed-rows.js';
import { foldReport } from '../../src/report/fold-report.js';
import { FIX_COLUMNS } from '../../src/report/open-fix-file.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { L, tempDir } from './report-fixtures.js';

const AT = 'x';
const tricky: ReportLine = {
  type: 'failed',
  at: AT,
  key: 'q',
  hash: 'h',
  location: { file: 'data.csv', row: 3 },
  code: 'PLATFORM_ERROR',
  retryable: false,
  status: 422,
  platformCode: 2102,
  detail: 'field "抗拉强度" is missing',
  attempts: 1,
  sourceValues: {
    id: 'q',
    牌号: 'GH4169, "forged"',
    备注: 'line1\nline2',
    日期: { kind: 'date', iso: '2024-01-01' },
    空: null,
    error: 'x',
  },
};

const lines: ReportLine[] = [
  L.run(),
  L.intent('a', 'h'),
  L.uploaded('a', 'h', 1),
  L.invalid('e', 'h', 7),
  tricky,
  L.intent('f', 'h', 1, 5),
  L.uncertain('f', 'h', 5),
  L.intent('k', 'h', 1, 9),
];

describe('exportFailedRows', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('CSV with a BOM: the input columns plus the error columns validate --errors writes too, quoted, sorted by row, round-trips through a CSV parser', async () => {
    const out = join(dir, 'fix.csv');
    const result = await exportFailedRows(foldReport(lines), out);
    expect(result.rows).toBe(4);
    const bytes = await readFile(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse<Record<string, string>>(bytes, { bom: true, columns: true });
    expect(Object.keys(records[0]!)).toEqual(['id', '牌号', '备注', '日期', '空', 'error', '温度', ...FIX_COLUMNS]);
    expect(records.map((r) => r.id)).toEqual(['q', 'f', 'e', '']);
    expect(records[0]).toMatchObject({ 牌号: 'GH4169, "forged"', 备注: 'line1\nline2', 日期: '2024-01-01', 空: '', error: 'x' });
    expect(records.map((r) => [r._status, r._file, r._row, r._codes])).toEqual([
      ['failed', 'data.csv', '3', 'PLATFORM_ERROR'],
      ['uncertain', expect.any(String), '5', expect.any(String)],
      ['invalid', expect.any(String), '7', 'VALUE_NOT_A_NUMBER'],
      ['uncertain', expect.any(String), '9', 'NO_OUTCOME'],
    ]);
    expect(records[0]!._errors).toContain('2102');
  });

  test('JSON lines keep typed values', async () => {
    const out = join(dir, 'fix.jsonl');
    await exportFailedRows(foldReport(lines), out);
    const rows = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatchObject({ status: 'uncertain', row: 5, sourceValues: { id: 'f', 温度: 700 } });
    expect(rows[0]).toMatchObject({ status: 'failed', codes: ['PLATFORM_ERROR'] });
    expect(rows[0].sourceValues.日期).toEqual({ kind: 'date', iso: '2024-01-01' });
  });

  test('an unknown extension is ERRORS_FILE_EXTENSION', async () => {
    const error = await exportFailedRows(foldReport(lines), join(dir, 'fix.txt')).catch((e: unknown) => e);
    expect(isMgeError(error, 'usage') && error.code).toBe('ERRORS_FILE_EXTENSION');
  });

  test('an unwritable target is ERRORS_FILE_UNWRITABLE', async () => {
    const error = await exportFailedRows(foldReport(lines), join(dir, 'missing', 'fix.csv')).catch((e: unknown) => e);
    expect(isMgeError(error) && error.code).toBe('ERRORS_FILE_UNWRITABLE');
  });
});
