import { cleartextHost } from '../util/url-safety.js';
import { settingsError, type SettingProblem } from './setting-problem.js';
import type { Settings } from './settings.js';

/** Where and with what a command talks to the platform. */
export interface PlatformAccess {
  readonly baseUrl: string;
  readonly token: string;
  /** The user allowed the token over plain `http://` to a remote host. */
  readonly allowInsecureHttp: boolean;
}

/**
 * The base URL and token a platform command needs, or one `config` error naming every problem: either
 * missing, or a plain `http://` address of another machine (the token would cross the network in
 * clear) without `allowInsecureHttp`.
 */
export function requirePlatformAccess(settings: Settings): PlatformAccess {
  const problems: SettingProblem[] = [];
  if (settings.baseUrl === undefined) {
    problems.push({
      code: 'BASE_URL_MISSING',
      message: 'no platform address: set MGE_BASE_URL or --base-url (or use --sandbox to try the tool locally)',
      location: { field: 'MGE_BASE_URL' },
    });
  }
  if (settings.token === undefined) {
    problems.push({
      code: 'TOKEN_MISSING',
      message: 'no access token: set MGE_TOKEN or MGE_TOKEN_FILE, or pass --token-file (or use --sandbox)',
      location: { field: 'MGE_TOKEN' },
    });
  }
  const cleartext = settings.baseUrl === undefined ? undefined : cleartextHost(settings.baseUrl);
  if (cleartext !== undefined && !settings.allowInsecureHttp) {
    problems.push({
      code: 'BASE_URL_INSECURE',
      message: `the base URL is plain http:// to ${cleartext}: the token would cross the network readable by anyone on the way. Use https://, or allow it with --allow-insecure-http (MGE_ALLOW_INSECURE_HTTP)`,
      location: { field: 'MGE_BASE_URL' },
    });
  }
  if (problems.length > 0) throw settingsError(problems);
  return { baseUrl: settings.baseUrl!, token: settings.token!, allowInsecureHttp: settings.allowInsecureHttp };
}
