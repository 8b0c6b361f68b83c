import { dirname, resolve } from 'node:path';
import type { ErrorLocation } from '../errors/mge-error.js';
import { BoundedReadError, readBoundedFileSync, readFailureText } from '../util/read-bounded-file.js';
import { withoutCredentials } from '../util/url-safety.js';
import { checkToken, MAX_TOKEN_FILE_BYTES } from './check-token.js';
import { readConfigFile, type ConfigValue } from './read-config-file.js';
import { SETTING_SPECS, TOKEN_FILE_SETTING } from './setting-specs.js';
import { settingsError, type SettingProblem } from './setting-problem.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';

export interface SettingsInput {
  /** Parsed flags by their long name (`base-url`); absent or undefined when not given. */
  readonly flags: Readonly<Record<string, unknown>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Relative paths of flags and environment resolve against this. */
  readonly cwd: string;
  /** Reads a config or token file of at most `maxBytes`. @default readBoundedFileSync */
  readonly readFile?: (path: string, maxBytes: number) => string;
}

const CONFIG_KEYS = new Set([...SETTING_SPECS.map((s) => s.name), TOKEN_FILE_SETTING.name]);

type Source = { readonly raw: unknown; readonly location: ErrorLocation; readonly baseDir: string };

/**
 * Builds the one {@link Settings} value: defaults < config file (`--config` / `MGE_CONFIG`) <
 * environment < flags. Every problem is collected and thrown together as a `config` MgeError, each
 * with where it came from (flag, environment variable, or config-file line).
 */
export function loadSettings(input: SettingsInput): Settings {
  const readFile = input.readFile ?? ((path: string, maxBytes: number) => readBoundedFileSync(path, { maxBytes }));
  const env = (name: string): string | undefined => (input.env[name] === '' ? undefined : input.env[name]);
  const flag = (name: string): unknown => input.flags[name];
  const problems: SettingProblem[] = [];

  const configArg = flag('config') ?? env('MGE_CONFIG');
  const configFile = typeof configArg === 'string' && configArg !== '' ? resolve(input.cwd, configArg) : undefined;
  let config: ReadonlyMap<string, ConfigValue> = new Map();
  if (configFile !== undefined) {
    const contents = readConfigFile(configFile, CONFIG_KEYS, readFile);
    problems.push(...contents.problems);
    config = contents.values;
  }

  /** The highest-precedence source that sets `name`. */
  function pick(name: string, envName: string): Source | undefined {
    const fromFlag = flag(name);
    if (fromFlag !== undefined) return { raw: fromFlag, location: { field: `--${name}` }, baseDir: input.cwd };
    const fromEnv = env(envName);
    if (fromEnv !== undefined) return { raw: fromEnv, location: { field: `${envName} (environment)` }, baseDir: input.cwd };
    const fromConfig = config.get(name);
    if (fromConfig !== undefined && configFile !== undefined) {
      return {
        raw: fromConfig.value,
        location: { file: configFile, row: fromConfig.row, col: fromConfig.col, field: name },
        baseDir: dirname(configFile),
      };
    }
    return undefined;
  }

  const origins: Record<string, string> = {};
  if (configFile !== undefined) origins['config'] = flag('config') !== undefined ? '--config' : 'MGE_CONFIG (environment)';
  const values: Record<string, unknown> = { ...DEFAULT_SETTINGS, configFile, origins };
  for (const spec of SETTING_SPECS) {
    const source = pick(spec.name, spec.env);
    if (source === undefined || source.raw === null) continue;
    const parsed = spec.parse(source.raw);
    if (!parsed.ok) {
      // A base URL may carry a password: never echo one.
      problems.push({
        code: 'SETTING_INVALID',
        message: withoutCredentials(`${spec.name} must be ${parsed.expected}, got ${JSON.stringify(source.raw)}`),
        location: source.location,
      });
      continue;
    }
    values[spec.key] = spec.isPath ? resolve(source.baseDir, String(parsed.value)) : parsed.value;
    if (spec.isPath) origins[spec.name] = originOf(source.location);
  }

  values['token'] = readToken();
  if (problems.length > 0) throw settingsError(problems);
  return Object.freeze(values) as unknown as Settings;

  /** `--token-file` > `MGE_TOKEN` > `MGE_TOKEN_FILE` > config `token-file`. */
  function readToken(): string | undefined {
    if (flag('token') !== undefined) {
      problems.push({
        code: 'TOKEN_FLAG_FORBIDDEN',
        message: 'the token is never given as a flag (it would show in `ps`): use MGE_TOKEN or --token-file',
        location: { field: '--token' },
      });
      return undefined;
    }
    const fileFlag = flag(TOKEN_FILE_SETTING.name);
    const direct = env(TOKEN_FILE_SETTING.tokenEnv);
    if (fileFlag === undefined && direct !== undefined) {
      const checked = checkToken(direct);
      if (checked.ok) return checked.token;
      problems.push(
        invalidToken(`the token in ${TOKEN_FILE_SETTING.tokenEnv}`, checked.reason, {
          field: `${TOKEN_FILE_SETTING.tokenEnv} (environment)`,
        }),
      );
      return undefined;
    }
    const source = pick(TOKEN_FILE_SETTING.name, TOKEN_FILE_SETTING.env);
    if (source === undefined || source.raw === null) return undefined;
    if (typeof source.raw !== 'string' || source.raw.trim() === '') {
      problems.push({ code: 'SETTING_INVALID', message: 'token-file must be a file path', location: source.location });
      return undefined;
    }
    const path = resolve(source.baseDir, source.raw);
    values['tokenFile'] = path;
    origins[TOKEN_FILE_SETTING.name] = originOf(source.location);
    let token: string;
    try {
      token = readFile(path, MAX_TOKEN_FILE_BYTES);
    } catch (error) {
      const tooLarge = error instanceof BoundedReadError && error.reason === 'too-large';
      problems.push({
        code: tooLarge ? 'TOKEN_FILE_TOO_LARGE' : 'TOKEN_FILE_UNREADABLE',
        message: tooLarge
          ? `the token file ${path} holds more than ${MAX_TOKEN_FILE_BYTES} bytes: it is not a token file`
          : `cannot read the token file ${path}: ${readFailureText(error)}`,
        location: { ...source.location, file: path },
      });
      return undefined;
    }
    const location = { ...source.location, file: path };
    const checked = checkToken(token);
    if (!checked.ok) {
      problems.push(invalidToken(`the token file ${path} (${source.location.field ?? TOKEN_FILE_SETTING.name})`, checked.reason, location));
      return undefined;
    }
    if (checked.token === undefined) problems.push({ code: 'TOKEN_FILE_EMPTY', message: `the token file ${path} is empty`, location });
    return checked.token;
  }
}

/** `--log-file`, `MGE_LOG_FILE (environment)`, or `log-file (/etc/mge.yaml:7)` for a config-file key. */
function originOf(location: ErrorLocation): string {
  const field = location.field ?? '';
  return location.file === undefined ? field : `${field} (${location.file}:${location.row ?? 1})`;
}

/** TOKEN_INVALID naming where the token came from; never its value. */
function invalidToken(where: string, reason: string, location: ErrorLocation): SettingProblem {
  return { code: 'TOKEN_INVALID', message: `${where} ${reason}`, location };
}
