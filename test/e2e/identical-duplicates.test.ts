import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, sampleLines } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** The steel sample's mapping with `duplicates: identical-ok`, written beside the test's files. */
async function identicalOkMapping(dir: string): Promise<string> {
  const text = await readFile(path.resolve('mappings/steel_strength.yaml'), 'utf8');
  const file = path.join(dir, 'identical-ok.yaml');
  await writeFile(file, `${text.trimEnd()}\nduplicates: identical-ok\n`);
  return file;
}

const validateArgs = (mapping: string, input: string): string[] => [
  'validate',
  '--template-file',
  path.resolve('samples/templates.json'),
  '--mapping',
  mapping,
  input,
  '--json',
];

interface Counts {
  readonly counts: Record<string, number>;
  readonly duplicate?: number;
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('rows repeated exactly in a published dataset (CLI, sandbox over HTTP)', () => {
  test(
    'without the option they are DUPLICATE_KEY naming it; with it they are counted duplicate and every command exits 0',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { header, rows } = await sampleLines();
        // The first 60 rows, then 20 of them again exactly: a dataset that holds 20 rows twice.
        const input = path.join(dir, 'steel.csv');
        await writeFile(input, [header, ...rows.slice(0, 60), ...rows.slice(10, 30), ''].join('\n'));
        const env = envFor(sandbox, dir);
        const plain = path.resolve('mappings/steel_strength.yaml');

        // Through the built CLI: the refusal's exit code and stderr as a shell sees them.
        const refused = await runCli(validateArgs(plain, input), env);
        expect(refused.code).toBe(1);
        const refusedJson = JSON.parse(refused.stdout) as {
          invalid: number;
          invalidByCode: Record<string, number>;
          problems: { message: string }[];
        };
        expect(refusedJson).toMatchObject({ invalid: 20, invalidByCode: { DUPLICATE_KEY: 20 } });
        expect(refusedJson.problems[0]!.message).toContain('by an identical row');
        expect(refusedJson.problems[0]!.message).toContain('duplicates: identical-ok');

        const mapping = await identicalOkMapping(dir);
        const ok = await inProcess(validateArgs(mapping, input), env);
        expect(ok.stderr).toBe('');
        expect(ok.code).toBe(0);
        expect(JSON.parse(ok.stdout)).toMatchObject({ records: 80, valid: 60, invalid: 0, duplicate: 20 });
        const text = await inProcess(
          validateArgs(mapping, input).filter((a) => a !== '--json'),
          env,
        );
        expect(text.code).toBe(0);
        expect(text.stdout).toContain('60 valid, 0 invalid, 20 duplicate');

        // A run without the option leaves 20 invalid rows; the run with it settles them.
        const report = path.join(dir, 'r.jsonl');
        const first = await inProcess(ingestArgs(input, report, '--json'), env);
        expect(first.code).toBe(1);
        expect((JSON.parse(first.stdout) as Counts).counts).toMatchObject({ uploaded: 60, invalid: 20 });
        expect((await inProcess(['report', report, '--json'], env)).code).toBe(1);

        const args = ingestArgs(input, report, '--json').map((a) => (a === path.resolve('mappings/steel_strength.yaml') ? mapping : a));
        const second = await inProcess(args, env);
        expect(second.code).toBe(0);
        expect(JSON.parse(second.stdout)).toMatchObject({ counts: { uploaded: 0, invalid: 0 }, duplicate: 20 });
        expect(sandbox.records()).toHaveLength(60);
        const lines = (await readFile(report, 'utf8'))
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>);
        const duplicates = lines.filter((l) => l['type'] === 'skipped' && l['why'] === 'duplicate');
        expect(duplicates).toHaveLength(20);
        // Under keys of their own: no duplicate's line is filed under a key a row uploaded under.
        const uploadedKeys = new Set(lines.filter((l) => l['type'] === 'uploaded').map((l) => l['key']));
        for (const d of duplicates) expect(uploadedKeys.has(d['key'])).toBe(false);

        const summary = await inProcess(['report', report, '--json'], env);
        expect(summary.code).toBe(0);
        expect(JSON.parse(summary.stdout)).toMatchObject({ counts: { uploaded: 60, invalid: 0, duplicate: 20 } });
        const again = await inProcess(args, env);
        expect(again.code).toBe(0);
        expect(sandbox.records()).toHaveLength(60);

        // A row with a key of the data but other content is still a DUPLICATE_KEY, option or not.
        const changed = rows[12]!.replace(/,([0-9.]+)\s*$/, (_m, n: string) => `,${Number(n) + 1}`);
        expect(changed).not.toBe(rows[12]);
        const mixed = path.join(dir, 'mixed.csv');
        await writeFile(mixed, [header, ...rows.slice(0, 60), ...rows.slice(10, 30), changed, ''].join('\n'));
        const fails = await inProcess(validateArgs(mapping, mixed), env);
        expect(fails.code).toBe(1);
        const failsJson = JSON.parse(fails.stdout) as {
          invalidByCode: Record<string, number>;
          duplicate: number;
          problems: { message: string }[];
        };
        expect(failsJson).toMatchObject({ invalidByCode: { DUPLICATE_KEY: 1 }, duplicate: 20 });
        expect(failsJson.problems[0]!.message).not.toContain('identical');
      }),
    120_000,
  );
});
