import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/run-cli.js';
import { runCliInProcess } from './run-cli-in-process.js';

async function help(args: readonly string[]): Promise<string> {
  let stdout = '';
  const io = { stdout: { write: (s: string) => void (stdout += s) }, stderr: { write: () => undefined }, env: {}, cwd: process.cwd() };
  expect(await runCli([...args, '--help'], io)).toBe(0);
  return stdout;
}

describe('--help', () => {
  test('validate documents --max-errors and not --max-changes, which it does not have', async () => {
    const text = await help(['validate']);
    expect(text).toContain('--max-errors');
    expect(text).not.toContain('max-changes');
    expect(text).not.toContain('MAX_CHANGES_REACHED');
  });

  test('ingest still documents both row limits', async () => {
    const text = (await help(['ingest'])).replace(/\s+/g, ' ');
    expect(text).toContain('A run stopped by --max-errors (MAX_ERRORS_REACHED) or --max-changes (MAX_CHANGES_REACHED) exits 1');
  });
});

/** Every command line that has a `--help` of its own. */
const HELP_COMMANDS = [
  [],
  ['templates'],
  ['templates', 'list'],
  ['templates', 'show'],
  ['categories'],
  ['projects'],
  ['init'],
  ['mapper'],
  ['preview'],
  ['validate'],
  ['ingest'],
  ['report'],
  ['sandbox'],
];

/** The lines of the help text's `Examples:` section. */
function exampleLines(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf('Examples:');
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.trim() === '');
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The type label (`[number]`, `[string]`, …) `--help` shows for `--flag`, which may sit on a wrapped line below the flag's. */
function typeLabel(text: string, flag: string): string | undefined {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => new RegExp(`^\\s+(-\\w, )?--${flag}(\\s|$)`).test(line));
  if (at < 0) return undefined;
  for (let i = at; i < lines.length && (i === at || !/^\s+-/.test(lines[i]!)); i++) {
    const label = /\[(string|number|boolean|array)\]/.exec(lines[i]!);
    if (label) return label[0];
  }
  return undefined;
}

describe('--help examples', () => {
  test.each(HELP_COMMANDS.map((words) => [['mge-ingest', ...words].join(' '), words] as const))(
    '%s --help: each example is a comment saying what it does, then its whole command line',
    async (_line, words) => {
      const lines = exampleLines(await help(words));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^ {2}(# |.*mge-ingest )/);
      // Each command line follows its comment: no comment without one, no command line split over lines.
      for (let i = 0; i < lines.length; i++) {
        if (!lines[i]!.startsWith('  #')) expect(lines[i - 1]?.startsWith('  #')).toBe(true);
      }
      expect(lines.at(-1)).not.toMatch(/^ {2}#/);
      expect(lines.join('\n')).not.toContain('@@');
    },
  );

  test('long command lines are printed whole, on one line', async () => {
    expect(exampleLines(await help([]))).toContain('  mge-ingest templates show 101 --base-url https://mgedata.example.cn');
    expect(exampleLines(await help(['validate']))).toContain(
      '  mge-ingest validate 201.xlsx --source 01 --methods experiment --reference "lab book" --annotate checked.xlsx',
    );
    expect(exampleLines(await help(['templates', 'list']))).toContain(
      '  MGE_BASE_URL=https://mgedata.example.cn MGE_TOKEN_FILE=~/.mge-token mge-ingest templates list --category 12',
    );
  });
});

describe('--help numeric options', () => {
  test.each([
    [
      ['ingest'],
      [
        'rate',
        'concurrency',
        'max-retries',
        'max-errors',
        'max-changes',
        'max-uncertain-streak',
        'methods-width',
        'timeout',
        'progress-interval',
        'template',
      ],
    ],
    [['validate'], ['max-errors', 'methods-width', 'timeout', 'progress-interval', 'template']],
    [['preview'], ['rows', 'methods-width', 'template']],
    [['init'], ['header-row', 'header-rows']],
    [
      ['templates', 'list'],
      ['category', 'timeout'],
    ],
    [
      ['sandbox'],
      [
        'port',
        'fail-rate',
        'busy-rate',
        'retry-after',
        'busy-first',
        'reset-rate',
        'commit-then-fail-rate',
        'repeat-id-rate',
        'latency',
        'max-rps',
        'seed',
      ],
    ],
  ])('%j shows its numeric options as [number]', async (words, flags) => {
    const text = await help(words);
    for (const flag of flags) expect([flag, typeLabel(text, flag)]).toEqual([flag, '[number]']);
    // Not every option: paths, names and codes stay text.
    expect(typeLabel(text, 'config')).toBe('[string]');
  });
});

describe('numeric options keep their checks', () => {
  const ingest = ['ingest', 'none.csv', '--mapping', 'none.yaml', '--report', 'none.jsonl'];

  test.each([['abc'], ['']])('--rate %j is a settings error naming --rate (exit 2)', async (value) => {
    const result = await runCliInProcess([...ingest, '--rate', value]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error SETTING_INVALID: rate must be a number ≥ 0 (0 = unlimited), got ${JSON.stringify(value)}`);
    expect(result.stderr).toContain('at field --rate');
  });

  test('--port abc is refused naming --port (exit 2)', async () => {
    const result = await runCliInProcess(['sandbox', '--port', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error OPTION_INVALID: --port must be an integer ≥ 0 ≤ 65535, got "abc"');
  });

  test('a valid --rate is taken as given: only the bad --timeout beside it is refused', async () => {
    const result = await runCliInProcess([...ingest, '--rate', '2.5', '--timeout', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error SETTING_INVALID: timeout must be a positive number of seconds, got "x"');
    expect(result.stderr).not.toContain('rate');
  });

  test('validate runs with numeric options given as numbers', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mge-help-numbers-'));
    const csv = path.join(dir, 'ten.csv');
    const lines = (await readFile('samples/steel_strength.csv', 'utf8')).split(/\r?\n/);
    await writeFile(csv, lines.slice(0, 11).join('\n') + '\n');
    const args = [
      'validate',
      '--template-file',
      'samples/templates.json',
      '--no-template-cache',
      '--mapping',
      'mappings/steel_strength.yaml',
      csv,
    ];
    const result = await runCliInProcess([
      ...args,
      '--quiet',
      '--max-errors',
      '1',
      '--progress-interval',
      '2',
      '--methods-width',
      '3',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 10 });
  });
});
