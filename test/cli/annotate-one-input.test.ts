import { access, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { runCliInProcess } from './run-cli-in-process.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = path.resolve('.');

test('validate --annotate with two inputs is refused before the error file or the copy is made', async () => {
  const dir = await makeTempDir('mge-annotate-one-');
  for (const name of ['a.csv', 'b.csv']) await copyFile(path.join(root, 'samples/steel_strength.csv'), path.join(dir, name));
  const run = await runCliInProcess(
    [
      'validate',
      '--sandbox',
      '--mapping',
      path.join(root, 'mappings/steel_strength.yaml'),
      '--errors',
      'e.csv',
      '--annotate',
      'out.xlsx',
      'a.csv',
      'b.csv',
    ],
    { cwd: dir, env: { XDG_CACHE_HOME: path.join(dir, 'cache') } },
  );
  expect(run.stderr).toMatch(/^error ANNOTATE_ONE_INPUT: --annotate copies one input/m);
  expect(run.code).toBe(2);
  await expect(access(path.join(dir, 'e.csv'))).rejects.toThrow(/ENOENT/);
  await expect(access(path.join(dir, 'out.xlsx'))).rejects.toThrow(/ENOENT/);
});
