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
 * The one `--max-errors N` stage, so every command stops at the same row (docs/guarantees.md#row-limits):
 * the N-th invalid record is handed on, the next pull ends the rows and closes the input. Without a
 * limit the rows pass untouched, so the upload's hot path pays nothing.
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
