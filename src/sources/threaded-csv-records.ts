import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CsvReadPlan, CsvRecords } from './csv-records.js';
import { unpackCsvRows, type CsvRow, type PackedCsvRows } from './packed-csv-rows.js';
import { readWorkerBatches } from '../util/read-worker-batches.js';

const WORKER = new URL('./csv-records-worker.js', import.meta.url);

/**
 * From this size on the file is read on a worker thread (~60 ms and 15 MB to start). For `validate`
 * alone it barely pays (10^6 rows: 4.3–5.3 s against 5.2–5.5 s, a third more CPU), but a resume's
 * digests and `ingest`'s mapping go there with the reading, so 1 MiB.
 */
const THREAD_MIN_BYTES = 1024 * 1024;

/** Where a CSV is read: `auto` is a worker thread for files of {@link THREAD_MIN_BYTES} and more. */
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

/** The CSV worker, as error messages name it. */
export const CSV_THREAD = 'the CSV reader thread';

/**
 * {@link csvRecords} on a worker thread: the same batches and errors, with the reading off this
 * thread. Batches arrive packed ({@link PackedCsvRows}) and are cut back into cells here; the worker
 * reads at most a few batches ahead, so memory stays bounded whatever the file's size.
 */
export function threadedCsvRecords(plan: CsvReadPlan): CsvRecords {
  const { batches, close, progress } = readWorkerBatches<PackedCsvRows>(WORKER, plan, CSV_THREAD, plan.start);
  return { rows: unpacked(batches), close, bytesRead: progress };
}

/** The worker's batches as rows; stopping early stops the worker (`batches` closes it when returned). */
async function* unpacked(batches: AsyncGenerator<PackedCsvRows>): AsyncGenerator<CsvRow[]> {
  for await (const packed of batches) yield unpackCsvRows(packed);
}
