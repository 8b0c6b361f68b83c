import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import type { RowProblem } from '../../template/record-types.js';
import { PAGE_BITS } from '../../ledger/ledger.js';
import { isBlankKey, keyAsWritten } from '../../util/key-as-written.js';
import { createDigestTable, type DigestTable, type DigestTableOptions } from './create-digest-table.js';

/** Where the first row with a key came from: enough to name it in the duplicate's problem. */
interface FirstSeen {
  readonly file: string;
  readonly sheet: string | undefined;
  readonly row: number;
}

/** Row numbers below this share their number with the source's index (exact in a double up to 2^53). */
const ROWS_PER_SOURCE = 2 ** 32;

/**
 * The report key a duplicate row is filed under. Not the key itself: an outcome line under the first
 * row's key would close that row's open intent in the ledger, and a run killed right then would forget
 * that the first row may be on the platform.
 */
export function duplicateReportKey(key: string, row: MappedRow): string {
  const { file, sheet, row: line } = row.location;
  return `${key}\u0000duplicate@${file}${sheet === undefined ? '' : `#${sheet}`}:${line}`;
}

/**
 * The report key a row with a blank key is filed under: one of its own per row, so blank-keyed rows are
 * never taken for one another (nor for a duplicate of each other).
 */
export function blankReportKey(key: string, row: MappedRow): string {
  const { file, sheet, row: line } = row.location;
  return `${key}\u0000blank@${file}${sheet === undefined ? '' : `#${sheet}`}:${line}`;
}

/**
 * The first row as a curator finds it from the duplicate: `Sheet1!12` or `data.csv:12` in the same
 * file, with the file named first when it is another (`other.xlsx Sheet1!12`).
 */
function describe(first: FirstSeen, at: MappedRow['location']): string {
  if (first.sheet === undefined) return `${first.file}:${first.row}`;
  return `${first.file === at.file ? '' : `${first.file} `}${first.sheet}!${first.row}`;
}

/** The ledger's numbering of keys it holds compactly (`LedgerState.compactKeys`), and a mark per key for the guard. */
export interface KnownKeys {
  /** A key's entry number (dense from 0, one per key), or -1. */
  find(key: string): number;
  /** The guard's mark of an entry (what the last `setMark` set, by this guard or another). */
  mark(entry: number): number;
  setMark(entry: number, value: number): void;
}

/** Options of {@link guardDuplicateKeys}. */
export interface GuardOptions extends DigestTableOptions {
  /**
   * The mapping's `duplicates: identical-ok`: a row whose key and record equal an earlier row's is
   * yielded as a `duplicate` (no problem, not sent) under a report key of its own, not as
   * `DUPLICATE_KEY`. @default false
   */
  readonly identicalOk?: boolean | undefined;
}

/** The mapping option that makes a row repeated exactly a `duplicate`, as a curator writes it. */
const IDENTICAL_OK = '`duplicates: identical-ok`';

/**
 * Makes later rows of a run's key `DUPLICATE_KEY` rows naming the first, so two rows never upload under
 * one identity (all-blank keys: `KEY_BLANK`); with `identicalOk` an exact repeat is a `duplicate`
 * (docs/mapping.md#key). Off-heap, 29–32 bytes a new key; no probabilistic filter, which would reject
 * unique rows (ARCHITECTURE.md → "Upload and the report", Backpressure).
 */
export async function* guardDuplicateKeys(
  rows: AsyncIterable<MappedRow>,
  known?: KnownKeys,
  options: GuardOptions = {},
): AsyncIterable<MappedRow> {
  const seen = createDigestTable(options);
  const contents = createDigestTable(options);
  try {
    yield* guarded(rows, known, seen, contents, options.identicalOk === true);
  } finally {
    seen.close();
    contents.close();
  }
}

/** Known entries per page of the guard's bits (the index's pages). */
const PAGE_ENTRIES = 1 << PAGE_BITS;

