import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, sampleCsv } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface Line {
  readonly type: string;
  readonly key?: string;
  readonly id?: number;
  readonly code?: string;
  readonly reason?: string;
  readonly fatal?: string;
}

async function linesOf(report: string): Promise<Line[]> {
  return (await readFile(report, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

/** Every id of an `uploaded` line, and the keys that claim it, when more than one does. */
function sharedIds(lines: readonly Line[]): Map<number, string[]> {
  const byId = new Map<number, string[]>();
  for (const l of lines) if (l.type === 'uploaded' && l.id !== undefined) byId.set(l.id, [...(byId.get(l.id) ?? []), l.key ?? '']);
  return new Map([...byId].filter(([, keys]) => keys.length > 1));
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('a platform that answers an id it gave before (CLI, sandbox over HTTP)', () => {
  test(
    'every answer repeats the first id: one row uploaded, the rest uncertain PROTOCOL_ERROR; the breaker counts them',
    () =>
      withSandbox({ repeatIdRate: 1, seed: 3 }, async (sandbox, dir) => {
        const input = await sampleCsv(dir, 30);
        const report = path.join(dir, 'r.jsonl');
        // Through the built CLI (exit code and output as a shell sees them); the other runs in this process.
        const run = await runCli(ingestArgs(input, report, '--max-uncertain-streak', '100', '--json'), envFor(sandbox, dir));
        expect(run.code).toBe(1);
        // Every row was stored (under an id of its own), but only one answer was its own record's.
        expect(sandbox.records()).toHaveLength(30);
        const lines = await linesOf(report);
        expect(sharedIds(lines)).toEqual(new Map());
        expect(lines.filter((l) => l.type === 'uploaded')).toHaveLength(1);
        const uncertain = lines.filter((l) => l.type === 'uncertain');
        expect(uncertain).toHaveLength(29);
        for (const l of uncertain) expect(l).toMatchObject({ code: 'PROTOCOL_ERROR', reason: `repeated id ${sandbox.records()[0]!.id}` });
        const shown = await inProcess(['report', report], {});
        expect(shown.code).toBe(1);
        expect(shown.stdout).toContain('PROTOCOL_ERROR');

        // The circuit breaker counts a repeated id as an unknown outcome.
        const stopped = path.join(dir, 'stopped.jsonl');
        const streak = await inProcess(ingestArgs(input, stopped, '--max-uncertain-streak', '3', '--json'), envFor(sandbox, dir));
        expect(streak.code).toBe(3);
        expect(streak.stderr).toContain('error UNCERTAIN_STREAK');
        expect((await linesOf(stopped)).at(-1)).toMatchObject({ type: 'summary', fatal: 'UNCERTAIN_STREAK' });
      }),
    60_000,
  );

  test(
    'across a resume: an id an earlier run holds for another key is not a success',
    () =>
      withSandbox({}, async (clean, dir) => {
        const report = path.join(dir, 'r.jsonl');
        expect((await inProcess(ingestArgs(await sampleCsv(dir, 10, 'ten.csv'), report), envFor(clean, dir))).code).toBe(0);
        // Another platform (or a proxy in front of it) whose ids start over and that answers its first one again.
        await withSandbox({ repeatIdRate: 1, firstId: 1 }, async (repeating) => {
          const input = await sampleCsv(dir, 15, 'fifteen.csv');
          const run = await inProcess(ingestArgs(input, report, '--json'), envFor(repeating, dir));
          expect(run.code).toBe(1);
          expect(repeating.records()).toHaveLength(5);
          expect((JSON.parse(run.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ uploaded: 0, uncertain: 5 });
          const lines = await linesOf(report);
          expect(sharedIds(lines)).toEqual(new Map());
          const uncertain = lines.filter((l) => l.type === 'uncertain');
          expect(uncertain.map((l) => l.code)).toEqual(Array(5).fill('PROTOCOL_ERROR'));
        });
      }),
    60_000,
  );
});
