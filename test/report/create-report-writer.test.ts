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

  test('puts type then at first whatever order a line was built in, and keeps every member', async () => {
    const file = join(dir, 'report.jsonl');
    const writer = await createReportWriter(file, { clock: () => Date.parse('2026-11-23T07:00:00.123Z') });
    const built = { type: 'skipped', key: 'a"b\u2028', hash: 'h', location: { file: 'a.csv', row: 2 }, why: 'uploaded', id: 7 } as const;
    const reordered = { key: 'c', hash: 'h', location: { file: 'a.csv', row: 3 }, why: 'uploaded', type: 'skipped' } as const;
    await Promise.all([writer.write(built), writer.write(reordered)]);
    await writer.close();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => l.slice(0, 49))).toEqual(Array(2).fill('{"type":"skipped","at":"2026-11-23T07:00:00.123Z"'));
    expect(JSON.parse(lines[0]!)).toEqual({ ...built, at: '2026-11-23T07:00:00.123Z' });
    expect(JSON.parse(lines[1]!)).toEqual({ ...reordered, at: '2026-11-23T07:00:00.123Z' });
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
    await expect(
      writer.write({ type: 'skipped', key: 'b', hash: 'h', location: { file: 'a.csv', row: 3 }, why: 'uploaded' }),
    ).rejects.toMatchObject({ code: 'REPORT_CLOSED' });
  });

  test('a report in a missing folder is REPORT_NOT_WRITABLE', async () => {
    const error = await createReportWriter(join(dir, 'nope', 'r.jsonl')).catch((e: unknown) => e);
    expect(isMgeError(error) && error.code).toBe('REPORT_NOT_WRITABLE');
  });
});
