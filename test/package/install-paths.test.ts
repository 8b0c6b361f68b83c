/**
 * The README's "Getting mge-ingest on your PATH" table, row by row, each into a global prefix of its own
 * in a temp folder (never the machine's): `npm install -g .`, `npm link`, and from the git repository
 * `npm pack <git URL>` then a global install of the tarball (the release tarball row is
 * install-from-tarball.test.ts; the container row is dockerfile.test.ts).
 */
import { spawn } from 'node:child_process';
import { access, lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeTempDir } from '../helpers/temp-dir.js';

const checkout = process.cwd();
const quick = ['--prefer-offline', '--no-audit', '--no-fund'];

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The installed command answers `--help` with the command list, and a Tab of the shell completion,
 * from the answers the build wrote beside it (dist/cli/start-answers.json).
 */
async function expectWorkingCommand(prefix: string, cwd: string): Promise<void> {
  const bin = path.join(prefix, 'bin', 'mge-ingest');
  const [help, completion] = await Promise.all([run(bin, ['--help'], cwd), run(bin, ['--get-yargs-completions', 'mge-ingest', 'va'], cwd)]);
  expect(help.stderr).toBe('');
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^mge-ingest <command> \[options\]/);
  expect(completion.code).toBe(0);
  expect(completion.stdout.split('\n')).toContain('validate');
  await access(path.join(prefix, 'lib', 'node_modules', 'mge-ingest', 'dist', 'cli', 'start-answers.json'));
}

describe("the README's ways of getting mge-ingest on the PATH", () => {
  // dist/ is built by the test command, and `npm ci` has run in the checkout: what the rows ask first.
  // The prepare script's build from the sources is exercised by the git row below.
  test.each([
    ['npm install -g .', ['install', '--global', '.']],
    ['npm link', ['link']],
  ])(
    '%s links the checkout into the prefix: a working command that follows the checkout',
    async (_row, args) => {
      const dir = await makeTempDir('mge-link-');
      const prefix = path.join(dir, 'prefix');
      // The prefix from the environment: `npm link --prefix` would take it for the package's folder.
      const linked = await run('npm', [...args, '--ignore-scripts', ...quick], checkout, { npm_config_prefix: prefix });
      expect(linked.stderr).not.toMatch(/npm error/);
      // npm 11 warns of `prepare` unless scripts are left out (README).
      expect(linked.stderr).not.toMatch(/allowScripts/);
      expect(linked.code).toBe(0);
      // A symlink to the checkout, as the README says: it breaks when the clone moves or goes.
      const installed = path.join(prefix, 'lib', 'node_modules', 'mge-ingest');
      expect((await lstat(installed)).isSymbolicLink()).toBe(true);
      expect(await realpath(installed)).toBe(await realpath(checkout));
      await expectWorkingCommand(prefix, dir);
    },
    120_000,
  );

  // npm prepares a git dependency by installing its dev dependencies into the clone and running
  // `prepare` there, which builds dist/ with that typescript; the tarball then installs as a release.
  test('npm pack <git URL> builds a tarball that installs a working command', async () => {
    const dir = await makeTempDir('mge-git-');
    const repo = path.join(dir, 'repo');
    const cloned = await run('git', ['clone', '--quiet', '--no-hardlinks', checkout, repo], dir);
    expect(cloned.code).toBe(0);
    const packed = await run('npm', ['pack', `git+${pathToFileURL(repo).href}`, '--pack-destination', dir, ...quick], dir);
    expect(packed.stderr).not.toMatch(/npm error/);
    expect(packed.code).toBe(0);
    const [tarball] = (await readdir(dir)).filter((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^mge-ingest-.*\.tgz$/);
    const prefix = path.join(dir, 'prefix');
    const installed = await run(
      'npm',
      ['install', '--global', '--ignore-scripts', '--prefix', prefix, path.join(dir, tarball!), ...quick],
      dir,
    );
    expect(installed.code).toBe(0);
    expect(installed.stderr).not.toMatch(/allowScripts/);
    expect((await lstat(path.join(prefix, 'lib', 'node_modules', 'mge-ingest'))).isSymbolicLink()).toBe(false);
    await expectWorkingCommand(prefix, dir);
  }, 600_000);
});
