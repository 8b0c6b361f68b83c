/**
 * The worker thread side of {@link threadedCsvRecords}: reads the file of its `workerData` with
 * {@link csvRecords} and serves the batches, packed (see {@link PackedCsvRows}), to the reading thread.
 */
import { workerData } from 'node:worker_threads';
import { serveWorkerBatches } from '../util/serve-worker-batches.js';
import { csvRecords, type CsvReadPlan } from './csv-records.js';
import { packCsvRows, type CsvRow, type PackedCsvRows } from './packed-csv-rows.js';
import { CSV_THREAD } from './threaded-csv-records.js';

async function* packed(batches: AsyncIterable<CsvRow[]>): AsyncGenerator<PackedCsvRows> {
  for await (const batch of batches) yield packCsvRows(batch);
}

const { rows, close, bytesRead } = csvRecords(workerData as CsvReadPlan);
await serveWorkerBatches(packed(rows), bytesRead, CSV_THREAD, close);
