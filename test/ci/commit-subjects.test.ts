import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { makeTempDir } from '../helpers/temp-dir.js';

const SCRIPT = path.resolve('scripts/check-commit-subjects.mjs');

/** A repository of one commit with this subject; the check's own starting commit is not in it. */
async function repoWithSubject(subject: string): Promise<string> {
  const dir = await makeTempDir('mge-subjects-');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: dir });
  git('init', '--quiet');
  git('commit', '--quiet', '--allow-empty', '-m', subject);
  return dir;
}

test.each([
  ['72 characters pass', 'x'.repeat(70) + 'é±', 0],
  ['73 characters fail', 'x'.repeat(71) + 'é±', 1],
])('a subject of %s (characters, not bytes)', async (_name, subject, status) => {
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: await repoWithSubject(subject), encoding: 'utf8' });
  expect(run.stderr).toEqual(status === 0 ? '' : expect.stringContaining('subject of 73 characters (at most 72)'));
  expect(run.status).toBe(status);
});
