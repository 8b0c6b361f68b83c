// A long-lived CLI for the test pool (cli-runner-pool.ts): loads the built CLI once, then runs each
// request sent over IPC ({ id, args, env, cwd }) as `node dist/cli/main.js` would, one at a time,
// and answers { id, code, stdout, stderr, peakRssMb }. Started by `fork` with the built CLI's
// folder as its one argument and `--expose-gc`, with only PATH and HOME in its environment: a run's
// environment reaches it only through `io`. Its folder is the run's, as main.ts's process has it: the
// readers name an input as given only when the process's folder is the one it was given in.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const cliFolder = process.argv[2] ?? '';
const load = (name) => import(pathToFileURL(path.join(cliFolder, name)).href);
const { answerAtStart } = await load('start-answers.js');
const { tuneHeap } = await load('tune-heap.js');
const { runCli } = await load('run-cli.js');
// What main.ts does once at start.
tuneHeap();

/** The request being run, with what it printed so far. */
let current;

/** VmHWM, the peak resident memory of this process since the last reset (its threads included), in MiB. */
function peakMb() {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Text of a chunk written to a stream. */
const text = (chunk) =>
  ArrayBuffer.isView(chunk) ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8') : String(chunk);

/** Sends what is written to `stream` (node's warnings, a library's console) to `into` instead, until the returned restore. */
function capture(stream, into) {
  const write = stream.write;
  stream.write = (chunk, ...rest) => {
    into(text(chunk));
    const done = rest.find((r) => typeof r === 'function');
    if (done) process.nextTick(done);
    return true;
  };
  return () => (stream.write = write);
}

async function run(request) {
  const out = { stdout: '', stderr: '' };
  current = { id: request.id, out };
  // What the process itself prints during the run is the run's, as it would be in a process of its own.
  const restore = [capture(process.stdout, (t) => (out.stdout += t)), capture(process.stderr, (t) => (out.stderr += t))];
  // What earlier requests left is collected, and the peak counted from here (writing 5 resets VmHWM).
  globalThis.gc?.();
  process.chdir(request.cwd);
  writeFileSync('/proc/self/clear_refs', '5');
  const io = {
    stdout: { write: (chunk) => (out.stdout += text(chunk)) },
    stderr: { write: (chunk) => (out.stderr += text(chunk)) },
    env: request.env,
    cwd: request.cwd,
    stderrIsTty: false,
  };
  // As main.ts: the start-up answers first (stdout is a pipe there too: no columns), then the CLI.
  const answer = await answerAtStart(request.args, request.env, undefined);
  let code = 0;
  if (answer !== undefined) out.stdout += answer;
  else code = await runCli(request.args, io);
  for (const undo of restore) undo();
  current = undefined;
  process.send({ id: request.id, code, ...out, peakRssMb: peakMb() });
}

// An error nothing caught ends the process as it would end the CLI's (exit 1, the stack on stderr).
process.on('uncaughtException', (error) => {
  const answer = current ?? { id: undefined, out: { stdout: '', stderr: '' } };
  const stack = error instanceof Error ? (error.stack ?? String(error)) : String(error);
  process.send({ id: answer.id, code: 1, ...answer.out, stderr: `${answer.out.stderr}${stack}\n`, crashed: true }, () => process.exit(1));
});

process.on('message', (request) => void run(request));
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
