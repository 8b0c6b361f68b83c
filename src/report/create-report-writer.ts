import { writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { isMgeError, MgeError } from '../errors/mge-error.js';
import type { ReportLineInput } from './report-lines.js';
import { ReportError } from './report-errors.js';

export interface ReportWriterOptions {
  /** Longest time a written line may stay only in the OS cache before an fsync. @default 1000 */
  readonly fsyncIntervalMs?: number;
  /** Epoch ms, for the `at` stamp of each line. @default Date.now */
  readonly clock?: () => number;
  /**
   * Called before every append; whatever it throws fails that write and every later one, and nothing
   * more is appended (the report lock's `assertHeld`: a run whose lock was taken over stops writing).
   * @default undefined
   */
  readonly guard?: () => void;
}

/** Appends lines to a report. Writes are ordered; each resolves once its bytes are in the OS. */
export interface ReportWriter {
  readonly file: string;
  /** Stamps `at`, serializes, appends with one write call; resolves after the write returned. */
  write(line: ReportLineInput): Promise<void>;
  /** Forces everything written so far to disk. */
  sync(): Promise<void>;
  /** Flushes, fsyncs and closes; safe to call twice. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  // One call writes a whole batch in practice; the loop only covers a short write (disk nearly full).
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/**
 * The line as JSON with `type` then `at` first, so a person reading the file sees them at the start
 * of every line. Lines are built with `type` first, so the stamp is spliced in after it instead of
 * copying the line into a new object twice; any other line takes the copying way.
 */
function serialize(line: ReportLineInput, at: string): string {
  const json = JSON.stringify(line);
  const head = `{"type":${JSON.stringify(line.type)}`;
  // What follows the type is `,` and the other members, or the closing `}`.
  if (!('at' in line) && json.startsWith(head)) return `${head},"at":"${at}"${json.slice(head.length)}`;
  const { type, ...rest } = line;
  return JSON.stringify({ type, at, ...rest });
}

/**
 * A row line with its input named by index in the latest run line's `inputs` (scanReport names it
 * again): the file name, often a long path, is then written once per run instead of once per row.
 */
export function shortenLocation(line: ReportLineInput, inputIndex: ReadonlyMap<string, number>): ReportLineInput {
  if (!('location' in line)) return line;
  const index = inputIndex.get(line.location.file);
  if (index === undefined) return line;
  return { ...line, location: { ...line.location, file: index as unknown as string } };
}

/**
 * Opens `file` for appending (O_APPEND); a line goes out in one write, so a crash tears at most the last one.
 * Lines of one event-loop turn are group-committed in one synchronous `write(2)`: async writes cost ~15% of
 * an ingest's main thread at 16 in flight (ARCHITECTURE.md → "Upload and the report", Intent before send).
 * fsync within `fsyncIntervalMs`, and on `close`.
 */
export async function createReportWriter(file: string, options: ReportWriterOptions = {}): Promise<ReportWriter> {
  const interval = options.fsyncIntervalMs ?? 1000;
  const clock = options.clock ?? Date.now;
  let handle: FileHandle;
  try {
    handle = await open(file, 'a');
  } catch (cause) {
    throw new ReportError('REPORT_NOT_WRITABLE', `Cannot open the report ${file} for writing`, {
      location: { file },
      hint: 'Check that the folder exists and is writable.',
      cause,
    });
  }
  let inputIndex: ReadonlyMap<string, number> = new Map();
  let chain: Promise<void> = Promise.resolve();
  let failure: MgeError | undefined;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;

  const fail = (cause: unknown): MgeError => {
    failure ??= new ReportError('REPORT_WRITE_FAILED', `Cannot write the report ${file}`, { location: { file }, cause });
    return failure;
  };

  /** Runs `step` after everything before it; after a failure, every later step fails the same way. */
  function enqueue(step: () => Promise<void>): Promise<void> {
    const next = chain.then(async () => {
      if (failure !== undefined) throw failure;
      try {
        await step();
      } catch (cause) {
        throw fail(cause);
      }
    });
    chain = next.catch(() => undefined);
    return next;
  }

  // The lines of this event-loop turn and the one promise all their writes share: they reach the OS in
  // one write call, so they succeed or fail together.
  let batch: string[] = [];
  let settle: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;
  let scheduled: NodeJS.Immediate | undefined;
  const flushBatch = (): void => {
    scheduled = undefined;
    const taken = batch;
    const done = settle;
    batch = [];
    settle = undefined;
    if (taken.length === 0 || done === undefined) return;
    if (failure === undefined) {
      try {
        options.guard?.();
      } catch (error) {
        failure = isMgeError(error) ? error : fail(error);
        done.reject(failure);
        return;
      }
      try {
        writeAll(handle.fd, Buffer.from(taken.join(''), 'utf8'));
        dirty = true;
        scheduleSync();
        done.resolve();
        return;
      } catch (cause) {
        fail(cause);
      }
    }
    done.reject(failure);
  };

  // Lines of one millisecond share their stamp: formatting a date is a measurable share of a line.
  let stampedAt = Number.NaN;
  let stamp = '';
  const stampOf = (now: number): string => {
    if (now !== stampedAt) {
      stampedAt = now;
      stamp = new Date(now).toISOString();
    }
    return stamp;
  };

  const fsyncNow = (): Promise<void> =>
    enqueue(async () => {
      if (!dirty) return;
      dirty = false;
      await handle.datasync();
    });

  function scheduleSync(): void {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      fsyncNow().catch(() => undefined);
    }, interval);
    timer.unref();
  }

  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (scheduled !== undefined) clearImmediate(scheduled);
      flushBatch();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      try {
        await fsyncNow();
      } finally {
        await handle.close();
      }
    })();
    return closing;
  };

  return {
    file,
    write(line: ReportLineInput): Promise<void> {
      if (closing) return Promise.reject(new ReportError('REPORT_CLOSED', `The report ${file} is closed`));
      if (failure !== undefined) return Promise.reject(failure);
      if (line.type === 'run') inputIndex = new Map(line.inputs.map((input, i) => [input.file, i]));
      batch.push(`${serialize(shortenLocation(line, inputIndex), stampOf(clock()))}\n`);
      if (settle === undefined) {
        let resolve!: () => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        settle = { promise, resolve, reject };
      }
      scheduled ??= setImmediate(flushBatch);
      return settle.promise;
    },
    sync: fsyncNow,
    close,
    [Symbol.asyncDispose]: close,
  };
}
