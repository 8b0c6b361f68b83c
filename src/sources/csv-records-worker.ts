/**
 * The worker thread side of {@link threadedCsvRecords}: reads the file of its `workerData` with
 * {@link csvRecords} and posts the batches, never more than {@link CSV_WORKER_CREDITS} ahead of the
 * reader (each batch it takes returns one credit).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { csvRecords, type CsvReadPlan } from './csv-records.js';
import { createWakeUp } from '../util/create-wake-up.js';
import { CSV_WORKER_CREDITS, toWireError, type CsvWorkerMessage } from './csv-wire.js';

const port = parentPort!;
const { rows, close, bytesRead } = csvRecords(workerData as CsvReadPlan);
let credits = CSV_WORKER_CREDITS;
const credit = createWakeUp();
port.on('message', () => {
  credits++;
  credit.wake();
});
const send = (message: CsvWorkerMessage): void => port.postMessage(message);
try {
  for await (const batch of rows) {
    while (credits === 0) await credit.wait();
    credits--;
    send({ type: 'rows', rows: batch, bytes: bytesRead() });
  }
  send({ type: 'end' });
} catch (error) {
  send({ type: 'error', error: toWireError(error) });
} finally {
  await close();
  port.close();
}
