import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/settings.js';

export interface LoggerOptions {
  /** @default 'info' */
  readonly level?: LogLevel;
  /** JSON-lines file (appended); when absent, logs go to `stderr`. */
  readonly file?: string;
  /** Fallback destination. */
  readonly stderr: { write(text: string): unknown };
}

/** Anything that could hold the token, wherever it sits in a log object. */
const REDACT = ['authorization', 'token', '*.authorization', '*.token', 'headers.authorization', '*.headers.authorization', 'options.headers.authorization'];

/**
 * The run's pino logger: JSON lines to the log file or stderr, token fields redacted. Synchronous
 * destinations only: a worker transport (pino-pretty) would outlive the command and leak in tests.
 */
export function createLogger(options: LoggerOptions): Logger {
  const destination = options.file
    ? pino.destination({ dest: options.file, sync: true, mkdir: true, append: true })
    : { write: (line: string) => void options.stderr.write(line) };
  return pino({ level: options.level ?? 'info', base: { name: 'mge-ingest' }, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}
