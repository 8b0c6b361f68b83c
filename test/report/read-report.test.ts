import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMgeError } from '../../src/errors/mge-error.js';
import { createReportWriter } from '../../src/report/create-report-writer.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { readReport } from '../../src/report/read-report.js';
import { tempDir } from './report-fixtures.js';

const line = (key: string) =>
  JSON.stringify({ type: 'uploaded', at: 'x', key, hash: 'h', location: { file: 'a.csv', row: 2 }, id: 1, attempts: 1, ms: 1 });

describe('readReport', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('a missing report is empty', async () => {
    const result = await readReport(join(dir, 'none.jsonl'));
    expect(result).toEqual({ lines: [], warnings: [], exists: false });
  });

  test('a torn last line is a warning, and repair cuts it so appending stays valid', async () => {
    const file = join(dir, 'r.jsonl');
    await writeFile(file, `${line('a')}\n${line('b')}\n${line('c').slice(0, 25)}`);
    const first = await readReport(file);
    expect(first.lines).toHaveLength(2);
    expect(first.warnings).toEqual([{ code: 'REPORT_TORN_LAST_LINE', file, line: 3, repaired: false }]);
    expect((await readReport(file, { repair: true })).warnings).toEqual([{ code: 'REPORT_TORN_LAST_LINE', file, line: 3, repaired: true }]);
    const writer = await createReportWriter(file);
    await writer.write({ type: 'skipped', key: 'd', hash: 'h', location: { file: 'a.csv', row: 5 }, why: 'uploaded' });
    await writer.close();
    const again = await readReport(file);
    expect(again.warnings).toEqual([]);
    expect(again.lines.map((l) => ('key' in l ? l.key : ''))).toEqual(['a', 'b', 'd']);
  });

  test('a complete last line without its newline is kept, and repair adds the newline', async () => {
    const file = join(dir, 'r.jsonl');
    await writeFile(file, `${line('a')}\n${line('b')}`);
    const result = await readReport(file, { repair: true });
    expect(result.lines).toHaveLength(2);
    expect(result.warnings.map((w) => w.code)).toEqual(['REPORT_MISSING_NEWLINE']);
    expect((await readFile(file, 'utf8')).endsWith('}\n')).toBe(true);
  });

  test('NUL bytes left by a crash at the end are torn, not corrupt', async () => {
    const file = join(dir, 'r.jsonl');
    await writeFile(file, Buffer.concat([Buffer.from(`${line('a')}\n`), Buffer.alloc(40)]));
    const result = await readReport(file, { repair: true });
    expect(result.lines).toHaveLength(1);
    expect((await readFile(file)).length).toBe(line('a').length + 1);
  });

  test.each([
    ['not JSON', '{"type":"uploaded",'],
    ['not an object', '[1,2]'],
    ['an unknown type', '{"type":"wat","at":"x"}'],
    ['a row line without a key', '{"type":"uploaded","at":"x","hash":"h","location":{"file":"a","row":1}}'],
  ])('%s before the last line is REPORT_CORRUPT with its line number', async (_name, bad) => {
    const file = join(dir, 'r.jsonl');
    await writeFile(file, `${line('a')}\n${bad}\n${line('c')}\n`);
    const error = await readReport(file).catch((e: unknown) => e);
    expect(isMgeError(error, 'source')).toBe(true);
    expect(isMgeError(error) && error.code).toBe('REPORT_CORRUPT');
    expect(isMgeError(error) && error.location).toEqual({ file, row: 2 });
  });

  test('lines are split on bytes, so multi-byte text across read chunks survives', async () => {
    const file = join(dir, 'r.jsonl');
    const big = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({
        type: 'skipped',
        at: 'x',
        key: `牌号-${i}-屈服强度`,
        hash: 'h',
        location: { file: '数据.csv', row: i },
        why: 'uploaded',
      }),
    );
    await writeFile(file, `${big.join('\n')}\n`);
    const { state, warnings } = await loadReportState(file, { whole: true });
    expect(warnings).toEqual([]);
    expect(state.keys.size).toBe(3000);
    expect(state.keys.has('牌号-2999-屈服强度')).toBe(true);
  });
});
