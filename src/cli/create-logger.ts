import { createRequire } from 'node:module';
import type { Logger } from 'pino';
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

/** pino, loaded when a logger is first needed (it is CommonJS: `require` loads it at once). */
const loadPino = (): typeof import('pino') => createRequire(import.meta.url)('pino') as typeof import('pino');

/**
 * The run's pino logger, token fields redacted, synchronous destinations only (a worker transport
 * outlives the command). A log file opens at once; a stderr logger on first use, so pino is not loaded
 * by commands that log nothing.
 */
export function createLogger(options: LoggerOptions): Logger {
  if (options.file) return buildLogger(options);
  let real: Logger | undefined;
  const logger = (): Logger => (real ??= buildLogger(options));
  return new Proxy({} as Logger, {
    get: (_target, key) => {
      const target = logger();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (_target, key, value) => Reflect.set(logger(), key, value),
    has: (_target, key) => Reflect.has(logger(), key),
  });
}

function buildLogger(options: LoggerOptions): Logger {
  const { pino } = loadPino();
  const destination = options.file
    ? pino.destination({ dest: options.file, sync: true, mkdir: true, append: true })
    : { write: (line: string) => void options.stderr.write(line) };
  return pino(
    { level: options.level ?? 'info', base: { name: 'mge-ingest' }, redact: { paths: REDACT, censor: '[redacted]' } },
    destination,
  );
}
