import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import type { EarlyStop } from '../../report/report-lines.js';

/** The rows of a run under `--max-errors`, and whether the limit stopped them. */
export interface ErrorLimit {
  /** The rows, up to and with the `maxErrors`-th invalid one; then they end and the input is closed. */
  readonly rows: AsyncIterable<MappedRow>;
  /** The stop, once the limit ended the rows before the input did; undefined otherwise. */
  stopped(): EarlyStop | undefined;
}

/**
 * The one "stop after N invalid records" stage (`--max-errors N`), between map + validate and whatever
 * consumes the rows (`validate`'s tally, `ingest --dry-run`'s plan, the upload): every command stops at
 * the same row and says so the same way. The N-th invalid record is handed on (so it reaches the error
 * file or the report like the others); the next pull ends the rows and closes the input, which is then
 * not read further. A consumer that already took rows ahead (the upload's look-ahead) finishes them as
 * at the end of the input.
 *
 * Without a limit the rows pass untouched, with no stage in between (the upload's hot path pays nothing).
 */
export function limitErrors(rows: AsyncIterable<MappedRow>, maxErrors: number | undefined): ErrorLimit {
  if (maxErrors === undefined) return { rows, stopped: () => undefined };
  let stop: EarlyStop | undefined;
  async function* limited(): AsyncGenerator<MappedRow> {
    let invalid = 0;
    for await (const row of rows) {
      yield row;
      // Rows of no record are no invalid record: they are reported, and never stop a run.
      if (row.problems.length > 0 && row.stray !== true && ++invalid >= maxErrors!) {
        stop = { code: 'MAX_ERRORS_REACHED', limit: maxErrors! };
        return;
      }
    }
  }
  return { rows: limited(), stopped: () => stop };
}
