import type { Argv, Options } from 'yargs';
import { LOG_LEVELS } from '../config/settings.js';
import { numeric } from './parse-option.js';

/**
 * Settings flags, grouped by the commands that need them. A command declares its groups; only those
 * flags are offered and read, so a command may reuse a name for its own option (the sandbox's
 * `--methods-width any`).
 */
export type SettingGroup = 'platform' | 'upload' | 'output' | 'progress' | 'unattended';

const COMMON: Record<string, Options> = {
  config: { type: 'string', describe: 'YAML config file (or MGE_CONFIG)', group: 'Settings:' },
  'log-level': { type: 'string', choices: LOG_LEVELS, describe: 'log level (MGE_LOG_LEVEL) [default: info]', group: 'Settings:' },
  'log-file': { type: 'string', describe: 'write JSON-lines logs to this file instead of stderr (MGE_LOG_FILE)', group: 'Settings:' },
};

const GROUPS: Record<SettingGroup, Record<string, Options>> = {
  platform: {
    'base-url': { type: 'string', describe: 'platform address, e.g. https://mgedata.example.cn (MGE_BASE_URL)', group: 'Platform:' },
    'token-file': {
      type: 'string',
      describe: 'file holding the access token (or MGE_TOKEN / MGE_TOKEN_FILE; never a flag)',
      group: 'Platform:',
    },
    'allow-insecure-http': {
      type: 'boolean',
      describe: 'send the token over plain http:// to a remote host (MGE_ALLOW_INSECURE_HTTP); refused otherwise',
      group: 'Platform:',
    },
    username: { type: 'string', describe: 'user the records are uploaded for (MGE_USERNAME)', group: 'Platform:' },
    'accept-language': {
      type: 'string',
      describe: 'Accept-Language sent to the platform, e.g. en (MGE_ACCEPT_LANGUAGE)',
      group: 'Platform:',
    },
    timeout: numeric({
      describe: 'deadline of each request, start to last byte of the answer, in seconds (MGE_TIMEOUT) [default: 30]',
      group: 'Platform:',
    }),
    sandbox: {
      type: 'boolean',
      describe: 'start the local sandbox platform in-process (sample templates, no credentials needed)',
      group: 'Platform:',
    },
  },
  upload: {
    rate: numeric({
      describe:
        'requests started per second, 0 = unlimited (MGE_RATE) [default: 5: the platform is one server shared by every curator and limits no one itself; 312 rows take about a minute]',
      group: 'Upload:',
    }),
    concurrency: numeric({ describe: 'requests in flight (MGE_CONCURRENCY) [default: 4]', group: 'Upload:' }),
    'max-retries': numeric({ describe: 'retries per record where safe (MGE_MAX_RETRIES) [default: 5]', group: 'Upload:' }),
    'max-errors': numeric({
      describe:
        'stop after N invalid records: the run ends early (MAX_ERRORS_REACHED, exit 1), the rest of the input is not read (MGE_MAX_ERRORS)',
      group: 'Upload:',
    }),
    'max-changes': numeric({
      describe:
        'stop early (MAX_CHANGES_REACHED, exit 1) when more than N known rows come with new content; the row past N is reported changed, not sent (MGE_MAX_CHANGES)',
      group: 'Upload:',
    }),
    'max-uncertain-streak': numeric({
      describe:
        'stop (exit 3) after N uploads in a row end with an unknown outcome (500, 502, 504, reset after sending); any certain answer resets the count (MGE_MAX_UNCERTAIN_STREAK) [default: 10]',
      group: 'Upload:',
    }),
    'methods-width': numeric({
      describe: 'width of the source.methods mask, 3 or 4 (MGE_METHODS_WIDTH) [default: 3]',
      group: 'Upload:',
    }),
  },
  output: {
    json: { type: 'boolean', describe: 'print JSON for scripts instead of tables', group: 'Output:' },
    quiet: { type: 'boolean', describe: 'no progress output (MGE_QUIET)', group: 'Output:' },
  },
  unattended: {
    shard: {
      type: 'string',
      describe:
        "only the rows whose key falls in shard I of N (0 ≤ I < N): the first 4 bytes of the key's SHA-256 modulo N, the same on every machine and run; each shard needs its own --report; --rate is per process (MGE_SHARD)",
      group: 'Unattended:',
    },
    'metrics-file': {
      type: 'string',
      describe:
        "write Prometheus metrics of the run here at its end, failed runs too, for node_exporter's textfile collector (MGE_METRICS_FILE)",
      group: 'Unattended:',
    },
    'move-done': {
      type: 'string',
      describe: 'move each input whose every row ended uploaded or skipped as uploaded into this folder after the run (MGE_MOVE_DONE)',
      group: 'Unattended:',
    },
  },
  progress: {
    'progress-interval': numeric({
      describe: 'seconds between progress lines when stderr is not a terminal (MGE_PROGRESS_INTERVAL) [default: 5]',
      group: 'Output:',
    }),
  },
};

/** Adds the flags of the given groups (and the always-present config/log flags) to a command. */
export function addSettingOptions(yargs: Argv, groups: readonly SettingGroup[]): Argv {
  let result = yargs.options(COMMON);
  for (const group of groups) result = result.options(GROUPS[group]);
  return result;
}

/** The settings flags of the given groups as given on the command line (absent ones left out). */
export function settingFlags(args: Readonly<Record<string, unknown>>, groups: readonly SettingGroup[]): Record<string, unknown> {
  const names = [...Object.keys(COMMON), ...groups.flatMap((g) => Object.keys(GROUPS[g]))].filter((n) => n !== 'sandbox');
  return Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));
}
