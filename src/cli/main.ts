#!/usr/bin/env node
import { runCli } from './run-cli.js';

/** The bin: wires the process to {@link runCli}; the only place that calls `process.exit`. */
async function main(): Promise<void> {
  const controller = new AbortController();
  const onSignal = (): void => {
    // A second signal means "stop now": in-flight work is abandoned.
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
  });
  // Let piped stdout/stderr drain before exiting, or long JSON output is cut.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

void main();
