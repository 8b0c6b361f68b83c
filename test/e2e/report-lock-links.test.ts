import { link, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { audit, envFor, ingestedSample, MAPPING, runCli, sampleCsv, startCli, storedAtLeast } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

const ROWS = 40;

/**
 * Starts `ingest` on `first`, and once it has stored a record, `ingest` on `second` (another name of
 * the same report): the second is refused, the first finishes, and every row is stored once.
 */
async function secondNameRefused(make: (dir: string, report: string) => Promise<string>, latencyMs = 30): Promise<void> {
  await withSandbox({ latencyMs }, async (sandbox, dir, storeFile) => {
    const input = await sampleCsv(dir, ROWS);
    const report = path.join(dir, 'r.jsonl');
    const other = await make(dir, report);
    const env = envFor(sandbox, dir);
    // 10 rows a second: the first run holds the lock for about 4 s, ample for the second to start and meet it.
    const first = startCli(['ingest', '--mapping', MAPPING, '--report', report, input, '--concurrency', '1', '--rate', '10'], env);
    await storedAtLeast(sandbox, 1, first);
    const second = await runCli(['ingest', '--mapping', MAPPING, '--report', other, input, '--concurrency', '1'], env);
    expect([second.code, /^error (\w+)/m.exec(second.stderr)?.[1]]).toEqual([2, 'REPORT_LOCKED']);
    expect((await first.done).code).toBe(0);
    // Both runs let go of the machine's lock (envFor's XDG_RUNTIME_DIR): the refused one of what it took.
    expect(await readdir(path.join(dir, 'run', 'mge-ingest'))).toEqual([]);
    const a = await audit(storeFile, report);
    expect([a.stored, a.duplicates, a.missing, a.unaccounted]).toEqual([ROWS, [], [], []]);
    expect(a.byStatus).toEqual({ uploaded: ROWS });
  });
}

describe('the report lock belongs to the file, not to the name (built CLI, sandbox over HTTP)', () => {
  test(
    'a run through a symbolic link to a report another run writes is refused (exit 2); each row is stored once',
    () =>
      // The link is made before the report exists: the run through it creates the file it points at.
      secondNameRefused(async (dir, report) => {
        const other = path.join(dir, 'via-symlink.jsonl');
        await symlink(path.basename(report), other);
        return other;
      }),
    60_000,
  );

  test(
    'a run through a hard link of a report another run writes is refused (exit 2); each row is stored once',
    () =>
      secondNameRefused(async (dir, report) => {
        await writeFile(report, '');
        const other = path.join(dir, 'hard-link.jsonl');
        await link(report, other);
        return other;
      }),
    60_000,
  );

  test(
    'a run through a hard link in another folder is refused too (exit 2): the machine lock finds the file; each row is stored once',
    () =>
      secondNameRefused(async (dir, report) => {
        await writeFile(report, '');
        await mkdir(path.join(dir, 'elsewhere'));
        const other = path.join(dir, 'elsewhere', 'r.jsonl');
        await link(report, other);
        return other;
      }),
    60_000,
  );

  test(
    'report compact through a symbolic link compacts the file it leads to and leaves the link a link',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { env, report } = await ingestedSample(sandbox, dir);
        const sub = path.join(dir, 'via.jsonl');
        await symlink('r.jsonl', sub);
        const compacted = await runCli(['report', 'compact', sub], env);
        expect(compacted.code).toBe(0);
        expect((await lstat(sub)).isSymbolicLink()).toBe(true);
        expect(await readlink(sub)).toBe('r.jsonl');
        const types = (await readFile(report, 'utf8'))
          .trimEnd()
          .split('\n')
          .map((l) => (JSON.parse(l) as { type: string }).type);
        expect(types.filter((t) => t === 'state')).toHaveLength(5);
        expect(types).not.toContain('uploaded');
        const summary = await runCli(['report', sub], env);
        expect(summary.code).toBe(0);
      }),
    60_000,
  );

  test(
    'report compact of a report with another hard link is refused (exit 2): a rename would part the two names',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { env, report } = await ingestedSample(sandbox, dir);
        const other = path.join(dir, 'hard-link.jsonl');
        await link(report, other);
        const text = await readFile(report, 'utf8');
        const refused = await runCli(['report', 'compact', other], env);
        expect([refused.code, /^error (\w+)/m.exec(refused.stderr)?.[1]]).toEqual([2, 'REPORT_HARD_LINKED']);
        expect((await stat(report)).ino).toBe((await stat(other)).ino);
        expect(await readFile(report, 'utf8')).toBe(text);
      }),
    60_000,
  );
});
