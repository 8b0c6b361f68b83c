import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import type { ReportLine, RunLine } from '../../src/report/report-lines.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, MAPPING, runCli, sampleCsv } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface JsonSummary {
  readonly counts: Record<string, number>;
  readonly exitCode: number;
  readonly stoppedEarly: boolean;
  readonly stoppedBy?: { readonly code: string; readonly limit: number };
}

const args = (mapping: string, input: string, report: string, ...extra: string[]): string[] => [
  'ingest',
  '--mapping',
  mapping,
  '--report',
  report,
  input,
  '--rate',
  '1000',
  '--concurrency',
  '8',
  ...extra,
];

/** A run through runCli in this process, what the bin runs; one refusal below goes through the built CLI. */
const inProcess = (argv: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(argv, { env });

async function runLines(report: string): Promise<RunLine[]> {
  const lines = (await readFile(report, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as ReportLine);
  return lines.filter((l): l is RunLine => l.type === 'run');
}

/** A copy of the steel mapping and `rows` sample rows, uploaded once to the sandbox: the history to protect. */
async function uploadedOnce(sandbox: Sandbox, dir: string, rows: number) {
  const input = await sampleCsv(dir, rows);
  const report = path.join(dir, 'nightly.report.jsonl');
  const text = await readFile(MAPPING, 'utf8');
  const mapping = path.join(dir, 'steel.yaml');
  await writeFile(mapping, text);
  const env = envFor(sandbox, dir);
  expect((await inProcess(args(mapping, input, report), env)).code).toBe(0);
  return { input, report, text, mapping, env };
}

describe('a mapping or template change is no reason to upload history again (CLI, sandbox over HTTP)', () => {
  test(
    'a one-word edit of meta.title stops a nightly --on-change upload run (exit 2, report untouched) until accepted once',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { input, report, text, mapping, env } = await uploadedOnce(sandbox, dir, 20);

        // Comments and layout are no change: the nightly run goes on and skips every row.
        await writeFile(
          mapping,
          `# reviewed\n${text.replace('title: "{formula} 拉伸性能"', "title:   '{formula} 拉伸性能'   # the record title")}`,
        );
        const layout = await inProcess(args(mapping, input, report, '--on-change', 'upload', '--json'), env);
        expect(layout.code).toBe(0);
        expect((JSON.parse(layout.stdout) as JsonSummary).counts).toMatchObject({ skipped: 20, uploaded: 0 });

        await writeFile(mapping, text.replace('拉伸性能', '力学性能'));
        const before = await readFile(report, 'utf8');
        // Through the built CLI: the refusal as a nightly job sees it (exit code, stderr).
        const stopped = await runCli(args(mapping, input, report, '--on-change', 'upload'), env);
        expect(stopped.code).toBe(2);
        expect(stopped.stderr).toMatch(
          /^error MAPPING_CHANGED: the mapping changed since .* 20 record\(s\) on the platform \(mapping: meta\.title\)/,
        );
        expect(stopped.stderr).toContain('--accept-mapping-change');
        expect(await readFile(report, 'utf8')).toBe(before);
        expect(sandbox.records()).toHaveLength(20);

        // Accepted once, with a cap on what may be uploaded again: the 6th changed row is not sent, and
        // the run stops early (exit 1: rows want a look; no error, nothing for a scheduler to retry).
        const capped = await inProcess(
          args(mapping, input, report, '--on-change', 'upload', '--accept-mapping-change', '--max-changes', '5', '--json'),
          env,
        );
        expect(capped.code).toBe(1);
        expect(capped.stderr).not.toContain('error ');
        expect(JSON.parse(capped.stdout) as JsonSummary).toMatchObject({
          counts: { uploaded: 5, changed: 1 },
          stoppedEarly: true,
          stoppedBy: { code: 'MAX_CHANGES_REACHED', limit: 5 },
          exitCode: 1,
        });
        expect(sandbox.records()).toHaveLength(25);
        const runs = await runLines(report);
        expect(runs.at(-1)).toMatchObject({ accepted: { mapping: ['meta.title'], template: [], rows: 20 } });
        const lastLine = JSON.parse((await readFile(report, 'utf8')).trimEnd().split('\n').at(-1)!) as ReportLine;
        expect(lastLine).toMatchObject({ type: 'summary', interrupted: false, stoppedBy: { code: 'MAX_CHANGES_REACHED', limit: 5 } });
        expect(lastLine).not.toHaveProperty('fatal');
        // `report` counts that run as unfinished: the rest of its input was never read.
        const summary = await inProcess(['report', report, '--json'], env);
        expect(summary.code).toBe(1);
        expect(JSON.parse(summary.stdout)).toMatchObject({
          unfinished: { why: 'stopped-early', stoppedBy: { code: 'MAX_CHANGES_REACHED', limit: 5 } },
        });

        // The accepting run is the new baseline: the same mapping does not stop again.
        const rest = await inProcess(args(mapping, input, report, '--on-change', 'upload', '--json'), env);
        expect(rest.code).toBe(0);
        expect((JSON.parse(rest.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 15, skipped: 5 });
        expect((await runLines(report)).at(-1)?.accepted).toBeUndefined();
      }),
    60_000,
  );

  test(
    'a changed key stops even the default --on-change report (every row would be new); a dry run stops the same way',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { input, report, text, mapping, env } = await uploadedOnce(sandbox, dir, 10);
        await writeFile(mapping, text.replace('key: [formula]', 'key: [formula, c]'));
        const stopped = await inProcess(args(mapping, input, report), env);
        expect(stopped.code).toBe(2);
        expect(stopped.stderr).toMatch(/MAPPING_CHANGED: .*\(mapping: key\): with another key every record is a new one/);
        const dry = await inProcess(args(mapping, input, report, '--dry-run'), env);
        expect(dry.code).toBe(2);
        expect(dry.stderr).toContain('error MAPPING_CHANGED');
        const planned = await inProcess(args(mapping, input, report, '--dry-run', '--accept-mapping-change', '--json'), env);
        expect(planned.code).toBe(0);
        expect(JSON.parse(planned.stdout)).toMatchObject({ plans: { upload: 10 } });
        // A dry run accepts nothing for later runs.
        expect((await inProcess(args(mapping, input, report), env)).code).toBe(2);
        expect(sandbox.records()).toHaveLength(10);
      }),
    60_000,
  );

  test(
    'a template field the mapping fills, redefined, stops the run naming the field (TEMPLATE_FIELDS_CHANGED)',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 5);
        const report = path.join(dir, 'template.report.jsonl');
        const samples = JSON.parse(await readFile('samples/templates.json', 'utf8')) as { templates: Record<string, any>[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
        const steel = samples.templates.find((t) => t['id'] === 201)!;
        const original = path.join(dir, 't201.json');
        await writeFile(original, JSON.stringify([steel]));
        const edited = JSON.parse(JSON.stringify(steel)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        edited['pub_date'] = '2024-09-01 08:00:00';
        // Required no more: the template's definition of a field the mapping fills changed.
        edited['content']['屈服强度']['r'] = false;
        // A new optional field the mapping does not fill changes no record.
        edited['content']['_ord'].push('备注');
        edited['content']['备注'] = { t: 1, r: false, misc: {} };
        const changed = path.join(dir, 't201-edited.json');
        await writeFile(changed, JSON.stringify([edited]));
        const env = envFor(sandbox, dir);
        expect((await inProcess(args(MAPPING, input, report, '--template-file', original), env)).code).toBe(0);
        const stopped = await inProcess(args(MAPPING, input, report, '--template-file', changed), env);
        expect(stopped.code).toBe(2);
        expect(stopped.stderr).toMatch(/^error TEMPLATE_FIELDS_CHANGED: .*\(template 201 field\(s\): 屈服强度\)/m);
        const accepted = await inProcess(
          args(MAPPING, input, report, '--template-file', changed, '--accept-mapping-change', '--json'),
          env,
        );
        expect(accepted.code).toBe(0);
        expect((await runLines(report)).at(-1)).toMatchObject({ accepted: { mapping: [], template: ['屈服强度'] } });
      }),
    60_000,
  );

  test(
    'a mapping without key warns (ingest and validate) that edited rows will be uploaded again',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 3);
        const mapping = path.join(dir, 'keyless.yaml');
        await writeFile(mapping, (await readFile(MAPPING, 'utf8')).replace('key: [formula]\n', ''));
        const env = envFor(sandbox, dir);
        const ingest = await inProcess(args(mapping, input, path.join(dir, 'keyless.report.jsonl')), env);
        expect(ingest.code).toBe(0);
        expect(ingest.stderr).toMatch(/^warning MAPPING_NO_KEY: .*uploaded again as a new record/m);
        const validate = await inProcess(['validate', '--mapping', mapping, input], env);
        expect(validate.code).toBe(0);
        expect(validate.stderr).toMatch(/^warning MAPPING_NO_KEY: /m);
        const keyed = await inProcess(['validate', '--mapping', MAPPING, input], env);
        expect(keyed.stderr).not.toContain('MAPPING_NO_KEY');
      }),
    60_000,
  );
});
