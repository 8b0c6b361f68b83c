import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_CLI, runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('mge-completion-');
// The completion script calls `mge-ingest` by name, as an installed command is called.
const bin = join(dir, 'bin');
const shim = join(bin, 'mge-ingest');
mkdirSync(bin);
writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
chmodSync(shim, 0o755);

/** What bash's completion offers for `words`, the cursor on the last one, with the script `mge-ingest completion` printed. */
function bashCompletes(words: readonly string[]): Promise<string[]> {
  const script = `source <(mge-ingest completion); COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _mge-ingest_yargs_completions; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: dir, SHELL: '/bin/bash' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && err === '' ? resolve(out.split('\n').filter((l) => l !== '')) : reject(new Error(`bash exit ${String(code)}: ${err}`)),
    );
  });
}

describe('mge-ingest completion', () => {
  test("bash: the printed script completes commands, subcommands and a command's own options", async () => {
    const [commands, sub, options, preview] = await Promise.all([
      bashCompletes(['mge-ingest', 'va']),
      bashCompletes(['mge-ingest', 'templates', '']),
      bashCompletes(['mge-ingest', 'validate', '--map']),
      bashCompletes(['mge-ingest', 'preview', '--ro']),
    ]);
    expect(commands).toEqual(['validate']);
    expect(sub.sort()).toEqual(['list', 'show']);
    expect(options).toEqual(['--mapping']);
    expect(preview).toEqual(['--rows']);
  });

  test('zsh: $SHELL picks the zsh script (compdef), and the words come with their descriptions as _describe reads them', async () => {
    const [script, words] = await Promise.all([
      runBuiltCli(['completion'], { env: { SHELL: '/bin/zsh' } }),
      runBuiltCli(['--get-yargs-completions', 'mge-ingest', 'pre'], { env: { SHELL: '/usr/bin/zsh' } }),
    ]);
    expect(script.code).toBe(0);
    expect(script.stdout).toMatch(/^#compdef mge-ingest$/m);
    expect(script.stdout).toContain('compdef _mge-ingest_yargs_completions mge-ingest');
    expect(script.stdout).toContain('mge-ingest --get-yargs-completions "${words[@]}"');
    expect(words.code).toBe(0);
    expect(words.stdout.split('\n')).toContain(
      'preview:show the first records exactly as they will be sent, each value beside its cell and unit conversion',
    );
  });

  test('--help names the command', async () => {
    const help = await runBuiltCli(['--help']);
    expect(help.stdout).toMatch(/mge-ingest completion +print the shell completion script \(bash or zsh/);
  });
});
