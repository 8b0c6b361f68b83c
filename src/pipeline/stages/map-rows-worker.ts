/**
 * The worker thread side of {@link threadedMappedRows}: reads the CSV file of its `workerData`, maps
 * and validates every row, and serves the rows in their wire form (key, JSON text and, given the run's
 * seed, the source digest computed).
 */
import { workerData } from 'node:worker_threads';
import { compileMapping } from '../../mapping/compile/compile-mapping.js';
import { prepareMapping } from '../../mapping/check/prepare-mapping.js';
import type { LazyMappedRow } from '../../mapping/rows/lazy-mapped-row.js';
import { toMappedRows } from '../../mapping/rows/to-mapped-rows.js';
import { openCsv } from '../../sources/open-csv.js';
import { fileSourceSeed, rowSourceDigester } from '../../sources/source-digest.js';
import type { TableSource } from '../../sources/source-types.js';
import { serveWorkerBatches } from '../../util/serve-worker-batches.js';
import { MAP_THREAD, toWireMappedRow, type MappedBatch, type WireMappedRow } from './mapped-batch.js';
import { canSkipKnownRows } from './skip-known-rows.js';
import type { MapPlan } from './threaded-mapped-rows.js';

/** Rows per message: few enough to start the upload at once, enough to make a message's cost small. */
const BATCH_ROWS = 256;

const plan = workerData as MapPlan;
let table: TableSource | undefined;

async function* batches(): AsyncGenerator<MappedBatch> {
  // Read here, not on a thread of its own: this thread has time for both.
  const source = (table = await openCsv(plan.file, plan.sourceOptions, 'main', { digests: plan.sourceSeed !== undefined }));
  const { header } = source;
  // The checked plans hold functions, which cannot cross to this thread: the spec is checked again
  // here (it passed on the main thread), then compiled against the header as it is now, as the
  // mapping stage does for a file changed since its header was checked.
  const compiled = compileMapping(prepareMapping(plan.spec, plan.template, { methodsWidth: plan.methodsWidth }), header);
  // A record found by its hash (no key columns) cannot be looked up by its cells (`canSkipKnownRows`).
  const digestOf =
    plan.sourceSeed === undefined || !canSkipKnownRows(compiled)
      ? undefined
      : rowSourceDigester(fileSourceSeed(plan.sourceSeed, header, plan.sourceOptions));
  let rows: WireMappedRow[] = [];
  const src = (row: LazyMappedRow): string | undefined => digestOf?.(row.sourceRow).toString('hex');
  for await (const row of toMappedRows(source.rows(), compiled)) {
    rows.push(toWireMappedRow(row, src(row)));
    if (rows.length === BATCH_ROWS) {
      yield { header, rows };
      rows = [];
    }
  }
  if (rows.length > 0) yield { header, rows };
}

await serveWorkerBatches(
  batches(),
  () => table?.readFraction?.() ?? 0,
  MAP_THREAD,
  async () => {
    await table?.close();
  },
);
