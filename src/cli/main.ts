#!/usr/bin/env node
import { answerAtStart } from './start-answers.js';

/** Resolves once what was written to stdout and stderr has gone out: a pipe is written asynchronously. */
async function drained(): Promise<void> {
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
}

/** The bin: wires the process to `runCli`; the only place that calls `process.exit`. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // --version, --help and each Tab of the shell completion are answered from what the build wrote
  // down, before yargs (which alone took twice the start of bare node) or any command is loaded.
  const answer = await answerAtStart(argv, process.env, process.stdout.columns);
  if (answer !== undefined) {
    process.stdout.write(answer);
    await drained();
    process.exit(0);
  }
  const { tuneHeap } = await import('./tune-heap.js');
  tuneHeap();
  const { runCli } = await import('./run-cli.js');
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
  const code = await runCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
    hardSignal: hard.signal,
    stderrIsTty: process.stderr.isTTY === true,
  });
  // Let piped stdout/stderr drain before exiting, or long JSON output is cut.
  await drained();
  process.exit(code);
}

void main();
