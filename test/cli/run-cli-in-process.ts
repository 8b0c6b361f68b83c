import { runCli } from '../../src/cli/run-cli.js';
import type { CliResult } from './run-built-cli.js';

/**
 * Runs the CLI in this process (what `node dist/cli/main.js` runs, without the process start and module
 * loading per run) with only the given environment.
 */
export async function runCliInProcess(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...options.env },
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

let lastInTurn: Promise<unknown> = Promise.resolve();

/**
 * {@link runCliInProcess}, started once the runs started through here before it have ended: jest's ESM
 * loader fails two first imports of one module at once ("… is not in cache"), and commands import their
 * parts on use. For runs a test starts together (`Promise.all`) that need not overlap.
 */
export function runCliInTurn(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  const run = lastInTurn.then(() => runCliInProcess(args, options));
  lastInTurn = run.catch(() => undefined);
  return run;
}
