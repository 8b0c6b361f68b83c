import { spawn } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from '../helpers/temp-dir.js';

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

describe('the package as npm installs it', () => {
  // npm pack, then a global install of the tarball into a fresh prefix: what a user of a release gets.
  test('the packed tarball installs a working mge-ingest command, samples and schema included', async () => {
    const dir = await makeTempDir('mge-pack-');
    // dist/ is built by the test command; the pack need not build it again.
    const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], process.cwd());
    expect(packed.code).toBe(0);
    const [tarball] = (await readdir(dir)).filter((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^mge-ingest-.*\.tgz$/);
    const prefix = path.join(dir, 'prefix');
    const installed = await run(
      'npm',
      [
        'install',
        '--global',
        '--ignore-scripts',
        '--prefix',
        prefix,
        path.join(dir, tarball!),
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
      ],
      dir,
    );
    expect(installed.code).toBe(0);
    // The README's command: the tarball has dist/ built, so npm runs no script and (npm 11) warns of none.
    expect(installed.stderr).not.toMatch(/allowScripts/);
    const bin = path.join(prefix, 'bin', 'mge-ingest');
    const [help, demo] = await Promise.all([
      run(bin, ['--help'], dir),
      run(
        bin,
        [
          'validate',
          '--sandbox',
          '--mapping',
          path.join(prefix, 'lib', 'node_modules', 'mge-ingest', 'mappings', 'steel_strength.yaml'),
          path.join(prefix, 'lib', 'node_modules', 'mge-ingest', 'samples', 'steel_strength.csv'),
        ],
        dir,
        { XDG_CACHE_HOME: path.join(dir, 'cache') },
      ),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^mge-ingest <command> \[options\]/);
    expect(help.stdout).toContain('mge-ingest preview');
    // What --help and the shell completion answer without loading yargs comes in the tarball.
    await access(path.join(prefix, 'lib', 'node_modules', 'mge-ingest', 'dist', 'cli', 'start-answers.json'));
    expect(demo.code).toBe(0);
    expect(demo.stdout).toMatch(/312 record\(s\): 312 valid, 0 invalid/);
  }, 300_000);
});
