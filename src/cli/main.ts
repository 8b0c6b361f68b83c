#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { tuneHeap } from './tune-heap.js';

/** The bin: wires the process to {@link runCli}; the only place that calls `process.exit`. */
async function main(): Promise<void> {
  tuneHeap();
  const controller = new AbortController();
  const hard = new AbortController();
  const onSignal = (): void => {
    // A third signal exits at once, whatever is still running.
    if (hard.signal.aborted) process.exit(130);
    if (controller.signal.aborted) {
      // The second means "stop now": commands that drain cancel what is in flight and close their files.
      hard.abort();
      return;
    }
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
    hardSignal: hard.signal,
    stderrIsTty: process.stderr.isTTY === true,
  });
  // Let piped stdout/stderr drain before exiting, or long JSON output is cut.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

void main();
