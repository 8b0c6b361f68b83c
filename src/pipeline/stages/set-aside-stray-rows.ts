import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import { STRAY_PROBLEMS_KEPT, type StrayRows } from '../../report/report-lines.js';
import type { RowProblem } from '../../template/record-types.js';

/** The rows of {@link setAsideStrayRows}, and what it set apart. */
export interface StraySetAside {
  /** The records, in order: every row but those of no record. */
  readonly rows: AsyncIterable<MappedRow>;
  /** The rows of no record met so far, with their first problems; undefined while there are none. */
  found(): StrayRows | undefined;
  /** Whether a file (by its name in the rows' locations) had rows of no record: it is not done. */
  has(file: string): boolean;
}

/**
 * Sets apart the rows of no record (`MappedRow.stray`: a platform workbook's table rows whose
 * `数据ID` is on no root row) before the upload stage: they are no record, so they get no key and no
 * line of their own in the report; the run's summary line holds them (`SummaryLine.stray`).
 */
export function setAsideStrayRows(rows: AsyncIterable<MappedRow>): StraySetAside {
  let count = 0;
  const problems: RowProblem[] = [];
  const files = new Set<string>();
  async function* records(): AsyncIterable<MappedRow> {
    for await (const row of rows) {
      if (row.stray !== true) {
        yield row;
        continue;
      }
      count += row.rowNumbers.length;
      files.add(row.location.file);
      for (const p of row.problems) if (problems.length < STRAY_PROBLEMS_KEPT) problems.push(p);
    }
  }
  return {
    rows: records(),
    found: () => (count === 0 ? undefined : { rows: count, problems: [...problems] }),
    has: (file) => files.has(file),
  };
}
