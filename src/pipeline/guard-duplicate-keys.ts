import type { MappedRow } from '../mapping/mapped-row.js';
import type { RowProblem } from '../mapping/record-types.js';

/** Where the first row with a key came from: enough to name it in the duplicate's problem. */
interface FirstSeen {
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
}

/**
 * The report key a duplicate row is filed under. Not the key itself: an outcome line under the first
 * row's key would close that row's open intent in the ledger, and a run killed right then would forget
 * that the first row may be on the platform.
 */
export function duplicateReportKey(key: string, row: MappedRow): string {
  const { file, sheet, row: line } = row.location;
  return `${key}\u0000duplicate@${file}${sheet === undefined ? '' : `#${sheet}`}:${line}`;
}

function describe(first: FirstSeen): string {
  return `${first.file}${first.sheet === undefined ? '' : ` sheet ${first.sheet}`} row ${first.row}`;
}

/**
 * Passes rows through, turning the second and later rows of a key within one run into invalid rows
 * (`DUPLICATE_KEY`, naming the first row) so two rows never both upload under one identity and the
 * ledger never has to guess which of them a key means.
 *
 * Memory: one map entry (the key and the first row's place) per distinct key of the run, the same
 * order as the resume state every run already folds from the report. A probabilistic filter would be
 * smaller but would reject unique rows on a false positive, which a curator cannot fix.
 */
export async function* guardDuplicateKeys(rows: AsyncIterable<MappedRow>): AsyncIterable<MappedRow> {
  const seen = new Map<string, FirstSeen>();
  for await (const row of rows) {
    const first = seen.get(row.key);
    if (first === undefined) {
      seen.set(row.key, { file: row.location.file, sheet: row.location.sheet, row: row.location.row });
      yield row;
      continue;
    }
    const problem: RowProblem = {
      code: 'DUPLICATE_KEY',
      message: `the key ${JSON.stringify(row.key)} was already used by ${describe(first)} in this run`,
      location: row.location,
      field: 'key',
      expected: 'a key no other row of the run has',
      found: row.key,
    };
    // Named members, not a spread: a mapped row's hash and source values are computed on read (prototype
    // getters), which a spread would silently leave out.
    yield {
      location: row.location,
      rowNumbers: row.rowNumbers,
      key: duplicateReportKey(row.key, row),
      hash: row.hash,
      record: undefined,
      problems: [problem, ...row.problems],
      sourceValues: row.sourceValues,
    };
  }
}
