import yargs, { type Argv } from 'yargs';
import { packageVersion } from '../util/package-info.js';
import { COMMANDS, commandWord } from './commands.js';
import type { RegisterHooks, Selection } from './define-command.js';
import { ROW_LIMIT_EPILOGUE } from './exit-codes.js';
import { addExamples, putExamples, type Example } from './help-examples.js';
import { SCRIPT_NAME } from './script-name.js';
import { COMPLETIONS_FLAG } from './start-answers.js';
import { UsageError } from './usage-error.js';

const EXAMPLES: readonly Example[] = [
  ['$0 templates list --sandbox', 'try the tool on the built-in sandbox platform'],
  ['$0 templates show 101 --base-url https://mgedata.example.cn', 'a template of the platform (token from MGE_TOKEN)'],
  ['$0 sandbox --port 8700', 'run the sandbox platform for rehearsals'],
];

const EPILOGUE = [
  'Settings: defaults < --config FILE (YAML) < environment (MGE_*) < flags. The token comes only from MGE_TOKEN, MGE_TOKEN_FILE or --token-file.',
  'Exit codes: 0 all good (or nothing to do); 1 the run finished with rows to check (invalid, failed, uncertain, or changed and not uploaded), or was stopped early by --max-errors or --max-changes; 2 nothing was uploaded (usage, config, mapping, template or input error, an output that is an input, a mapping change since the last upload); 3 aborted mid-run, resumable (token, platform, unknown outcomes in a row, an input error after uploads, the report lock taken over); 130 interrupted, resumable.',
  ROW_LIMIT_EPILOGUE,
].join('\n');

export interface ParseOptions {
  /** The width `--help` is laid out to (`helpWidth`). */
  readonly width: number;
  /**
   * Called with the parser, in the context of the command a completion request names, in place of
   * yargs' own answer: how `describeCli` reads what each context completes. Never set by the CLI.
   */
  readonly onCompletionRequest?: (parser: Argv) => void;
  /** yargs' language for its own words ("Options:"); by default it follows LC_ALL, LC_MESSAGES, LANG. */
  readonly locale?: string;
}

/** yargs 18's usage object, as far as {@link skipHelpLayout} reaches into it (its typings leave it out). */
interface UsageInsides {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: unknown } };
}

/**
 * yargs lays out a command's whole help (every cell measured by cliui) before running its handler, in
 * case the handler asks for it; none does, and it was a seventh of `validate`'s start. A yargs
 * without this method is left as it is.
 */
function skipHelpLayout(parser: Argv): void {
  const usage = (parser as unknown as UsageInsides).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
}

/** What a command line amounts to: the command to run, or help/version text to print. */
export interface ParsedCommandLine {
  readonly selection: Selection | undefined;
  readonly output: string;
}

/** Parses argv with yargs; resolves with the selected command, or with help/version text to print. */
export async function parseCommandLine(argv: readonly string[], options: ParseOptions): Promise<ParsedCommandLine> {
  let selection: Selection | undefined;
  const { width, onCompletionRequest, locale } = options;
  // yargs lays out a command's whole help before running it (in case the handler asks for it); wrapping
  // that text to the terminal cost ~0.2 s of every command's start. Only a help request shows it, and
  // without one the layout is skipped altogether.
  const showsHelp = argv.includes('--help') || argv.includes('-h');
  // The examples of the command whose help is shown: each builder that runs reports its own.
  let examples: readonly Example[] = [];
  const hooks: RegisterHooks = { select: (s) => (selection = s), examples: (e) => (examples = e) };
  const completionText =
    'print the shell completion script (bash or zsh, by $SHELL): add `source <(mge-ingest completion)` to ~/.bashrc or ~/.zshrc';
  let parser = yargs();
  if (locale !== undefined) parser = parser.locale(locale);
  parser = parser
    .scriptName(SCRIPT_NAME)
    .usage('$0 <command> [options]\n\nBatch ingestion of CSV and xlsx results into the MGE data platform.')
    .exitProcess(false)
    .strict()
    .wrap(showsHelp ? width : null)
    .demandCommand(1, 'give a command (see --help)')
    .help()
    .alias('help', 'h');
  parser = onCompletionRequest
    ? parser.completion('completion', completionText, () => (onCompletionRequest(parser), []))
    : parser.completion('completion', completionText);
  parser = parser
    .version(packageVersion())
    .epilogue(EPILOGUE)
    .fail((message, error) => {
      throw error ?? new UsageError('USAGE', message, { hint: 'See `mge-ingest --help` or `mge-ingest <command> --help`.' });
    });
  if (!showsHelp) skipHelpLayout(parser);
  parser = addExamples(parser, EXAMPLES, hooks.examples);
  // yargs selects a command by its word only, so a command whose word is nowhere on the command line
  // cannot run: it is listed by its line alone, and its module (options, examples, code) is not loaded.
  const words = new Set(argv);
  for (const entry of COMMANDS) {
    parser = words.has(commandWord(entry)) ? (await entry.load()).register(parser, hooks) : parser.command(entry.command, entry.describe);
  }
  // The completion script asks for the words that may follow (`--get-yargs-completions mge-ingest val`).
  // yargs answers a command's options by parsing the process's own argv again and printing the words
  // itself, after any parse callback has run: so it is parsed without one, and the shell reads stdout.
  if (argv.includes(COMPLETIONS_FLAG)) {
    return new Promise((resolve) => {
      void parser.parse([...argv]);
      setImmediate(() => resolve({ selection: undefined, output: '' }));
    });
  }
  return new Promise((resolve, reject) => {
    try {
      void parser.parse([...argv], {}, (error, _args, output) =>
        error ? reject(error) : resolve({ selection, output: putExamples(output, examples, SCRIPT_NAME, width) }),
      );
    } catch (error) {
      reject(error);
    }
  });
}
