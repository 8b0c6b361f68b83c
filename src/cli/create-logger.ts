import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/settings.js';

export interface LoggerOptions {
  /** @default 'info' */
  readonly level?: LogLevel;
  /** JSON-lines file (appended); when absent, logs go to `stderr`. */
  readonly file?: string | undefined;
  /** Fallback destination. */
  readonly stderr: { write(text: string): unknown };
}

/**
 * Anything that could hold the token, wherever it sits in a log object: pino paths are case-sensitive
 * and match one level per segment, so both spellings of the header and the nestings that got's request
 * options and errors produce (`err.options.headers`, `request.options.headers`) are listed.
 */
const REDACT = [
  'token',
  '*.token',
  ...['authorization', 'Authorization'].flatMap((name) => [
    name,
    `*.${name}`,
    `headers.${name}`,
    `*.headers.${name}`,
    `options.headers.${name}`,
    `*.options.headers.${name}`,
  ]),
];

/**
 * The run's pino logger: JSON lines to the log file or stderr, token fields redacted. Synchronous
 * destinations only: a worker transport (pino-pretty) would outlive the command and leak in tests.
 */
export function createLogger(options: LoggerOptions): Logger {
  const destination = options.file
    ? pino.destination({ dest: options.file, sync: true, mkdir: true, append: true })
    : { write: (line: string) => void options.stderr.write(line) };
  return pino(
    { level: options.level ?? 'info', base: { name: 'mge-ingest' }, redact: { paths: REDACT, censor: '[redacted]' } },
    destination,
  );
}
