/**
 * The worker thread side of {@link threadedCsvRecords}: reads the file of its `workerData` with
 * {@link csvRecords} and serves the batches to the reading thread.
 */
import { workerData } from 'node:worker_threads';
import { serveWorkerBatches } from '../util/serve-worker-batches.js';
import { csvRecords, type CsvReadPlan } from './csv-records.js';
import { CSV_THREAD } from './threaded-csv-records.js';

const { rows, close, bytesRead } = csvRecords(workerData as CsvReadPlan);
await serveWorkerBatches(rows, bytesRead, CSV_THREAD, close);
