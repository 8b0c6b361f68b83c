import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_CLI } from './run-built-cli.js';

/**
 * A module hook that appends every module's URL to `file` before the module loads (hooks run on a
 * thread of their own: a write to stderr from there could still be on its way when the CLI exits).
 */
function hook(file: string): string {
  return `import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { appendFileSync(${JSON.stringify(file)}, url + '\\n'); return next(url, context); }`;
}

/** Registers {@link hook}, and at exit appends every CommonJS module loaded by `require` too (hooks do not see those). */
function register(file: string): string {
  return [
    `import { register, createRequire } from 'node:module'; import { pathToFileURL } from 'node:url'; import { appendFileSync } from 'node:fs';`,
    `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook(file))}`)});`,
    `const cache = createRequire(${JSON.stringify(`file://${process.cwd()}/`)}).cache;`,
    `process.on('exit', () => { for (const f of Object.keys(cache)) appendFileSync(${JSON.stringify(file)}, pathToFileURL(f).href + '\\n'); });`,
  ].join('\n');
}

/** The modules the built CLI loads for `args`, as file URLs relative to the project (`dist/…`, `node_modules/…`). */
async function modulesLoaded(args: readonly string[], env: Record<string, string> = {}): Promise<string[]> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'mge-startup-modules-')), 'loaded.txt');
  await writeFile(file, '');
  const [code, err] = await new Promise<[number | null, string]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register(file))}`, BUILT_CLI, ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', SHELL: '/bin/bash', LANG: 'C.UTF-8', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (exit) => resolve([exit, stderr]));
  });
  if (code !== 0) throw new Error(`exit ${String(code)}: ${err}`);
  const root = new URL(`file://${process.cwd()}/`).href;
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.replace(root, ''));
}

/** What --help, --version and a completion request must do without: the commands and the libraries they use. */
const HEAVY =
  /^(dist\/(cli\/commands\/|pipeline\/|sources\/|report\/|mapping\/|validate\/|upload\/|platform\/|workbook\/)|node_modules\/(@e965\/xlsx|exceljs|saxes|mathjs|got|pino|yaml|tinyglobby|csv-parse|p-queue)\/)/;

describe('start-up: what the CLI loads', () => {
  // The build wrote down what these answer (start-answers.json): not even yargs is loaded, and only
  // the module each answer needs.
  test.each([
    [['--help'], []],
    [['--version'], ['dist/util/package-info.js']],
    [['--get-yargs-completions', 'mge-ingest', 'va'], ['dist/cli/complete-words.js']],
    [['--get-yargs-completions', 'mge-ingest', 'validate', '--'], ['dist/cli/complete-words.js']],
  ])('%j loads no yargs and no command: the bin, its answers and %j', async (args, needs) => {
    const loaded = await modulesLoaded(args);
    expect(loaded.filter((url) => url.startsWith('dist/')).sort()).toEqual(
      ['dist/cli/main.js', 'dist/cli/start-answers.js', ...needs].sort(),
    );
    expect(loaded.filter((url) => url.startsWith('node_modules/'))).toEqual([]);
  });

  test("--help in a language yargs translates is yargs' own, still without any command or heavy library", async () => {
    const loaded = await modulesLoaded(['--help'], { LANG: 'zh_CN.UTF-8' });
    expect(loaded).toContain('dist/cli/run-cli.js');
    expect(loaded.some((url) => url.startsWith('node_modules/yargs/'))).toBe(true);
    expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
  });

  test('validate --help loads validate and no other command', async () => {
    const loaded = await modulesLoaded(['validate', '--help']);
    const commands = loaded.filter((url) => url.startsWith('dist/cli/commands/'));
    expect(commands).toEqual(['dist/cli/commands/validate-command.js']);
    expect(loaded.filter((url) => /^node_modules\/(@e965\/xlsx|exceljs|mathjs|got|pino|yaml)\//.test(url))).toEqual([]);
  });

  test('validate of a CSV loads no workbook reader, report writer, glob, logger or platform library', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mge-startup-'));
    const csv = path.join(dir, 'ten.csv');
    const lines = (await readFile('samples/steel_strength.csv', 'utf8')).split(/\r?\n/);
    await writeFile(csv, lines.slice(0, 11).join('\n') + '\n');
    const loaded = await modulesLoaded([
      'validate',
      '--template-file',
      'samples/templates.json',
      '--no-template-cache',
      '--mapping',
      'mappings/steel_strength.yaml',
      csv,
      '--quiet',
    ]);
    expect(loaded).toContain('dist/pipeline/run-validate.js');
    const unneeded =
      /^(dist\/(report\/html\/|report\/annotate\/|workbook\/|sources\/xlsx\/|sources\/open-xlsx|sources\/open-sheetjs|pipeline\/job\/load-(platform|flat|json)-job|pipeline\/open-error-file)|node_modules\/(@e965\/xlsx|exceljs|saxes|mathjs|got|pino|tinyglobby)\/)/;
    expect(loaded.filter((url) => unneeded.test(url))).toEqual([]);
  });
});
