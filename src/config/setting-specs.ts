import { LOG_LEVELS, type Settings, type Shard } from './settings.js';

/** What a raw value parses to, or the reason it does not. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly expected: string };

/** How one setting is named in each source and how its raw value is parsed. */
export interface SettingSpec {
  readonly key: keyof Settings;
  /** Flag name without `--`; also the config-file key. */
  readonly name: string;
  readonly env: string;
  /** A path: relative values resolve against the config file's folder (config) or the working directory. */
  readonly isPath?: boolean;
  readonly parse: (raw: unknown) => Parsed<unknown>;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (expected: string): Parsed<never> => ({ ok: false, expected });

const text = (raw: unknown): Parsed<string> => (typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('a non-empty text'));

function numberOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const n = Number(raw.trim());
    return Number.isNaN(n) ? undefined : n;
  }
  return undefined;
}

const positive = (raw: unknown): Parsed<number> => {
  const n = numberOf(raw);
  return n !== undefined && Number.isFinite(n) && n > 0 ? ok(n) : bad('a positive number');
};
const nonNegative = (raw: unknown): Parsed<number> => {
  const n = numberOf(raw);
  return n !== undefined && Number.isFinite(n) && n >= 0 ? ok(n) : bad('a number ≥ 0 (0 = unlimited)');
};
const count =
  (min: number) =>
  (raw: unknown): Parsed<number> => {
    const n = numberOf(raw);
    return n !== undefined && Number.isInteger(n) && n >= min ? ok(n) : bad(`an integer ≥ ${min}`);
  };
const boolean = (raw: unknown): Parsed<boolean> => {
  if (typeof raw === 'boolean') return ok(raw);
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (['1', 'true', 'yes', 'on'].includes(s)) return ok(true);
  if (['0', 'false', 'no', 'off', ''].includes(s)) return ok(false);
  return bad('true or false');
};

/** `I/N`: shard I of N, 0 ≤ I < N, both integers (the Indexed Job's completion index and completions). */
function shard(raw: unknown): Parsed<Shard> {
  const expected = 'I/N with integers 0 ≤ I < N, such as 0/4';
  const match = typeof raw === 'string' ? /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(raw) : null;
  if (match === null) return bad(expected);
  const index = Number(match[1]);
  const count = Number(match[2]);
  return count >= 1 && index < count ? ok({ index, count }) : bad(expected);
}

function baseUrl(raw: unknown): Parsed<string> {
  const value = text(raw);
  if (!value.ok) return bad('an http(s) URL');
  try {
    const url = new URL(value.value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad('an http(s) URL');
    if (url.username || url.password) return bad('a URL without credentials');
    return ok(value.value.replace(/\/+$/, ''));
  } catch {
    return bad('an http(s) URL such as https://mgedata.example.cn');
  }
}

/** The settings that flags, environment and config file share (the token is handled on its own). */
export const SETTING_SPECS: readonly SettingSpec[] = [
  { key: 'baseUrl', name: 'base-url', env: 'MGE_BASE_URL', parse: baseUrl },
  { key: 'allowInsecureHttp', name: 'allow-insecure-http', env: 'MGE_ALLOW_INSECURE_HTTP', parse: boolean },
  { key: 'username', name: 'username', env: 'MGE_USERNAME', parse: text },
  { key: 'acceptLanguage', name: 'accept-language', env: 'MGE_ACCEPT_LANGUAGE', parse: text },
  {
    key: 'timeoutMs',
    name: 'timeout',
    env: 'MGE_TIMEOUT',
    parse: (raw) => {
      const seconds = positive(raw);
      return seconds.ok ? ok(Math.round(seconds.value * 1000)) : bad('a positive number of seconds');
    },
  },
  { key: 'rate', name: 'rate', env: 'MGE_RATE', parse: nonNegative },
  { key: 'concurrency', name: 'concurrency', env: 'MGE_CONCURRENCY', parse: count(1) },
  { key: 'maxRetries', name: 'max-retries', env: 'MGE_MAX_RETRIES', parse: count(0) },
  { key: 'maxErrors', name: 'max-errors', env: 'MGE_MAX_ERRORS', parse: count(0) },
  { key: 'maxChanges', name: 'max-changes', env: 'MGE_MAX_CHANGES', parse: count(0) },
  { key: 'maxUncertainStreak', name: 'max-uncertain-streak', env: 'MGE_MAX_UNCERTAIN_STREAK', parse: count(1) },
  {
    key: 'methodsWidth',
    name: 'methods-width',
    env: 'MGE_METHODS_WIDTH',
    parse: (raw) => {
      const n = numberOf(raw);
      return n === 3 || n === 4 ? ok(n) : bad('3 or 4');
    },
  },
  {
    key: 'logLevel',
    name: 'log-level',
    env: 'MGE_LOG_LEVEL',
    parse: (raw) => {
      const level = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      return (LOG_LEVELS as readonly string[]).includes(level) ? ok(level) : bad(`one of ${LOG_LEVELS.join(', ')}`);
    },
  },
  { key: 'logFile', name: 'log-file', env: 'MGE_LOG_FILE', isPath: true, parse: text },
  { key: 'quiet', name: 'quiet', env: 'MGE_QUIET', parse: boolean },
  {
    key: 'progressIntervalMs',
    name: 'progress-interval',
    env: 'MGE_PROGRESS_INTERVAL',
    parse: (raw) => {
      const seconds = positive(raw);
      return seconds.ok ? ok(Math.max(1, Math.round(seconds.value * 1000))) : bad('a positive number of seconds');
    },
  },
  { key: 'json', name: 'json', env: 'MGE_JSON', parse: boolean },
  { key: 'shard', name: 'shard', env: 'MGE_SHARD', parse: shard },
  { key: 'metricsFile', name: 'metrics-file', env: 'MGE_METRICS_FILE', isPath: true, parse: text },
  { key: 'moveDone', name: 'move-done', env: 'MGE_MOVE_DONE', isPath: true, parse: text },
];

/** Config-file keys that are not in {@link SETTING_SPECS}. `token` is deliberately absent: keep it out of files others read. */
export const TOKEN_FILE_SETTING = { name: 'token-file', env: 'MGE_TOKEN_FILE', tokenEnv: 'MGE_TOKEN' } as const;
