import type { SandboxOptions, SandboxStats } from '../platform/sandbox/sandbox-options.js';
import { startSandbox } from '../platform/sandbox/start-sandbox.js';

export type { SandboxOptions, SandboxStats } from '../platform/sandbox/sandbox-options.js';

/** Where {@link serveSandbox} says it is ready. */
export interface ServeSandboxDeps {
  /** Stops serving (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Told once it listens: its address and the token it accepts (not a secret). */
  readonly onListening: (listening: { readonly url: string; readonly token: string }) => void;
}

/**
 * `sandbox`: serves the sandbox platform (the five storage endpoints, with the seeded faults of
 * `options`) until `signal` aborts, then closes it.
 * @returns what it served: requests, records stored, rejected, busy, failed, resets.
 */
export async function serveSandbox(options: SandboxOptions, deps: ServeSandboxDeps): Promise<SandboxStats> {
  const sandbox = await startSandbox(options);
  deps.onListening({ url: sandbox.url, token: sandbox.token });
  await new Promise<void>((done) => (deps.signal.aborted ? done() : deps.signal.addEventListener('abort', () => done(), { once: true })));
  const stats = sandbox.stats();
  await sandbox.close();
  return stats;
}
