import { readFileSync, statSync } from 'node:fs';
import type { CompletionContext } from './complete-words.js';

// The bin loads this module before it answers, and each module it loads then costs a share of the
// start (on a busy machine, a tenth of bare node's): so this one imports no other of the project's
// up front, holds the two facts the answers are keyed by, and loads what one answer needs for it.

/** What yargs' completion script runs the command with to ask for completions. */
export const COMPLETIONS_FLAG = '--get-yargs-completions';

/** The width `--help` is laid out to: the terminal's, at most 110 columns; 100 when stdout is no terminal. */
export function helpWidth(columns: number | undefined): number {
  return Math.min(110, columns || 100);
}

/**
 * What `--help` and the shell completion answer, written down by the build (`describeCli`, from yargs
 * itself) so that the bin can answer them without loading yargs: importing it took twice the start of
 * bare node, and each Tab of the completion starts the CLI once.
 */
export interface StartAnswers {
  /** `mge-ingest --help` as printed in English, by the width it is laid out to (`helpWidth`). */
  readonly help: Readonly<Record<string, string>>;
  /** What each command context completes; the first is the top level. */
  readonly completion: readonly CompletionContext[];
}

/** The file the build writes beside the built bin. */
export const START_ANSWERS_FILE = 'start-answers.json';

/** The widths `--help` is written down for: no terminal (100), a wide one (110) and the classic 80. */
export const HELP_WIDTHS: readonly number[] = [80, 100, 110];

/**
 * The answers the build wrote, or undefined when there are none or they are older than the compiled
 * code (a build by tsc alone, which may have changed the options): yargs answers then.
 */
export function readStartAnswers(
  file: URL = new URL(`./${START_ANSWERS_FILE}`, import.meta.url),
  compiled: URL = new URL(import.meta.url),
): StartAnswers | undefined {
  try {
    if (statSync(file).mtimeMs < statSync(compiled).mtimeMs) return undefined;
    const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<StartAnswers> | null;
    return typeof read?.help === 'object' && read.help !== null && Array.isArray(read.completion) ? (read as StartAnswers) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether yargs would speak English: it picks its locale from these variables, and its help headings
 * ("Options:", "[boolean]") follow it; an English, C or POSIX locale reads the same texts.
 */
function speaksEnglish(env: Readonly<Record<string, string | undefined>>): boolean {
  const locale = (env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || env['LANGUAGE'] || 'en_US').replace(/[.:].*/, '');
  return /^(en(_.*)?|C|POSIX)$/.test(locale);
}

/**
 * What the CLI prints for `argv` when it is `--version`, `--help` alone or a completion request that
 * the build's answers cover (exit code 0), else undefined: the CLI then parses the line with yargs.
 */
export async function answerAtStart(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  columns: number | undefined,
  read: () => StartAnswers | undefined = () => readStartAnswers(),
): Promise<string | undefined> {
  if (argv.length === 1 && argv[0] === '--version') return `${(await import('../util/package-info.js')).packageVersion()}\n`;
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    return speaksEnglish(env) ? read()?.help[String(helpWidth(columns))] : undefined;
  }
  if (argv[0] === COMPLETIONS_FLAG && !argv.includes(COMPLETIONS_FLAG, 1)) {
    const contexts = read()?.completion;
    if (contexts === undefined) return undefined;
    const { completeWords, completionShell } = await import('./complete-words.js');
    const words = completeWords(contexts, argv.slice(1), completionShell(env));
    return words?.map((word) => `${word}\n`).join('');
  }
  return undefined;
}
