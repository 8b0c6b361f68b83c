import path from 'node:path';
import type { Sandbox, SandboxOptions } from '../../src/platform/sandbox/sandbox-options.js';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { makeTempDir } from './temp-dir.js';

/** Sandbox options, plus `inMemory` for a sandbox with no folder and no store file. */
export type WithSandboxOptions = SandboxOptions & { readonly inMemory?: boolean };

/** Runs `test` with a sandbox on a free port that keeps its records in memory only, and closes it. */
export function withSandbox<T>(options: SandboxOptions & { readonly inMemory: true }, test: (sandbox: Sandbox) => Promise<T>): Promise<T>;
/** Runs `test` with a sandbox on a free port that stores into `store.jsonl` of a fresh folder, and closes it. */
export function withSandbox<T>(options: SandboxOptions, test: (sandbox: Sandbox, dir: string, storeFile: string) => Promise<T>): Promise<T>;
export async function withSandbox<T>(
  options: WithSandboxOptions,
  test: (sandbox: Sandbox, dir: string, storeFile: string) => Promise<T>,
): Promise<T> {
  const { inMemory, ...sandboxOptions } = options;
  let dir = '';
  let storeFile = '';
  if (inMemory !== true) {
    dir = await makeTempDir('mge-e2e-');
    storeFile = path.join(dir, 'store.jsonl');
  }
  const sandbox = await startSandbox({ port: 0, ...(inMemory === true ? {} : { storeFile }), ...sandboxOptions });
  try {
    return await test(sandbox, dir, storeFile);
  } finally {
    await sandbox.close();
  }
}
