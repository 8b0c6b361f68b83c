/**
 * The bin answers --help and the shell completion from what the build read from yargs (describeCli),
 * without loading yargs: every such answer must be yargs' own, word for word. yargs answers here
 * through runCli in this process (it prints completions with console.log itself).
 */
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionContext } from '../../src/cli/complete-words.js';
import { describeCli } from '../../src/cli/describe-cli.js';
import { runCli } from '../../src/cli/run-cli.js';
import { HELP_WIDTHS, answerAtStart, readStartAnswers, type StartAnswers } from '../../src/cli/start-answers.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const FLAG = '--get-yargs-completions';
const SHELLS = { bash: '/bin/bash', zsh: '/usr/bin/zsh', fish: '/usr/bin/fish' } as const;
type Shell = keyof typeof SHELLS;

const saved = { ...process.env };
let answers: StartAnswers;

beforeAll(async () => {
  // yargs reads its locale and shell from the process's own environment.
  process.env['LC_ALL'] = 'en_US.UTF-8';
  delete process.env['ZSH_NAME'];
  answers = await describeCli();
}, 60_000);

afterAll(() => {
  for (const key of ['LC_ALL', 'SHELL', 'ZSH_NAME']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** What the CLI prints through yargs for `argv`, completion words included. */
async function yargsAnswer(argv: readonly string[], shell: Shell = 'bash'): Promise<string> {
  process.env['SHELL'] = SHELLS[shell];
  let out = '';
  const log = console.log;
  console.log = (...words: unknown[]) => void (out += `${words.join(' ')}\n`);
  try {
    const io = { stdout: { write: (s: string) => void (out += s) }, stderr: { write: () => undefined }, env: {}, cwd: process.cwd() };
    expect(await runCli(argv, io)).toBe(0);
  } finally {
    console.log = log;
  }
  return out;
}

function quickAnswer(argv: readonly string[], shell: Shell = 'bash', columns?: number): Promise<string | undefined> {
  return answerAtStart(argv, { SHELL: SHELLS[shell], LANG: 'en_US.UTF-8' }, columns, () => answers);
}

/** Lines of words to complete in a context: what a Tab after each sort of word asks for (yargs takes ~15 ms a line). */
function linesFor(context: CompletionContext, choicesSeen: Set<string>): string[][] {
  const at = ['mge-ingest', ...context.commands];
  const lines = [
    [...at, ''],
    [...at, '--'],
    [...at, '-h', '--t'],
    [...at, 'data.csv', 'help', '-'],
  ];
  for (const command of context.subcommands) lines.push([...at, command.name.slice(0, 2)], [...at, command.name, '']);
  const [first, , third] = context.options;
  const last = context.options.at(-1);
  // Options given, by name, by their camel-case alias and negated, are not offered again.
  if (first && third) {
    const camel = third.key.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
    lines.push([...at, `--${first.key}`, `--${camel}`, 'x', '--']);
  }
  if (last) lines.push([...at, `--no-${last.key}`, '-']);
  for (const [key, values] of Object.entries(context.choices)) {
    if (!choicesSeen.has(key)) lines.push([...at, `--${key}`, ''], [...at, `--${key}`, values[0]!.slice(0, 1)]);
    choicesSeen.add(key);
  }
  return lines;
}

describe('answers without yargs', () => {
  test('--help, at each width written down, is what yargs prints; other widths and languages are left to yargs', async () => {
    for (const width of HELP_WIDTHS) {
      Object.defineProperty(process.stdout, 'columns', { value: width, configurable: true, writable: true });
      try {
        expect(await quickAnswer(['--help'], 'bash', width)).toBe(await yargsAnswer(['--help']));
        expect(await quickAnswer(['-h'], 'bash', width)).toBe(await yargsAnswer(['-h']));
      } finally {
        delete (process.stdout as { columns?: number }).columns;
      }
    }
    expect(await quickAnswer(['--help'], 'bash', undefined)).toBe(answers.help['100']);
    expect(await quickAnswer(['--help'], 'bash', 200)).toBe(answers.help['110']);
    expect(await quickAnswer(['--help'], 'bash', 72)).toBeUndefined();
    expect(await answerAtStart(['--help'], { LANG: 'zh_CN.UTF-8' }, undefined, () => answers)).toBeUndefined();
    expect(await answerAtStart(['--help'], { LANG: 'C.UTF-8' }, undefined, () => answers)).toBe(answers.help['100']);
    expect(await answerAtStart(['--help'], { LC_ALL: 'de_DE', LANG: 'en_US' }, undefined, () => answers)).toBeUndefined();
    expect(await quickAnswer(['validate', '--help'])).toBeUndefined();
    expect(await quickAnswer(['--help', '--json'])).toBeUndefined();
  });

  test('--version is what yargs prints, and needs nothing written down', async () => {
    expect(await answerAtStart(['--version'], {}, undefined, () => undefined)).toBe(await yargsAnswer(['--version']));
  });

  test('without the written answers (a build by tsc alone) only --version is answered', async () => {
    expect(await answerAtStart(['--help'], {}, undefined, () => undefined)).toBeUndefined();
    expect(await answerAtStart([FLAG, 'mge-ingest', ''], {}, undefined, () => undefined)).toBeUndefined();
  });

  test('the written answers are read only when written after the code was compiled, and only when whole', () => {
    const dir = tempDirSync('mge-start-answers-');
    const [file, compiled] = [path.join(dir, 'start-answers.json'), path.join(dir, 'start-answers.js')];
    writeFileSync(file, JSON.stringify(answers));
    writeFileSync(compiled, '');
    const read = (): StartAnswers | undefined => readStartAnswers(pathToFileURL(file), pathToFileURL(compiled));
    utimesSync(compiled, 1000, 1000);
    utimesSync(file, 2000, 2000);
    expect(read()).toEqual(answers);
    // npm's tarball gives every file one time: still the build's answers.
    utimesSync(file, 1000, 1000);
    expect(read()).toEqual(answers);
    utimesSync(compiled, 3000, 3000);
    expect(read()).toBeUndefined();
    utimesSync(compiled, 1000, 1000);
    writeFileSync(file, JSON.stringify({ help: {} }));
    utimesSync(file, 2000, 2000);
    expect(read()).toBeUndefined();
    expect(readStartAnswers(pathToFileURL(path.join(dir, 'none.json')), pathToFileURL(compiled))).toBeUndefined();
  });

  test('every context yargs enters is written down, with its subcommands and options', () => {
    const contexts = answers.completion.map((c) => c.commands.join(' '));
    expect(contexts).toEqual(expect.arrayContaining(['', 'templates', 'templates list', 'validate', 'ingest', 'sandbox']));
    const top = answers.completion[0]!;
    expect(top.subcommands.find((c) => c.name === 'completion')?.context).toBeUndefined();
    expect(answers.completion.find((c) => c.commands.join(' ') === 'validate')?.choices['log-level']).toContain('debug');
  });

  test('each completion, in bash, zsh and fish, is word for word what yargs prints', async () => {
    const mismatches: unknown[] = [];
    let answered = 0;
    const choicesSeen = new Set<string>();
    for (const context of answers.completion) {
      for (const [i, words] of linesFor(context, choicesSeen).entries()) {
        // The shell changes only how words are written (descriptions): zsh and fish on the first two lines.
        const shells: Shell[] = i < 2 ? ['bash', 'zsh', 'fish'] : ['bash'];
        for (const shell of shells) {
          const quick = await quickAnswer([FLAG, ...words], shell);
          if (quick === undefined) mismatches.push({ words, shell, quick: 'left to yargs' });
          else if (quick !== (await yargsAnswer([FLAG, ...words], shell))) mismatches.push({ words, shell, quick });
          else answered++;
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  }, 60_000);

  test('lines yargs reads its own way are left to it, and any it answers here are its answers', async () => {
    const odd = [
      ['mge-ingest'],
      ['--sandbox', 'va'],
      ['mge-ingest', '--sandbox', 'va'],
      ['mge-ingest', '--', 'validate', '--'],
      ['templates', 'mge-ingest', ''],
      ['list', 'templates', ''],
      ['mge-ingest', 'foo', 'validate', ''],
      ['mge-ingest', 'templates', '--sandbox', 'list', '--'],
      ['mge-ingest', 'validate', 'templates', '--'],
      ['mge-ingest', 'completion', ''],
      ['mge-ingest', 'completion', 'va'],
      ['mge-ingest', 'validate', '--log-level=debug', '--'],
      ['mge-ingest', 'validate', '--log-level', 'debug', ''],
      ['mge-ingest', 'validate', '-h', '--l'],
      ['mge-ingest', 'templates', 'list'],
      ['mge-ingest', 'templates'],
      ['mge-ingest', 'ingest', '--max-changes', '3', '--max'],
    ];
    const left: string[] = [];
    for (const words of odd) {
      const quick = await quickAnswer([FLAG, ...words]);
      if (quick === undefined) left.push(words.join(' '));
      else expect([words, quick]).toEqual([words, await yargsAnswer([FLAG, ...words])]);
    }
    expect(left).toEqual([
      'mge-ingest',
      '--sandbox va',
      'mge-ingest -- validate --',
      'templates mge-ingest ',
      'list templates ',
      'mge-ingest foo validate ',
      'mge-ingest templates --sandbox list --',
    ]);
  });
});
