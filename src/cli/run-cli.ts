import type { FileHandle } from 'node:fs/promises';
import yargs from 'yargs';
import { MgeError } from '../errors/mge-error.js';
import { packageVersion } from '../util/package-info.js';
import type { CliIo } from './cli-io.js';
import { COMMANDS, commandWord } from './commands.js';
import type { RegisterHooks, Selection } from './define-command.js';
import { EXIT, ROW_LIMIT_EPILOGUE, exitCodeForError } from './exit-codes.js';
import { formatError } from './format-error.js';
import { addExamples, putExamples, type Example } from './help-examples.js';
import { argvAsksJson, formatErrorJson } from './format-error-json.js';
import type { PlatformSession } from '../pipeline/open-platform.js';
import { settingFlags } from './setting-options.js';
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

const SCRIPT_NAME = 'mge-ingest';

/** What yargs' completion script runs the command with to ask for completions. */
const COMPLETIONS_FLAG = '--get-yargs-completions';

/** Parses argv with yargs; resolves with the selected command, or with help/version text to print. */
async function parse(argv: readonly string[]): Promise<{ selection: Selection | undefined; output: string }> {
  let selection: Selection | undefined;
  // yargs lays out a command's whole help before running it (in case the handler asks for it); wrapping
  // that text to the terminal cost ~0.2 s of every command's start. Only a help request shows it.
  const showsHelp = argv.includes('--help') || argv.includes('-h');
  const width = Math.min(110, process.stdout.columns || 100);
  // The examples of the command whose help is shown: each builder that runs reports its own.
  let examples: readonly Example[] = [];
  const hooks: RegisterHooks = { select: (s) => (selection = s), examples: (e) => (examples = e) };
  let parser = yargs()
    .scriptName(SCRIPT_NAME)
    .usage('$0 <command> [options]\n\nBatch ingestion of CSV and xlsx results into the MGE data platform.')
    .exitProcess(false)
    .strict()
    .wrap(showsHelp ? width : null)
    .demandCommand(1, 'give a command (see --help)')
    .help()
    .alias('help', 'h')
    .completion(
      'completion',
      'print the shell completion script (bash or zsh, by $SHELL): add `source <(mge-ingest completion)` to ~/.bashrc or ~/.zshrc',
    )
    .version(packageVersion())
    .epilogue(EPILOGUE)
    .fail((message, error) => {
      throw error ?? new UsageError('USAGE', message, { hint: 'See `mge-ingest --help` or `mge-ingest <command> --help`.' });
    });
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

function interrupted(signal: AbortSignal, io: CliIo): Promise<number> {
  return new Promise((resolve) => {
    const stop = (): void => {
      io.stderr.write('interrupted\n');
      resolve(EXIT.interrupted);
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The whole CLI as a function: argv in, exit code out, all output through `io`. `main.ts` is the only
 * caller that exits the process.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const signal = io.signal ?? new AbortController().signal;
  let parsed: Awaited<ReturnType<typeof parse>>;
  try {
    parsed = await parse(argv);
  } catch (error) {
    const usage = error instanceof MgeError ? error : new UsageError('USAGE', error instanceof Error ? error.message : String(error));
    io.stderr.write(formatError(usage));
    if (argvAsksJson(argv)) io.stdout.write(formatErrorJson(usage));
    return EXIT.input;
  }
  const { selection, output } = parsed;
  if (!selection) {
    if (output) io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    return EXIT.ok;
  }

  const sessions: PlatformSession[] = [];
  const heldPipes: FileHandle[] = [];
  // Until the settings are read, only the command line can say it wants JSON (MGE_JSON is a setting).
  let json = argvAsksJson(argv);
  // A command that printed its own JSON before failing (ingest's summary with `fatal`) keeps stdout one document.
  let printed = false;
  const commandIo: CliIo = { ...io, stdout: { write: (text: string) => ((printed ||= text !== ''), io.stdout.write(text)) } };
  try {
    // Loaded here, not at start: --help, --version and a completion request need none of them (yaml,
    // tinyglobby, pino), and each Tab of the shell completion starts the CLI once. got comes with the
    // platform, which offline work (--template-file) never opens.
    const [{ loadSettings }, { checkCommandFiles }, { createLogger }] = await Promise.all([
      import('../config/load-settings.js'),
      import('./check-command-files.js'),
      import('./create-logger.js'),
    ]);
    const settings = loadSettings({ flags: settingFlags(selection.args, selection.groups), env: io.env, cwd: io.cwd });
    json = settings.json;
    // Before anything is opened for writing, the log file included: no output may destroy an input.
    heldPipes.push(...(await checkCommandFiles(selection.files?.(selection.args) ?? {}, settings, io.cwd)));
    const logger = createLogger({ level: settings.logLevel, file: settings.logFile, stderr: io.stderr });
    const useSandbox = selection.args['sandbox'] === true;
    const work = selection.run(selection.args, {
      io: commandIo,
      settings,
      logger,
      signal,
      hardSignal: io.hardSignal ?? new AbortController().signal,
      argv,
      openPlatform: async () => {
        const { openPlatform } = await import('../pipeline/open-platform.js');
        const session = await openPlatform(settings, useSandbox, logger);
        sessions.push(session);
        return session;
      },
    });
    if (selection.handlesSignal) return await work;
    // A read command has nothing to drain: stop waiting for it at once.
    work.catch(() => undefined);
    return await Promise.race([work, interrupted(signal, io)]);
  } catch (error) {
    io.stderr.write(formatError(error));
    // Scripts read stdout: with --json a failure is a JSON object there too (code, message, location).
    if (json && !printed) io.stdout.write(formatErrorJson(error));
    return exitCodeForError(error, signal.aborted);
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
    await Promise.all(heldPipes.map((h) => h.close()));
  }
}
