import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MgeError } from '../errors/mge-error.js';
import type { CsvReadPlan, CsvRecords } from './csv-records.js';
import { fromWireError, type CsvWorkerMessage } from './csv-wire.js';
import type { RawRow } from './raw-row.js';
import { createWakeUp } from '../util/create-wake-up.js';

const WORKER = new URL('./csv-records-worker.js', import.meta.url);

/**
 * From this size on, csv-parse runs on a worker thread while this thread maps, validates and uploads:
 * the two halves of the work then take two cores (parsing and mapping cost about the same per row).
 * A 1 MiB file takes some 50 ms to parse; starting the thread about 20 ms and 15 MB of memory.
 */
const THREAD_MIN_BYTES = 1024 * 1024;

/** Where csv-parse runs: `auto` is a worker thread for files of {@link THREAD_MIN_BYTES} and more. */
export type CsvThread = 'auto' | 'worker' | 'main';

/** True when the worker module exists next to this one (it does in the built package). */
function workerAvailable(): boolean {
  return WORKER.protocol === 'file:' && existsSync(fileURLToPath(WORKER));
}

/** Whether a CSV file is read on a worker thread. */
export async function readsOnWorker(file: string, thread: CsvThread): Promise<boolean> {
  if (thread !== 'auto') return thread === 'worker';
  // The worker is a built module: code run from the TypeScript sources (the unit tests) reads here.
  return workerAvailable() && (await stat(file)).size >= THREAD_MIN_BYTES;
}

/**
 * {@link csvRecords} on a worker thread: the same batches and errors, with csv-parse's work off this
 * thread. Batches arrive by structured clone (a fifth of parsing's cost, paid here); the worker reads
 * at most a few batches ahead, so memory stays bounded whatever the file's size.
 */
export function threadedCsvRecords(plan: CsvReadPlan): CsvRecords {
  // No flags of the launching process: they are meant for its entry (`--input-type`, `--eval` break a
  // worker that is a module file) and the worker only parses. Its garbage is short-lived batches:
  // with V8's default young generation (up to 48 MB, sized up as the run goes on) a 200k-row ingest
  // peaked 30 MB above a 20k-row one; capped at 8 MB the two peak within 5 % of each other.
  const worker = new Worker(WORKER, { workerData: plan, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  worker.unref();
  const inbox: CsvWorkerMessage[] = [];
  let crashed: unknown;
  let exited = false;
  const { wait, wake: notify } = createWakeUp();
  // Where the worker's reader was when it sent the batch handed out last.
  let bytes = plan.start;
  worker.on('message', (message: CsvWorkerMessage) => {
    inbox.push(message);
    notify();
  });
  worker.on('error', (error) => {
    crashed ??= error;
    notify();
  });
  worker.on('exit', () => {
    exited = true;
    notify();
  });
  let closing = false;
  const close = async (): Promise<void> => {
    closing = true;
    if (!exited) await worker.terminate();
  };
  async function* rows(): AsyncGenerator<RawRow[]> {
    try {
      for (;;) {
        const message = inbox.shift();
        if (message === undefined) {
          if (crashed !== undefined) throw new MgeError('internal', 'INTERNAL_ERROR', `the CSV reader thread failed: ${(crashed as Error).message}`, { cause: crashed });
          // Stopped by close() (the consumer is done): an end, not a failure.
          if (exited && closing) return;
          if (exited) throw new MgeError('internal', 'INTERNAL_ERROR', 'the CSV reader thread stopped before the end of the file');
          // Referenced only while this thread waits for it: a reader abandoned without close() must
          // not keep the process alive (the worker would wait for credits for ever).
          worker.ref();
          await wait();
          worker.unref();
          continue;
        }
        if (message.type === 'end') return;
        if (message.type === 'error') throw fromWireError(message.error);
        worker.postMessage('more');
        bytes = message.bytes;
        yield message.rows;
      }
    } finally {
      await close();
    }
  }
  return { rows: rows(), close, bytesRead: () => bytes };
}
