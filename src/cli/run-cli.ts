import type { FileHandle } from 'node:fs/promises';
import { MgeError } from '../errors/mge-error.js';
import type { CliIo } from './cli-io.js';
import { EXIT, exitCodeForError } from './exit-codes.js';
import { formatError } from './format-error.js';
import { argvAsksJson, formatErrorJson } from './format-error-json.js';
import { parseCommandLine, type ParsedCommandLine } from './parse-command-line.js';
import type { PlatformSession } from '../pipeline/open-platform.js';
import { settingFlags } from './setting-options.js';
import { helpWidth } from './start-answers.js';
import { UsageError } from './usage-error.js';

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
  let parsed: ParsedCommandLine;
  try {
    parsed = await parseCommandLine(argv, { width: helpWidth(process.stdout.columns) });
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
