import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const BUILT_CLI = resolve(process.cwd(), 'dist', 'cli', 'main.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI (`node dist/cli/main.js`) with only the given environment (no MGE_* leaks in). */
export function runBuiltCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  return runNodeScript(BUILT_CLI, args, options);
}

/** Runs a Node script in a child process with only the given environment, gathering what it prints. */
export function runNodeScript(
  script: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
