import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { loadReportState } from '../../src/report/load-report-state.js';
import { readReport } from '../../src/report/read-report.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { audit, envFor, ingestArgs, runCli, SAMPLE, sampleLines, startCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface JsonSummary {
  readonly counts: Record<string, number>;
  readonly exitCode: number;
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('resuming ingest (CLI, sandbox over HTTP)', () => {
  test(
    'commit-then-500: rows end uncertain, are not re-sent by default, and are re-sent with --retry-uncertain',
    () =>
      withSandbox({ commitThenFailRate: 0.2, seed: 3 }, async (sandbox, dir, storeFile) => {
        const { header, rows } = await sampleLines();
        const input = path.join(dir, 'in.csv');
        await writeFile(input, [header, ...rows.slice(0, 40), ''].join('\n'));
        const report = path.join(dir, 'r.jsonl');
        const first = await inProcess(ingestArgs(input, report, '--json'), envFor(sandbox, dir));
        expect(first.code).toBe(1);
        const uncertain = (JSON.parse(first.stdout) as JsonSummary).counts['uncertain'] ?? 0;
        expect(uncertain).toBeGreaterThan(0);
        expect(sandbox.records()).toHaveLength(40);

        const again = await inProcess(ingestArgs(input, report, '--json'), envFor(sandbox, dir));
        expect(again.code).toBe(1);
        expect((JSON.parse(again.stdout) as JsonSummary).counts).toMatchObject({ skipped: 40, uploaded: 0 });
        expect(sandbox.records()).toHaveLength(40);

        await inProcess(ingestArgs(input, report, '--retry-uncertain', '--max-retries', '0'), envFor(sandbox, dir));
        expect(sandbox.records()).toHaveLength(40 + uncertain);
        const a = await audit(storeFile, report);
        expect(a.duplicates).toHaveLength(uncertain);
        expect(a.missing).toEqual([]);
      }),
    60_000,
  );

  test(
    'inputs named relatively are named so in the report; the same command from the same folder resumes by key',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { header, rows } = await sampleLines();
        await writeFile(path.join(dir, 'rel.csv'), [header, ...rows.slice(0, 5), ''].join('\n'));
        const args = ingestArgs('rel.csv', 'rel.report.jsonl', '--json');
        expect((await startCli(args, envFor(sandbox, dir), dir).done).code).toBe(0);
        const again = await startCli(args, envFor(sandbox, dir), dir).done;
        expect((JSON.parse(again.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 0, skipped: 5 });
        const lines = (await readFile(path.join(dir, 'rel.report.jsonl'), 'utf8'))
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { type: string; location?: { file: string }; inputs?: { file: string }[] });
        // A row line names its input by its index in the run line, which names it as given.
        expect(new Set(lines.flatMap((l) => (l.location ? [l.location.file] : [])))).toEqual(new Set<unknown>([0]));
        expect(
          new Set((await readReport(path.join(dir, 'rel.report.jsonl'))).lines.flatMap((l) => ('location' in l ? [l.location.file] : []))),
        ).toEqual(new Set(['rel.csv']));
        expect(lines.filter((l) => l.type === 'run').map((l) => l.inputs?.[0]?.file)).toEqual(['rel.csv', 'rel.csv']);
        expect(sandbox.records()).toHaveLength(5);
      }),
    60_000,
  );

  test(
    'nightly: a grown file uploads only its new rows; an edited row is reported, and uploaded with --on-change upload',
    () =>
      withSandbox({}, async (sandbox, dir, storeFile) => {
        const { header, rows } = await sampleLines();
        const input = path.join(dir, 'nightly.csv');
        const report = path.join(dir, 'nightly.report.jsonl');
        await writeFile(input, [header, ...rows.slice(0, 30), ''].join('\n'));
        expect((await inProcess(ingestArgs(input, report), envFor(sandbox, dir))).code).toBe(0);

        // Next night: three rows appended and the elongation of row 5 corrected.
        const edited = rows.slice(0, 30);
        edited[4] = (edited[4] ?? '').replace(/,[^,\r]*(\r?)$/, ',99.5$1');
        await writeFile(input, [header, ...edited, ...rows.slice(30, 33), ''].join('\n'));
        const logFile = path.join(dir, 'nightly.log');
        const second = await inProcess(ingestArgs(input, report, '--json', '--log-file', logFile), envFor(sandbox, dir));
        // A changed row was not uploaded: not "all good", and the nightly log says which.
        expect(second.code).toBe(1);
        const log = (await readFile(logFile, 'utf8'))
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { msg: string; row?: { location: { row: number } } });
        expect(log.filter((l) => l.msg === 'row changed').map((l) => l.row?.location.row)).toEqual([6]);
        expect((JSON.parse(second.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 3, skipped: 29, changed: 1 });
        expect(JSON.parse(second.stdout)).toMatchObject({ notUploaded: 1, toCheck: { changed: 1, failed: 0, uncertain: 0, invalid: 0 } });
        expect(sandbox.records()).toHaveLength(33);
        const listed = await inProcess(['report', report, '--json'], {});
        expect(listed.code).toBe(1);
        const changed = (JSON.parse(listed.stdout) as { changed: { key: string }[] }).changed;
        // The record it differs from: the one stored for its key (the formula) on the first night.
        const formula = (JSON.parse(changed[0]?.key ?? '[]') as string[])[0];
        const firstId = sandbox.records().find((r) => r.body.content['化学式'] === formula)?.id;
        expect(firstId).toEqual(expect.any(Number));
        expect(changed).toEqual([
          {
            key: expect.any(String),
            hash: expect.any(String),
            oldHash: expect.any(String),
            oldId: firstId,
            location: { file: input, row: 6 },
          },
        ]);
        const text = await inProcess(['report', report], {});
        expect(text.stdout).toMatch(/Changed records[^\n]*\n.*where\s+differs from record\s+key/);
        expect(text.stdout).toMatch(new RegExp(`nightly\\.csv row 6\\s+${firstId}\\s`));

        const third = await inProcess(ingestArgs(input, report, '--json', '--on-change', 'upload'), envFor(sandbox, dir));
        expect(third.code).toBe(0);
        expect((JSON.parse(third.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 1, skipped: 32, changed: 0 });
        expect((await inProcess(['report', report], {})).code).toBe(0);
        const a = await audit(storeFile, report);
        expect(a.stored).toBe(34);
        expect(a.byStatus).toEqual({ uploaded: 33 });
        expect(a.duplicates).toEqual([]);
      }),
    60_000,
  );

  test(
    'a second run on a report another live run holds refuses with REPORT_LOCKED (exit 2) and sends nothing',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const report = path.join(dir, 'locked.report.jsonl');
        await writeFile(`${report}.lock`, JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }));
        // The built CLI: the lock's holder (this process) is another live process, as the test says.
        const result = await runCli(ingestArgs(SAMPLE, report), envFor(sandbox, dir));
        expect(result.code).toBe(2);
        expect(result.stderr).toContain('error REPORT_LOCKED');
        expect(sandbox.records()).toHaveLength(0);
      }),
    30_000,
  );

  test(
    'on resume, a second row of an uploaded key is a DUPLICATE_KEY naming the first, even with --on-change upload',
    () =>
      withSandbox({}, async (sandbox, dir, storeFile) => {
        const { header, rows } = await sampleLines();
        const input = path.join(dir, 'nightly.csv');
        await writeFile(input, [header, ...rows.slice(0, 10), ''].join('\n'));
        const report = path.join(dir, 'nightly.report.jsonl');
        expect((await inProcess(ingestArgs(input, report), envFor(sandbox, dir))).code).toBe(0);
        // Two edits of the row at line 4, appended: each alone would be a change to upload.
        const edited = (elongation: string): string => [...(rows[2] ?? '').split(',').slice(0, -1), elongation].join(',');
        await writeFile(input, [header, ...rows.slice(0, 10), edited('31.5'), edited('32.5'), ''].join('\n'));
        const again = await inProcess(ingestArgs(input, report, '--on-change', 'upload', '--json'), envFor(sandbox, dir));
        expect(again.code).toBe(1);
        expect((JSON.parse(again.stdout) as JsonSummary).counts).toMatchObject({ skipped: 10, invalid: 2, uploaded: 0 });
        expect(sandbox.records()).toHaveLength(10);
        const { state } = await loadReportState(report, { whole: true });
        const invalid = [...state.keys.values()].filter((e) => e.status === 'invalid');
        expect(invalid.map((e) => [e.problems?.[0]?.code, e.location.row])).toEqual([
          ['DUPLICATE_KEY', 12],
          ['DUPLICATE_KEY', 13],
        ]);
        expect(invalid.every((e) => e.problems?.[0]?.message.includes('nightly.csv:4'))).toBe(true);
        const a = await audit(storeFile, report);
        expect(a.duplicates).toEqual([]);
      }),
    30_000,
  );

  test(
    '--dry-run posts nothing, reports a duplicate key as invalid, and leaves the report ready for the real run',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { header, rows } = await sampleLines();
        const input = path.join(dir, 'dup.csv');
        await writeFile(input, [header, ...rows.slice(0, 20), rows[2] ?? '', ''].join('\n'));
        const report = path.join(dir, 'dry.report.jsonl');
        const dry = await inProcess(ingestArgs(input, report, '--dry-run', '--json'), envFor(sandbox, dir));
        expect(dry.code).toBe(1);
        expect((JSON.parse(dry.stdout) as JsonSummary).counts).toMatchObject({ skipped: 20, invalid: 1, uploaded: 0 });
        expect(sandbox.stats().byStatus[201]).toBeUndefined();
        const { state } = await loadReportState(report, { whole: true });
        const invalid = [...state.keys.values()].filter((e) => e.status === 'invalid');
        expect(invalid.map((e) => [e.problems?.[0]?.code, e.location.row])).toEqual([['DUPLICATE_KEY', 22]]);

        const real = await inProcess(ingestArgs(input, report, '--json'), envFor(sandbox, dir));
        expect(real.code).toBe(1);
        expect((JSON.parse(real.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 20, invalid: 1 });
        expect(sandbox.records()).toHaveLength(20);
      }),
    30_000,
  );
});
