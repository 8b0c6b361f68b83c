import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { envFor, ingestArgs, runCli, SAMPLE, tempDir } from './ingest-harness.js';

describe('report command (built CLI)', () => {
  test('counts and errors by code; --failed-out rows, fixed and fed back to ingest, upload', async () => {
    const dir = await tempDir();
    const sandbox = await startSandbox();
    try {
      const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
      // Two yield strengths a curator mistyped.
      const broken = rows
        .slice(0, 12)
        .map((line, i) => (i === 3 || i === 8 ? line.replace(/,([\d.]+),([\d.]+),([\d.]+)(\r?)$/, ',n/a,$2,$3$4') : line));
      const input = path.join(dir, 'typos.csv');
      await writeFile(input, [header, ...broken, ''].join('\n'));
      const report = path.join(dir, 'typos.report.jsonl');
      const logFile = path.join(dir, 'nightly.log');
      expect((await runCli(ingestArgs(input, report, '--log-file', logFile), envFor(sandbox, dir))).code).toBe(1);
      const log = (await readFile(logFile, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string });
      expect(log.map((l) => l.msg)).toEqual(['ingest started', 'row invalid', 'row invalid', 'ingest finished']);

      const failedOut = path.join(dir, 'failed.csv');
      const shown = await runCli(['report', report, '--json', '--failed-out', failedOut], {});
      expect(shown.code).toBe(1);
      const json = JSON.parse(shown.stdout) as {
        counts: Record<string, number>;
        errors: { code: string; count: number }[];
        failedOut: { rows: number };
      };
      expect(json.counts).toMatchObject({ uploaded: 10, invalid: 2 });
      expect(json.errors.map((e) => [e.code, e.count])).toEqual([['VALUE_NOT_A_NUMBER', 2]]);
      expect(json.failedOut.rows).toBe(2);

      const exported = await readFile(failedOut, 'utf8');
      const lines = exported.trimEnd().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/,yield strength,tensile strength,elongation,_status,_file,_sheet,_row,_cells,_codes,_errors$/);
      await writeFile(failedOut, exported.replaceAll(',n/a,', ',1234.5,'));
      const refed = await runCli(ingestArgs(failedOut, report, '--json'), envFor(sandbox, dir));
      expect(refed.code).toBe(0);
      expect((JSON.parse(refed.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ uploaded: 2 });

      const after = await runCli(['report', report], {});
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/uploaded\s+12/);
      expect(sandbox.records()).toHaveLength(12);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  test('a report that does not exist is a usage error (exit 2)', async () => {
    const result = await runCli(['report', path.join(await tempDir(), 'none.jsonl')], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error REPORT_NOT_FOUND');
  }, 30_000);
});
