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
