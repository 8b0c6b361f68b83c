/** One shard of a run split over `count` processes: this process takes shard `index` (0 ≤ index < count). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Log levels of pino, plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Every run-time knob, parsed once at the edge from defaults < config file < environment < flags.
 * Commands read only this value, never `process.env` or raw flags.
 */
export interface Settings {
  /** Platform root (`MGE_BASE_URL`, `--base-url`). No default: a command that needs it says so. */
  readonly baseUrl: string | undefined;
  /** Access token, only from `MGE_TOKEN`, `MGE_TOKEN_FILE` or `--token-file` (never a plain flag: `ps` shows flags). */
  readonly token: string | undefined;
  /**
   * Send the token over plain `http://` to a host other than this machine (`--allow-insecure-http`,
   * `MGE_ALLOW_INSECURE_HTTP`): refused otherwise, since anyone on the way could read it. @default false
   */
  readonly allowInsecureHttp: boolean;
  /** `?username=` of uploads (`MGE_USERNAME`, `--username`). */
  readonly username: string | undefined;
  /** `Accept-Language` sent to the platform (`en` for English category names). */
  readonly acceptLanguage: string | undefined;
  /** Deadline of each request, from its start to the answer's last byte (`--timeout` in seconds). @default 30000 */
  readonly timeoutMs: number;
  /** Upload requests started per second; 0 = unlimited. @default 5 */
  readonly rate: number;
  /** Upload requests in flight. @default 4 */
  readonly concurrency: number;
  /** Retries of one upload where it is safe to retry. @default 5 */
  readonly maxRetries: number;
  /** Stop after this many invalid rows; undefined = never. */
  readonly maxErrors: number | undefined;
  /** Stop a run once more rows than this are `changed` (known key, new content); undefined = never. */
  readonly maxChanges: number | undefined;
  /** Stop a run after this many unknown upload outcomes in a row (the circuit breaker). @default 10 */
  readonly maxUncertainStreak: number;
  /** Width of the `source.methods` bit mask: 3 per the spec, 4 for late v2 servers. @default 3 */
  readonly methodsWidth: 3 | 4;
  /** @default 'info' */
  readonly logLevel: LogLevel;
  /** JSON-lines log file instead of stderr. */
  readonly logFile: string | undefined;
  /** No progress output. @default false */
  readonly quiet: boolean;
  /** Off a terminal, one progress line every this many ms (`--progress-interval` in seconds). @default 5000 */
  readonly progressIntervalMs: number;
  /** Machine-readable JSON on stdout. @default false */
  readonly json: boolean;
  /**
   * Only the rows whose key falls in shard `index` of `count` (`--shard I/N`, `MGE_SHARD`): the first
   * four bytes of the key's SHA-256 as an unsigned big-endian integer, modulo `count`
   * (docs/scheduling.md). Undefined: every row.
   */
  readonly shard: Shard | undefined;
  /** Prometheus text file written at the end of each ingest run (`--metrics-file`, `MGE_METRICS_FILE`). */
  readonly metricsFile: string | undefined;
  /** Folder an input is moved to once every row of it is uploaded or skipped as uploaded (`--move-done`, `MGE_MOVE_DONE`). */
  readonly moveDone: string | undefined;
  /** The config file that was read, if any. */
  readonly configFile: string | undefined;
  /** The token file the token was read from, if it came from one. */
  readonly tokenFile: string | undefined;
  /**
   * Where each file setting that is set came from, by setting name (`config`, `token-file`,
   * `log-file`): `--log-file`, `MGE_LOG_FILE (environment)` or `log-file (mge.yaml:7)`, for messages
   * about that file.
   */
  readonly origins: Readonly<Record<string, string>>;
}

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: undefined,
  token: undefined,
  allowInsecureHttp: false,
  username: undefined,
  acceptLanguage: undefined,
  timeoutMs: 30_000,
  rate: 5,
  concurrency: 4,
  maxRetries: 5,
  maxErrors: undefined,
  maxChanges: undefined,
  maxUncertainStreak: 10,
  methodsWidth: 3,
  logLevel: 'info',
  logFile: undefined,
  quiet: false,
  progressIntervalMs: 5000,
  json: false,
  shard: undefined,
  metricsFile: undefined,
  moveDone: undefined,
  configFile: undefined,
  tokenFile: undefined,
  origins: {},
};

/**
 * The fixed tuning of a run: not settings (no flag, no environment variable), written here once beside
 * {@link DEFAULT_SETTINGS}. The stages take every value as a required option (`uploadStageOptions`
 * in src/pipeline builds them), so no default is restated deeper down.
 */
export const RUN_TUNING = {
  /** Attempts after the first of a GET that failed in a way that may pass (a GET stores nothing). */
  getRetries: 4,
  /** The delay before any retry: capped exponential with full jitter, from 500 ms, at most 30 s. */
  backoff: { baseMs: 500, capMs: 30_000 },
  /** Network failures, 502s, 503s or 504s in a row that stop an upload (`PLATFORM_UNREACHABLE`). */
  maxUnreachableStreak: 10,
  /** Rows an upload takes ahead of their outcomes, per request in flight. */
  lookaheadPerRequest: 2,
} as const;
