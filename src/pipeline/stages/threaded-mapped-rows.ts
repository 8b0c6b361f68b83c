import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import { MappingInvalidError } from '../../mapping/mapping-errors.js';
import type { MappingProblem } from '../../mapping/mapping-problem.js';
import type { MappingSpec } from '../../mapping/load/mapping-spec.js';
import type { MethodsWidth } from '../../template/record-types.js';
import { isDelimitedText } from '../../sources/open-table.js';
import type { SourceOptions } from '../../sources/source-options.js';
import { readsOnWorker } from '../../sources/threaded-csv-records.js';
import type { Template } from '../../template/template-types.js';
import { readWorkerBatches } from '../../util/read-worker-batches.js';
import type { WireError } from '../../util/worker-wire.js';
import { MAP_THREAD, type MappedBatch } from './mapped-batch.js';
import { ReceivedMappedRow } from './received-mapped-row.js';

const WORKER = new URL('./map-rows-worker.js', import.meta.url);

/** What the mapping worker reads and how it maps: plain data (it crosses to the worker). */
export interface MapPlan {
  readonly file: string;
  readonly sourceOptions: SourceOptions;
  readonly spec: MappingSpec;
  readonly template: Template;
  readonly methodsWidth: MethodsWidth;
  /**
   * The run's seed of source digests (`sourceSeed`): given, each row's digest is computed
   * (`MappedRow.src`), to be recorded with its upload.
   */
  readonly sourceSeed?: string | undefined;
}

/** Mapped rows of one input, how far they have read it, and how to stop early. */
export interface MappedRowSource {
  readonly rows: AsyncIterable<MappedRow>;
  readonly close: () => Promise<void>;
  /** As `TableSource.readFraction`: the share of the file the rows handed out so far reach. */
  readFraction(): number;
}

/** Whether an input can be read and mapped on a worker thread: a CSV file large enough to be worth one. */
export async function mapsOnWorker(file: string): Promise<boolean> {
  return isDelimitedText(file) && (await readsOnWorker(file, 'auto'));
}

/** The worker's `MAPPING_INVALID` (a header changed since it was checked), as the error it was. */
function reviveMappingError(wire: WireError): MappingInvalidError | undefined {
  const problems = wire.facts?.['problems'];
  if (wire.code !== 'MAPPING_INVALID' || !Array.isArray(problems)) return undefined;
  return new MappingInvalidError(wire.location?.file ?? '', problems as MappingProblem[]);
}

/**
 * Reads, maps and validates one CSV file on a worker thread, for `ingest`, whose own thread is busy
 * with HTTP; rows, problems and errors are those of the mapping stage on this thread.
 */
export function threadedMappedRows(plan: MapPlan): MappedRowSource {
  const { batches, close, progress } = readWorkerBatches<MappedBatch>(WORKER, plan, MAP_THREAD, 0, reviveMappingError);
  async function* rows(): AsyncGenerator<MappedRow> {
    for await (const batch of batches) {
      for (const wire of batch.rows) yield new ReceivedMappedRow(wire, batch.header);
    }
  }
  return { rows: rows(), close, readFraction: progress };
}
