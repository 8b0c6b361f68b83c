import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { RowProblem } from '../template/record-types.js';
import { displayPath } from '../util/display-path.js';
import type { ValidateOutputs } from './open-validate-outputs.js';
import type { GroupSniffer } from './sniff-row-groups.js';
import type { ValidationTally } from './validation-tally.js';

/** What each row `validate` reads is handed to, besides {@link ValidateOutputs}. */
export interface RowFindingSinks extends ValidateOutputs {
  readonly tally: ValidationTally;
  /** Looks for records laid out over several rows; undefined when the mapping has `groupBy`. */
  readonly sniffer: GroupSniffer | undefined;
  readonly onRecord?: ((valid: boolean, problems: readonly RowProblem[]) => void) | undefined;
  /** Problems kept in `firstProblems`. */
  readonly keep: number;
  /** Where the page's paths are shown from. */
  readonly cwd: string;
}

/** The problems `validate` met: the first `keep` of them, and how many in all. */
export interface RowFindings {
  readonly firstProblems: readonly RowProblem[];
  readonly problemCount: number;
}

/**
 * Reads `validate`'s rows to their end: each counted and sniffed, and an invalid one's problems kept,
 * put on the page and the annotated copy, and its record written to the error file, closed whatever happens.
 */
export async function collectRowFindings(rows: AsyncIterable<MappedRow>, sinks: RowFindingSinks): Promise<RowFindings> {
  const { tally, sniffer, page, annotate, errorFile, cwd } = sinks;
  const firstProblems: RowProblem[] = [];
  let problemCount = 0;
  // Rows that are ready come as resolved promises, which never let timers run: every ~50 ms the loop
  // gives the event loop a turn, so the progress display and a signal are served while rows stream.
  let turn = Date.now();
  let read = 0;
  try {
    for await (const row of rows) {
      if ((++read & 255) === 0 && Date.now() - turn > 50) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = Date.now();
      }
      tally.add(row);
      sniffer?.add(row);
      sinks.onRecord?.(row.problems.length === 0, row.problems);
      if (row.problems.length === 0) continue;
      problemCount += row.problems.length;
      for (const p of row.problems) if (firstProblems.length < sinks.keep) firstProblems.push(p);
      page?.addRowProblems(row.problems, row, (f) => displayPath(cwd, f));
      const status = row.stray === true ? 'no record' : 'invalid';
      annotate?.add(row.problems, {
        sheet: row.location.sheet,
        row: row.location.row,
        text: `${status}: ${row.problems.length} problem(s)`,
      });
      await errorFile?.write(row);
    }
  } finally {
    await errorFile?.close();
  }
  return { firstProblems, problemCount };
}
