import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, MAPPING, sampleCsv, startCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** A drop folder with a clean file and one whose second row has a yield strength that is no number. */
async function dropFolder(dir: string): Promise<{ drop: string; clean: string; broken: string }> {
  const drop = path.join(dir, 'drop');
  await mkdir(drop);
  const clean = await sampleCsv(drop, 5, 'clean.csv');
  const lines = (await readFile(await sampleCsv(dir, 10, 'source.csv'), 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
  const column = lines[0]!.split(',').indexOf('yield strength');
  const broken = path.join(drop, 'broken.csv');
  await writeFile(
    broken,
    `${[lines[0], ...lines.slice(6, 11)]
      .map((line, i) =>
        i === 2
          ? line!
              .split(',')
              .map((c, j) => (j === column ? 'n/a' : c))
              .join(',')
          : line,
      )
      .join('\n')}\n`,
  );
  return { drop, clean, broken };
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('ingest --move-done DIR (CLI, sandbox over HTTP)', () => {
  test(
    'a file whose every row is uploaded is moved; a file with an invalid row stays; the next run reads only what stayed',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { drop } = await dropFolder(dir);
        const done = path.join(dir, 'done');
        const report = path.join(dir, 'r.jsonl');
        const first = await inProcess(ingestArgs(drop, report, '--move-done', done, '--json'), envFor(sandbox, dir));
        expect(first.code).toBe(1);
        const summary = JSON.parse(first.stdout) as { moved: { moved: { file: string; to: string }[] } };
        expect(summary.moved.moved.map((m) => path.basename(m.to))).toEqual(['clean.csv']);
        expect(await readdir(done)).toEqual(['clean.csv']);
        expect(await readdir(drop)).toEqual(['broken.csv']);
        expect(sandbox.records()).toHaveLength(9);

        // The file fixed in place: its rows upload (the invalid one) or skip as uploaded; then it moves too.
        const fixed = (await readFile(path.join(drop, 'broken.csv'), 'utf8')).replace(',n/a,', ',1000,');
        await writeFile(path.join(drop, 'broken.csv'), fixed);
        const second = await inProcess(ingestArgs(drop, report, '--move-done', done, '--json'), envFor(sandbox, dir));
        expect(second.code).toBe(0);
        expect((JSON.parse(second.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ uploaded: 1, skipped: 4 });
        expect((await readdir(done)).sort()).toEqual(['broken.csv', 'clean.csv']);
        expect(await readdir(drop)).toEqual([]);
        expect(sandbox.records()).toHaveLength(10);

        // An empty drop folder: nothing to do, nothing moved.
        const third = await inProcess(ingestArgs(drop, report, '--move-done', done), envFor(sandbox, dir));
        expect(third.code).toBe(0);
      }),
    60_000,
  );

  test('a name already in the folder is never replaced: the file moved gets the next free name', () =>
    withSandbox({}, async (sandbox, dir) => {
      const drop = path.join(dir, 'drop');
      await mkdir(drop);
      const done = path.join(dir, 'done');
      await mkdir(done);
      await writeFile(path.join(done, 'night.csv'), 'an earlier night\n');
      await sampleCsv(drop, 3, 'night.csv');
      const run = await inProcess(ingestArgs(drop, path.join(dir, 'r.jsonl')), { ...envFor(sandbox, dir), MGE_MOVE_DONE: done });
      expect(run.code).toBe(0);
      expect((await readdir(done)).sort()).toEqual(['night.1.csv', 'night.csv']);
      expect(await readFile(path.join(done, 'night.csv'), 'utf8')).toBe('an earlier night\n');
      expect((await readFile(path.join(done, 'night.1.csv'), 'utf8')).split('\n')).toHaveLength(5);
    }));

  test(
    'nothing moves after a run that did not read every input to its end, nor in a dry run; with --shard it is refused (exit 2)',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { drop } = await dropFolder(dir);
        const done = path.join(dir, 'done');
        const report = path.join(dir, 'r.jsonl');
        const dry = await inProcess(ingestArgs(drop, path.join(dir, 'dry.jsonl'), '--move-done', done, '--dry-run'), envFor(sandbox, dir));
        expect(dry.code).toBe(1);
        // --max-errors 1 stops at the invalid row of broken.csv, which is read first: clean.csv is never reached.
        const stopped = await inProcess(ingestArgs(drop, report, '--move-done', done, '--max-errors', '1'), envFor(sandbox, dir));
        expect(stopped.code).toBe(1);
        expect(stopped.stdout).toContain('MAX_ERRORS_REACHED');
        const sharded = await inProcess(
          ingestArgs(drop, path.join(dir, 's.jsonl'), '--move-done', done, '--shard', '0/2'),
          envFor(sandbox, dir),
        );
        expect(sharded.code).toBe(2);
        expect(sharded.stderr).toContain('MOVE_DONE_SHARDED');
        expect((await readdir(drop)).sort()).toEqual(['broken.csv', 'clean.csv']);
        await expect(readdir(done)).rejects.toThrow();
      }),
    60_000,
  );

  test(
    "--move-done naming the input's own folder (., or a link to it) is refused before any work: in.csv is never renamed",
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const env = envFor(sandbox, dir);
        await sampleCsv(dir, 5, 'in.csv');
        await symlink('.', path.join(dir, 'here'));
        for (const folder of ['.', dir, 'here', 'here/']) {
          const args = ['ingest', '--mapping', MAPPING, '--report', 'r.jsonl', 'in.csv', '--rate', '0', '--move-done', folder];
          const result = await startCli(args, env, dir).done;
          expect([folder, result.code, /^error (\w+)/m.exec(result.stderr)?.[1]]).toEqual([folder, 2, 'MOVE_DONE_INPUT_FOLDER']);
          expect(result.stderr).toMatch(/is the folder the input .*in\.csv is in/);
        }
        expect((await readdir(dir)).filter((f) => f.endsWith('.csv'))).toEqual(['in.csv']);
        expect(sandbox.records()).toHaveLength(0);
      }),
    60_000,
  );
});
