import { copyFile, link, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { withSandbox } from '../helpers/with-sandbox.js';
import { envFor, MAPPING, sampleCsv, startCli } from './ingest-harness.js';

/** Runs the built CLI in `cwd` to its end. */
const runIn = (cwd: string, args: readonly string[], env: Record<string, string> = {}) => startCli(args, env, cwd).done;

describe('report outputs never replace what the report names (built CLI, sandbox over HTTP)', () => {
  test('every export onto an input or the mapping the report records, by name, symbolic or hard link, is OUTPUT_IS_INPUT (exit 2), the file unchanged', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      // The run names its files relative to its own folder, as a user in that folder would.
      await sampleCsv(dir, 40, 'in.csv');
      await copyFile(MAPPING, path.join(dir, 'm.yaml'));
      const ingest = await runIn(
        dir,
        ['ingest', '--mapping', 'm.yaml', '--report', 'r.jsonl', 'in.csv', '--rate', '1000', '--quiet'],
        envFor(sandbox, dir),
      );
      expect(ingest.code).toBe(0);
      const input = await readFile(path.join(dir, 'in.csv'));
      const mapping = await readFile(path.join(dir, 'm.yaml'));
      await symlink('m.yaml', path.join(dir, 'mapping-link.yaml'));
      await link(path.join(dir, 'in.csv'), path.join(dir, 'in-hard.csv'));

      const refused = async (cwd: string, args: readonly string[], option: string): Promise<void> => {
        const result = await runIn(cwd, args);
        expect({ args, code: result.code }).toEqual({ args, code: 2 });
        expect(result.stderr).toContain('error OUTPUT_IS_INPUT');
        expect(result.stderr).toContain(option);
        expect(await readFile(path.join(dir, 'in.csv'))).toEqual(input);
        expect(await readFile(path.join(dir, 'm.yaml'))).toEqual(mapping);
      };
      // In the run's folder, by the names the run line holds.
      await refused(dir, ['report', 'r.jsonl', '--failed-out', 'in.csv'], '--failed-out');
      await refused(dir, ['report', 'r.jsonl', '--html', 'm.yaml'], '--html');
      await refused(dir, ['report', 'r.jsonl', '--uploaded-out', 'in.csv'], '--uploaded-out');
      await refused(dir, ['report', 'r.jsonl', '--changed-out', 'in.csv'], '--changed-out');
      await refused(dir, ['report', 'r.jsonl', '--annotate', 'm.yaml'], '--annotate');
      // Through a hard link and a symbolic link.
      await refused(dir, ['report', 'r.jsonl', '--failed-out', 'in-hard.csv'], '--failed-out');
      await refused(dir, ['report', 'r.jsonl', '--html', 'mapping-link.yaml'], '--html');
      // From another folder: the run line's relative names are found beside the report.
      const elsewhere = process.cwd();
      await refused(elsewhere, ['report', path.join(dir, 'r.jsonl'), '--failed-out', path.join(dir, 'in.csv')], '--failed-out');
      await refused(elsewhere, ['report', path.join(dir, 'r.jsonl'), '--html', path.join(dir, 'mapping-link.yaml')], '--html');
      // Several reports: any of them names the file.
      await copyFile(path.join(dir, 'r.jsonl'), path.join(dir, 'r2.jsonl'));
      await refused(dir, ['report', 'r.jsonl', 'r2.jsonl', '--failed-out', 'in.csv'], '--failed-out');

      // validate and ingest check their own inputs and mapping on the command line.
      await refused(dir, ['validate', '--sandbox', '--mapping', 'm.yaml', 'in.csv', '--html', 'mapping-link.yaml'], '--html');
      await refused(dir, ['validate', '--sandbox', '--mapping', 'm.yaml', 'in.csv', '--errors', 'in-hard.csv'], '--errors');

      // Any other name is written.
      const other = await runIn(dir, ['report', 'r.jsonl', '--failed-out', 'failed.csv', '--html', 'r.html']);
      expect(other.code).toBe(0);
    });
  }, 120_000);
});
