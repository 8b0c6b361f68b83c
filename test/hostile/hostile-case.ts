import type { ChildProcess } from 'node:child_process';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { SandboxOptions, StoredRecord } from '../../src/platform/sandbox/sandbox-options.js';
import type { PooledRunOptions } from '../helpers/cli-runner-pool.js';
import type { MeasuredRun } from '../helpers/run-measured-cli.js';

/**
 * One row of the hostile-input corpus: how its inputs are made, the command line, and what must come
 * of it. Every case also gets the checks every case gets (see `runHostileCase`): it ended by itself
 * within its time and memory bounds, printed no stack trace, changed none of its inputs, sent
 * nothing it was not allowed to, and never showed its token.
 */
export interface HostileCase {
  /** Says what the input is and what must happen, e.g. `CSV: a FIFO nobody writes is refused at once`. */
  readonly name: string;
  /** What the CLI talks to (`MGE_BASE_URL`). @default the sandbox platform, no faults */
  readonly platform?: Platform;
  /** The case's secret: the token the platform accepts (`MGE_TOKEN`). @default a random one */
  readonly token?: string;
  /**
   * Makes the inputs in the case's folder, which already holds `mapping.yaml` (the steel sample's),
   * `templates.json` (the sample templates) and `input.csv` (the steel sample's first five rows).
   * May return a clean-up to run after the case.
   */
  readonly make?: (c: CaseFiles) => void | Promise<void> | Promise<() => Promise<void>>;
  /** The command line, run in the case's folder (relative names are the folder's files). */
  readonly args: (c: CaseFiles) => readonly string[];
  /** Environment over the default (`MGE_BASE_URL`, `MGE_TOKEN`, `MGE_USERNAME`, `XDG_CACHE_HOME`, `XDG_RUNTIME_DIR`); undefined removes one. */
  readonly env?: (c: CaseFiles) => Readonly<Record<string, string | undefined>>;
  /** The exit code. */
  readonly exit: number;
  /** The `error CODE:` printed, or none at all when undefined. */
  readonly code?: string;
  /**
   * What reached the platform during the run (not while its inputs were made): records the sandbox
   * stored plus submits it refused, or POSTs an adversary received. @default 0 (nothing was sent)
   */
  readonly sent?: number;
  /** Requests of any kind the platform received; checked only when given (0: nothing was asked). */
  readonly requests?: number;
  /** Files of the case's folder the run may change (the report it appends to, say). @default none */
  readonly writes?: readonly string[];
  /**
   * Where the CLI runs: `pool`, a long-lived runner of the suite's pool (the CLI loaded once, a run as
   * `runCli` in it); `own`, a `node dist/cli/main.js` of its own, for what only a process shows (its
   * signals, its command line, node's flags, its exit). @default `own` for a case with `during` or
   * that sets NODE_OPTIONS, else `pool`
   */
  readonly process?: 'own' | 'pool';
  /** Runs while the CLI runs (a pipe's writer, a look at the process list); needs a process of its own. */
  readonly during?: (child: ChildProcess, c: CaseFiles) => Promise<void>;
  /** Checks of its own, once the run ended. */
  readonly check?: (r: CaseRun) => void | Promise<void>;
  /** Bounds on the run, over the corpus' own. */
  readonly bounds?: { readonly ms?: number; readonly rssMb?: number };
}

/** A request an adversary received, its body read whole. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A server that answers as it likes: the one misbehavior a case is about. */
export type Adversary = (req: SeenRequest, res: ServerResponse, c: CaseFiles) => void;

/** The project's sandbox platform (with its fault options), an adversary, or no server at all. */
export type Platform = { readonly sandbox: SandboxOptions } | { readonly adversary: Adversary } | 'none';

/** A case's folder, platform and secret. */
export interface CaseFiles {
  readonly dir: string;
  /** A path in the case's folder. */
  at(name: string): string;
  /** The platform's base URL (an address nothing listens on when the platform is `none`). */
  readonly url: string;
  readonly token: string;
  /** Runs the built CLI through the suite's pool (to make an input, or read an output), with only `env`. */
  runCli(args: readonly string[], options: PooledRunOptions): Promise<MeasuredRun>;
}

/** What a case's own `check` gets. */
export interface CaseRun extends CaseFiles {
  readonly run: MeasuredRun;
  /** Requests an adversary received during the run, in order. */
  readonly seen: readonly SeenRequest[];
  /** Records the sandbox stored during the run. */
  readonly stored: readonly StoredRecord[];
}
