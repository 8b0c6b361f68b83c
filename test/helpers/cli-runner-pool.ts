import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_CLI } from '../cli/run-built-cli.js';
import type { MeasuredRun } from './run-measured-cli.js';

const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli-runner-child.mjs');

/** What a runner answers: a request's outcome, or (first) that it is ready. */
interface Answer {
  readonly ready?: true;
  readonly id?: number;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly peakRssMb: number;
  readonly crashed?: true;
}

/** One long-lived CLI process (cli-runner-child.mjs) and the request it runs, if any. */
interface Runner {
  readonly child: ChildProcess;
  /** Resolves once the runner has loaded the CLI, or has died. */
  ready: Promise<void>;
  /** It said it had loaded the CLI. */
  started: boolean;
  pending: { readonly id: number; readonly done: (answer: Answer) => void } | undefined;
  /** Output the process itself printed (not a run's `io`): an error nothing caught, say. */
  raw: string;
}

/** Options of one run, as runMeasuredCli takes them. */
export interface PooledRunOptions {
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  /** Kills the runner (and so the run) after this long: a hang fails the case instead of stalling the suite. */
  readonly killAfterMs?: number;
}

/** Runs the built CLI in long-lived processes, one run at a time in each, started once and reused. */
export interface CliPool {
  run(args: readonly string[], options?: PooledRunOptions): Promise<MeasuredRun>;
  /** Ends every runner; to be awaited in `afterAll`, so jest has no process left to wait for. */
  close(): Promise<void>;
}

/**
 * A pool of at most `size` runners (jest's maxConcurrency: one for each case running at once). A run
 * is what `node dist/cli/main.js` does (see cli-runner-child.mjs) without the process start and
 * module loading, about half a second of CPU each; its peak memory is its runner's VmHWM, reset
 * before the run, so it counts the runner's own modules too. A run past its time kills its runner
 * (reported `killed`), and a runner that died is replaced by a new one at the next run. `cliFolder`
 * holds the CLI's start-up answers, heap tuning and `runCli` modules. @default the built CLI's
 */
export function createCliPool(size: number, options: { readonly cliFolder?: string } = {}): CliPool {
  const cliFolder = options.cliFolder ?? path.dirname(BUILT_CLI);
  const idle: Runner[] = [];
  const all = new Set<Runner>();
  const waiting: ((runner: Runner) => void)[] = [];
  let nextId = 0;
  let closed = false;

  function start(): Runner {
    const child = fork(RUNNER, [cliFolder], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let ready: () => void = () => undefined;
    const runner: Runner = { child, ready: new Promise((resolve) => (ready = resolve)), pending: undefined, started: false, raw: '' };
    child.stdout?.on('data', (chunk: Buffer) => (runner.raw += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (runner.raw += chunk.toString('utf8')));
    child.on('message', (answer: Answer) => {
      if (answer.ready) return ((runner.started = true), ready());
      const pending = runner.pending;
      if (pending === undefined || answer.id !== pending.id) return;
      runner.pending = undefined;
      pending.done(answer);
    });
    // A send to a runner that just died: its exit (below) answers the run.
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      all.delete(runner);
      const at = idle.indexOf(runner);
      if (at >= 0) idle.splice(at, 1);
      ready();
      const pending = runner.pending;
      runner.pending = undefined;
      // Died during a run, as a CLI process that crashed would: its exit and what the process printed.
      pending?.done({
        code: code ?? 1,
        stdout: '',
        stderr: `${runner.raw}(runner ended: ${signal ?? String(code)})\n`,
        peakRssMb: Number.NaN,
      });
      // A place freed: a run waiting for one starts a runner of its own.
      if (!closed && waiting.length > 0) waiting.shift()?.(start());
    });
    all.add(runner);
    return runner;
  }

  function take(): Promise<Runner> {
    const runner = idle.pop();
    if (runner) return Promise.resolve(runner);
    if (all.size < size) return Promise.resolve(start());
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(runner: Runner): void {
    if (!all.has(runner)) return;
    const next = waiting.shift();
    if (next) next(runner);
    else idle.push(runner);
  }

  async function run(args: readonly string[], options: PooledRunOptions = {}): Promise<MeasuredRun> {
    if (closed) throw new Error('the CLI pool is closed');
    const runner = await take();
    await runner.ready;
    if (!runner.started) throw new Error(`the CLI runner did not start (is the CLI built?): ${runner.raw}`);
    if (!all.has(runner)) return run(args, options);
    const id = (nextId += 1);
    const started = performance.now();
    let killed = false;
    const answer = await new Promise<Answer>((done) => {
      runner.raw = '';
      const timer = setTimeout(() => {
        killed = true;
        runner.child.kill('SIGKILL');
      }, options.killAfterMs ?? 30_000);
      runner.pending = { id, done: (a) => (clearTimeout(timer), done(a)) };
      const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...options.env };
      runner.child.send({ id, args, env, cwd: options.cwd ?? process.cwd() });
    });
    const ms = performance.now() - started;
    if (answer.crashed) runner.child.kill('SIGKILL');
    else release(runner);
    return {
      code: killed ? null : answer.code,
      stdout: answer.stdout,
      stderr: answer.stderr,
      ms,
      peakRssMb: killed ? Number.NaN : answer.peakRssMb,
      killed,
    };
  }

  async function close(): Promise<void> {
    closed = true;
    await Promise.all(
      [...all].map(async ({ child }) => {
        const ended = once(child, 'exit');
        child.kill('SIGKILL');
        await ended;
      }),
    );
  }

  return { run, close };
}
