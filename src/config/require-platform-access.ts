import { settingsError, type SettingProblem } from './setting-problem.js';
import type { Settings } from './settings.js';

/** Where and with what a command talks to the platform. */
export interface PlatformAccess {
  readonly baseUrl: string;
  readonly token: string;
}

/** The base URL and token a platform command needs, or one `config` error naming both when missing. */
export function requirePlatformAccess(settings: Settings): PlatformAccess {
  const problems: SettingProblem[] = [];
  if (settings.baseUrl === undefined) {
    problems.push({ code: 'BASE_URL_MISSING', message: 'no platform address: set MGE_BASE_URL or --base-url (or use --sandbox to try the tool locally)', location: { field: 'MGE_BASE_URL' } });
  }
  if (settings.token === undefined) {
    problems.push({ code: 'TOKEN_MISSING', message: 'no access token: set MGE_TOKEN or MGE_TOKEN_FILE, or pass --token-file (or use --sandbox)', location: { field: 'MGE_TOKEN' } });
  }
  if (problems.length > 0) throw settingsError(problems);
  return { baseUrl: settings.baseUrl!, token: settings.token! };
}