async function* guarded(
  rows: AsyncIterable<MappedRow>,
  known: KnownKeys | undefined,
  seen: DigestTable,
  contents: DigestTable,
  identicalOk: boolean,
): AsyncIterable<MappedRow> {
  /**
   * One bit a known entry: met in this run. A ledger entry's mark outlives the guard that set it (the
   * table may be given to another guard), so a mark counts only where this guard's own bit is set.
   */
  const metKnown: Uint8Array[] = [];
  const sources: { readonly file: string; readonly sheet: string | undefined }[] = [];
  let source = -1;
  for await (const row of rows) {
    const { file, sheet } = row.location;
    // Rows arrive file by file and sheet by sheet: the source list is searched only when it changes.
    if (source < 0 || sources[source]!.file !== file || sources[source]!.sheet !== sheet) {
      source = sources.findIndex((s) => s.file === file && s.sheet === sheet);
      if (source < 0) source = sources.push({ file, sheet }) - 1;
    }
    if (isBlankKey(row.key)) {
      yield blankKeyed(row);
      continue;
    }
    const first = source * ROWS_PER_SOURCE + row.location.row;
    const entry = known === undefined ? -1 : known.find(row.key);
    let packed: number | undefined;
    if (entry >= 0 && known !== undefined) {
      const bits = (metKnown[entry >>> PAGE_BITS] ??= new Uint8Array(PAGE_ENTRIES / 8));
      const byte = (entry & (PAGE_ENTRIES - 1)) >>> 3;
      const bit = 1 << (entry & 7);
      // Met before in this run: the mark holds its first row, packed, plus one.
      if ((bits[byte]! & bit) !== 0) packed = known.mark(entry) - 1;
      else {
        bits[byte] = bits[byte]! | bit;
        known.setMark(entry, first + 1);
      }
    } else {
      packed = seen.getOrSet(row.key, first);
    }
    const keyed = row.key !== row.hash;
    // Each record met under a key (a key and a hash are never the same text: a key is a JSON array).
    // Without a key the key is the record: a repeat is identical by construction.
    const repeated = keyed ? contents.getOrSet(`${row.key}\u0000${row.hash}`, 0) !== undefined : true;
    if (packed === undefined) {
      yield row;
      continue;
    }
    const identical = repeated;
    // An invalid row stays invalid (its own problems want fixing, a repeat or not).
    if (identical && identicalOk && row.problems.length === 0) {
      yield duplicateOf(row);
      continue;
    }
    const from = sources[Math.floor(packed / ROWS_PER_SOURCE)]!;
    const firstSeen: FirstSeen = { file: from.file, sheet: from.sheet, row: packed % ROWS_PER_SOURCE };
    const at = describe(firstSeen, row.location);
    const problem: RowProblem = {
      code: 'DUPLICATE_KEY',
      message: keyed
        ? identical
          ? `the key ${keyAsWritten(row.key)} is already used in this run, by an identical row: first at ${at} (if the data holds this row twice, write ${IDENTICAL_OK} in the mapping)`
          : `the key ${keyAsWritten(row.key)} is already used in this run: first at ${at}`
        : `the same record as an earlier row (the mapping has no key, so rows are told apart by their content): first at ${at} (if the data holds this row twice, write ${IDENTICAL_OK} in the mapping)`,
      location: row.location,
      field: 'key',
      expected: identical
        ? `a key no other row of the run has, or ${IDENTICAL_OK} in the mapping for rows repeated exactly`
        : 'a key no other row of the run has',
      found: keyed ? keyAsWritten(row.key) : undefined,
    };
    yield underDuplicateKey(row, [problem, ...row.problems]);
  }
}

/**
 * `row` under a report key of its own, with no body: sent by no one. Named members, not a spread: a
 * mapped row's hash and source values are computed on read (prototype getters), which a spread would
 * silently leave out.
 */
function underDuplicateKey(row: MappedRow, problems: MappedRow['problems']): MappedRow {
  return {
    location: row.location,
    rowNumbers: row.rowNumbers,
    key: duplicateReportKey(row.key, row),
    hash: row.hash,
    body: undefined,
    record: undefined,
    problems,
    sourceValues: row.sourceValues,
  };
}

/**
 * A row repeated exactly (`identicalOk`): a `duplicate` under a report key of its own, with no body,
 * so it is neither sent nor invalid, and its line closes no intent of the first row's key.
 */
function duplicateOf(row: MappedRow): MappedRow {
  return { ...underDuplicateKey(row, []), duplicate: true };
}

/**
 * A row whose key columns are all empty: `KEY_BLANK`, once, under a report key of its own. Such a row
 * has no identity across runs (a resume could not tell it from any other blank-keyed row), and is not
 * a duplicate of the other blank-keyed rows either: each is reported for what it lacks.
 */
function blankKeyed(row: MappedRow): MappedRow {
  const problem: RowProblem = {
    code: 'KEY_BLANK',
    message:
      "the key is blank: every column of the mapping's `key` is empty in this row, so it cannot be told apart from other rows across runs",
    location: row.location,
    field: 'key',
    expected: 'a value in the key column(s)',
    found: undefined,
  };
  return {
    location: row.location,
    rowNumbers: row.rowNumbers,
    key: blankReportKey(row.key, row),
    hash: row.hash,
    body: undefined,
    record: undefined,
    problems: [problem, ...row.problems],
    sourceValues: row.sourceValues,
  };
}
