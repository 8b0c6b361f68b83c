import { requirePlatformAccess } from '../config/require-platform-access.js';
import type { Settings } from '../config/settings.js';
import { createPlatformClient, type PlatformClient } from '../platform/platform-client.js';
import type { Sandbox } from '../platform/sandbox/sandbox-options.js';
import { startSandbox } from '../platform/sandbox/start-sandbox.js';
import { renewableToken } from '../platform/token-source.js';
import { rereadTokenFile } from '../config/reread-token-file.js';

/** A client ready to use, and the in-process sandbox behind it when `--sandbox` was given. */
export interface PlatformSession {
  readonly client: PlatformClient;
  readonly baseUrl: string;
  /** `settings.username`, or `sandbox-curator` on the sandbox. */
  readonly username: string | undefined;
  readonly sandbox: Sandbox | undefined;
  close(): Promise<void>;
}

/** Where `openPlatform` says which platform it uses (the CLI's logger). */
export interface PlatformLog {
  debug(facts: Readonly<Record<string, unknown>>, message: string): void;
}

/** Username the sandbox demo uploads as when none is configured. */
export const SANDBOX_USERNAME = 'sandbox-curator';

/**
 * Opens the platform a command talks to: the configured one (base URL and token required), or with
 * `useSandbox` a sandbox started in-process on a free port with the sample templates.
 */
export async function openPlatform(settings: Settings, useSandbox: boolean, logger: PlatformLog): Promise<PlatformSession> {
  const common = { acceptLanguage: settings.acceptLanguage, timeoutMs: settings.timeoutMs };
  if (useSandbox) {
    const sandbox = await startSandbox({ methodsWidth: 'any' });
    logger.debug({ url: sandbox.url }, 'sandbox platform started in-process');
    return {
      client: createPlatformClient({ ...common, baseUrl: sandbox.url, token: sandbox.token }),
      baseUrl: sandbox.url,
      username: settings.username ?? SANDBOX_USERNAME,
      sandbox,
      close: () => sandbox.close(),
    };
  }
  const access = requirePlatformAccess(settings);
  logger.debug({ baseUrl: access.baseUrl }, 'using the platform');
  // A token from a file may be rotated while a run goes on (platform tokens expire after 10 hours; a
  // mounted secret is rewritten): on a refusal the file is read once more (docs/scheduling.md).
  const tokenFile = settings.tokenFile;
  const tokens = tokenFile === undefined ? undefined : renewableToken(access.token, () => rereadTokenFile(tokenFile));
  return {
    client: createPlatformClient({
      ...common,
      baseUrl: access.baseUrl,
      token: access.token,
      ...(tokens ? { tokens } : {}),
      allowInsecureHttp: access.allowInsecureHttp,
    }),
    baseUrl: access.baseUrl,
    username: settings.username,
    sandbox: undefined,
    close: async () => {},
  };
}
