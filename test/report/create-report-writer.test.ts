import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMgeError } from '../../src/errors/mge-error.js';
import { createReportWriter } from '../../src/report/create-report-writer.js';
import { readReport } from '../../src/report/read-report.js';
import { tempDir } from './report-fixtures.js';

describe('createReportWriter', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('appends stamped lines in order, one JSON object per line, and reads back', async () => {
    const file = join(dir, 'report.jsonl');
    const writer = await createReportWriter(file, { clock: () => Date.parse('2026-11-23T07:00:00Z') });
    const writes = Array.from({ length: 50 }, (_, i) =>
      writer.write({ type: 'intent', key: `k${i}`, hash: 'h', location: { file: 'a.csv', row: i + 2 }, attempt: 1 }),
    );
    await Promise.all(writes);
    await writer.close();
    const text = await readFile(file, 'utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    expect(lines[0]!.startsWith('{"type":"intent","at":"2026-11-23T07:00:00.000Z"')).toBe(true);
    const { lines: read } = await readReport(file);
    expect(read.map((l) => ('key' in l ? l.key : ''))).toEqual(Array.from({ length: 50 }, (_, i) => `k${i}`));
  });

  test('appends to an existing report and keeps its lines', async () => {
    const file = join(dir, 'report.jsonl');
    await writeFile(file, '{"type":"skipped","at":"x","key":"a","hash":"h","location":{"file":"a.csv","row":2},"why":"uploaded"}\n');
    const writer = await createReportWriter(file);
    await writer.write({ type: 'skipped', key: 'b', hash: 'h', location: { file: 'a.csv', row: 3 }, why: 'uploaded' });
    await writer.sync();
    const { lines } = await readReport(file);
    await writer.close();
    expect(lines.map((l) => ('key' in l ? l.key : ''))).toEqual(['a', 'b']);
  });

  test('a write after close is refused; close twice is fine', async () => {
    const writer = await createReportWriter(join(dir, 'r.jsonl'));
    await writer.close();
    await writer.close();
    await expect(writer.write({ type: 'skipped', key: 'b', hash: 'h', location: { file: 'a.csv', row: 3 }, why: 'uploaded' })).rejects.toMatchObject({ code: 'REPORT_CLOSED' });
  });

  test('a report in a missing folder is REPORT_NOT_WRITABLE', async () => {
    const error = await createReportWriter(join(dir, 'nope', 'r.jsonl')).catch((e: unknown) => e);
    expect(isMgeError(error) && error.code).toBe('REPORT_NOT_WRITABLE');
  });
});
