import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_CLI } from './run-built-cli.js';

/** A module hook that names every module loaded, on stderr (hooks run on a thread of their own). */
const HOOK = `export async function load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }`;
/** Registers {@link HOOK}, and at exit names every CommonJS module loaded by `require` too (hooks do not see those). */
const REGISTER = [
  `import { register, createRequire } from 'node:module'; import { pathToFileURL } from 'node:url';`,
  `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`,
  `const cache = createRequire(${JSON.stringify(`file://${process.cwd()}/`)}).cache;`,
  `process.on('exit', () => { for (const file of Object.keys(cache)) process.stderr.write('LOADED ' + pathToFileURL(file).href + '\\n'); });`,
].join('\n');

/** The modules the built CLI loads for `args`, as file URLs relative to the project (`dist/…`, `node_modules/…`). */
function modulesLoaded(args: readonly string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, BUILT_CLI, ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', SHELL: '/bin/bash' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`exit ${String(code)}: ${err}`));
      const root = new URL(`file://${process.cwd()}/`).href;
      resolve(
        err
          .split('\n')
          .filter((l) => l.startsWith('LOADED '))
          .map((l) => l.slice('LOADED '.length).replace(root, '')),
      );
    });
  });
}

/** What --help, --version and a completion request must do without: the commands and the libraries they use. */
const HEAVY =
  /^(dist\/(cli\/commands\/|pipeline\/|sources\/|report\/|mapping\/|validate\/|upload\/|platform\/|workbook\/)|node_modules\/(@e965\/xlsx|exceljs|saxes|mathjs|got|pino|yaml|tinyglobby|csv-parse|p-queue)\/)/;

describe('start-up: what the CLI loads', () => {
  test.each([[['--help']], [['--version']], [['--get-yargs-completions', 'mge-ingest', 'va']]])(
    '%j loads no command module and no heavy library',
    async (args) => {
      const loaded = await modulesLoaded(args);
      expect(loaded).toContain('dist/cli/run-cli.js');
      expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
    },
  );

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
      /^(dist\/(report\/html\/|report\/annotate\/|workbook\/|sources\/xlsx\/|sources\/open-xlsx|sources\/open-sheetjs|pipeline\/load-workbook-job|pipeline\/open-error-file)|node_modules\/(@e965\/xlsx|exceljs|saxes|mathjs|got|pino|tinyglobby)\/)/;
    expect(loaded.filter((url) => unneeded.test(url))).toEqual([]);
  });
});
