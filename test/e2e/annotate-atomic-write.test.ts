import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { MAPPING, sampleLines, startCli, tempDir } from './ingest-harness.js';

/** `validate --sandbox` arguments that annotate `input` into `out` (no platform: the sandbox's templates). */
const validateArgs = (input: string, out: string): string[] => [
  'validate',
  '--sandbox',
  '--mapping',
  MAPPING,
  input,
  '--annotate',
  out,
  '--quiet',
];

/** The line with its yield strength (column P) no number. */
const broken = (line: string): string =>
  line
    .replace(/\r$/, '')
    .split(',')
    .map((c, j) => (j === 15 ? 'n/a' : c))
    .join(',');

/** A CSV of `copies` times the sample's rows, every third yield strength no number: a problem on each. */
async function bigCsv(dir: string, copies: number): Promise<string> {
  const { header, rows } = await sampleLines();
  const lines: string[] = [header];
  for (let c = 0; c < copies; c++) rows.forEach((line, i) => lines.push(i % 3 === 0 ? broken(line) : line));
  const file = path.join(dir, 'big.csv');
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

describe('--annotate is written beside its target and renamed (built CLI)', () => {
  test('a folder that does not exist is ANNOTATE_FILE_UNWRITABLE, exit 2, before any work (validate and report)', async () => {
    const dir = await tempDir();
    const { header, rows } = await sampleLines();
    const input = path.join(dir, 'in.csv');
    await writeFile(input, [header, ...rows.slice(0, 5), ''].join('\n'));
    const out = path.join(dir, 'missing', 'checked.xlsx');
    const validated = await runBuiltCli(validateArgs(input, out));
    expect(validated.code).toBe(2);
    expect(validated.stderr).toContain('error ANNOTATE_FILE_UNWRITABLE');

    const report = path.join(dir, 'r.jsonl');
    await writeFile(report, '');
    const reported = await runBuiltCli(['report', report, '--annotate', out]);
    expect(reported.code).toBe(2);
    expect(reported.stderr).toContain('error ANNOTATE_FILE_UNWRITABLE');
    // A file where the folder should be.
    const underFile = await runBuiltCli(validateArgs(input, path.join(input, 'checked.xlsx')));
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain('error ANNOTATE_FILE_UNWRITABLE');
  }, 60_000);

  test('a kill -9 while the copy is written leaves a good copy already there whole; the next write clears the partial file', async () => {
    const dir = await tempDir();
    const outDir = path.join(dir, 'out');
    await mkdir(outDir);
    const out = path.join(outDir, 'checked.xlsx');
    const { header, rows } = await sampleLines();
    const small = path.join(dir, 'small.csv');
    await writeFile(small, [header, ...rows.slice(0, 20).map((l, i) => (i === 2 ? broken(l) : l)), ''].join('\n'));
    expect((await runBuiltCli(validateArgs(small, out))).code).toBe(1);
    const good = await readFile(out);
    expect(good.subarray(0, 2).toString('latin1')).toBe('PK');

    const big = await bigCsv(dir, 200);
    const run = startCli(validateArgs(big, out), {});
    // The copy goes to a hidden file in the target's folder, never to the target itself.
    let partial: string | undefined;
    let ended = false;
    void run.done.then(() => (ended = true));
    while (partial === undefined && !ended) {
      partial = (await readdir(outDir)).find((name) => name !== 'checked.xlsx');
      if (partial === undefined) await sleep(2);
    }
    expect(partial).toMatch(/^\.checked\.xlsx\.\d+\.partial$/);
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.code).toBe(137);
    expect(await readFile(out)).toEqual(good);

    // The next write of the copy removes what the killed one left, and renames its own over the old.
    expect((await runBuiltCli(validateArgs(small, out))).code).toBe(1);
    expect(await readdir(outDir)).toEqual(['checked.xlsx']);
  }, 120_000);
});
