import { MgeError, type ErrorLocation } from '../errors/mge-error.js';
import { formatLocation } from '../errors/format-location.js';

/**
 * Codes of the settings (kind `config`, exit 2). Several problems are one `SETTINGS_INVALID` with
 * {@link SettingsError.problems}; `BASE_URL_INSECURE` and `USERNAME_MISSING` are also the client's and
 * an upload's own.
 */
export type ConfigErrorCode =
  | 'SETTINGS_INVALID'
  | 'SETTING_INVALID'
  | 'CONFIG_FILE_TOO_LARGE'
  | 'CONFIG_FILE_UNREADABLE'
  | 'CONFIG_YAML_INVALID'
  | 'CONFIG_NOT_A_MAP'
  | 'CONFIG_KEY_UNKNOWN'
  | 'TOKEN_FLAG_FORBIDDEN'
  | 'TOKEN_INVALID'
  | 'TOKEN_FILE_TOO_LARGE'
  | 'TOKEN_FILE_UNREADABLE'
  | 'TOKEN_FILE_EMPTY'
  | 'TOKEN_MISSING'
  | 'BASE_URL_MISSING'
  | 'BASE_URL_INSECURE'
  | 'USERNAME_MISSING';

/** One thing wrong with the settings, and where it came from. */
export interface SettingProblem {
  readonly code: ConfigErrorCode;
  readonly message: string;
  readonly location: ErrorLocation;
}

/** A setting that cannot be used: always kind `config`, naming where it came from (flag, environment, config line). */
export class ConfigError extends MgeError<ConfigErrorCode> {
  constructor(code: ConfigErrorCode, message: string, options: { readonly location?: ErrorLocation; readonly hint?: string } = {}) {
    super('config', code, message, options);
  }
}

/** Every problem the settings have, found at once: each with its code and where it came from. */
export class SettingsError extends ConfigError {
  /** All of them, in the order they were found (config file, then each setting, then the token). */
  readonly problems: readonly SettingProblem[];

  constructor(problems: readonly SettingProblem[]) {
    const [first] = problems;
    if (first === undefined) throw new Error('a SettingsError needs at least one problem');
    if (problems.length === 1) {
      super(first.code, first.message, {
        location: first.location,
        hint: 'See `mge-ingest --help` and the Configuration section of the README.',
      });
    } else {
      const lines = problems.map((p) => `  - ${p.message} (${formatLocation(p.location)})`).join('\n');
      // Each line names its own source; one shared location would only repeat the first.
      super('SETTINGS_INVALID', `${problems.length} problems in the settings:\n${lines}`, {
        hint: 'Fix them all, then run again; see the Configuration section of the README.',
      });
    }
    this.problems = problems;
  }
}

/** One error for all problems found (a single problem keeps its own code). */
export function settingsError(problems: readonly SettingProblem[]): SettingsError {
  return new SettingsError(problems);
}
