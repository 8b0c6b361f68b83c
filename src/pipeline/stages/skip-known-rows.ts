import type { CompiledMapping } from '../../mapping/compile/compile-mapping.js';
import { cellLocation } from '../../mapping/compile/row-context.js';
import { sourceValuesOf } from '../../mapping/rows/lazy-mapped-row.js';
import { mappedRowData, type MappedRow } from '../../mapping/rows/mapped-row.js';
import { rowKey } from '../../mapping/rows/row-key.js';
import { rowMapper } from '../../mapping/rows/to-mapped-rows.js';
import type { LedgerState } from '../../report/key-state.js';
import { rowSourceDigester, sourceSeed } from '../../sources/source-digest.js';
import { partFingerprint } from '../../mapping/load/mapping-fingerprints.js';
import type { Template } from '../../template/template-types.js';
import type { RunFingerprints } from '../run-fingerprints.js';
import type { CellValue, SourceRow } from '../../sources/source-types.js';
import type { PlatformRecord, RowLocation, RowProblem } from '../../template/record-types.js';

/** How `ingest` records source digests, and finds rows it need not map. */
export interface RowSkipping {
  /** The run's seed of source digests (`sourceSeed`): its version, the mapping's and template's fingerprints, the settings. */
  readonly seed: string;
  /** The ledger of earlier runs; undefined for a fresh report (digests are still computed, to be recorded). */
  readonly ledger?: Pick<LedgerState, 'keys' | 'compactKeys'> | undefined;
}

/**
 * The `RowSkipping` of an `ingest` run: a row whose key the ledger holds as uploaded from the same
 * cells under the same version, mapping, template (all fields) and settings is not mapped again.
 */
export function rowSkipping(
  run: {
    readonly version: string;
    readonly fingerprints: RunFingerprints;
    readonly template: Template;
    readonly settings: Readonly<Record<string, unknown>>;
  },
  ledger: RowSkipping['ledger'],
): RowSkipping {
  return { seed: sourceSeed([run.version, run.fingerprints, partFingerprint(run.template.fields), run.settings]), ledger };
}

/** Whether a mapping's rows can be found in the ledger unmapped: by key columns (not the record's hash), one row a record. */
export function canSkipKnownRows(compiled: CompiledMapping): boolean {
  return compiled.keyColumns.length > 0 && compiled.groupColumns.length === 0;
}

const NO_PROBLEMS: readonly RowProblem[] = Object.freeze([]);

/**
 * A row left unmapped ({@link skipKnownRows}): the ledger holds its key as uploaded from cells with its
 * source digest, so it is that record. Its hash is the record's, its body undefined (`MappedRow.unchanged`).
 */
export class UnchangedRow implements MappedRow {
  readonly location: RowLocation;
  readonly rowNumbers: readonly number[];
  readonly body = undefined;
  readonly record: PlatformRecord | undefined = undefined;
  readonly problems = NO_PROBLEMS;
  readonly unchanged = true;
  readonly #row: SourceRow;
  readonly #digest: Buffer;
  #values: Readonly<Record<string, CellValue>> | undefined;

  constructor(
    row: SourceRow,
    readonly key: string,
    readonly hash: string,
    digest: Buffer,
  ) {
    this.location = cellLocation(row.header, row.rowNumber, -1);
    this.rowNumbers = [row.rowNumber];
    this.#row = row;
    this.#digest = digest;
    this.#values = undefined;
  }

  /** The source digest, the ledger's for the key (made a text only when asked: a resume does not ask). */
  get src(): string {
    return this.#digest.toString('hex');
  }

  /** The original cells by header (a duplicate key's error file asks for them). */
  get sourceValues(): Readonly<Record<string, CellValue>> {
    return (this.#values ??= sourceValuesOf(this.#row));
  }

  toJSON(): MappedRow {
    return mappedRowData(this);
  }
}

/**
 * Maps the rows of one file, each with its source digest, except a row whose key the ledger holds as
 * uploaded with that digest: it comes out unmapped as an {@link UnchangedRow}, whose line is the one a
 * mapped row would get. A million-row resume went from 35 s to ~15 s
 * (docs/report-format.md#source-digests-rows-the-ledger-knows-are-not-mapped-again).
 */
export async function* skipKnownRows(
  rows: AsyncIterable<SourceRow>,
  compiled: CompiledMapping,
  seed: string,
  ledger: RowSkipping['ledger'],
): AsyncIterable<MappedRow> {
  const map = rowMapper(compiled);
  const digestOf = rowSourceDigester(seed);
  const { keyColumns } = compiled;
  const known = ledger?.compactKeys;
  for await (const row of rows) {
    const digest = digestOf(row);
    // A row with reading issues (an error cell) is mapped: its issues make it invalid, whatever its cells.
    const key = known === undefined || row.issues.length > 0 ? undefined : rowKey(row.values, keyColumns, '', row);
    const hash = key !== undefined && known!.holds(key, digest) ? ledger!.keys.get(key)?.uploaded?.hash : undefined;
    if (key !== undefined && hash !== undefined) {
      yield new UnchangedRow(row, key, hash, digest);
      continue;
    }
    const mapped = map(row);
    mapped.src = digest.toString('hex');
    yield mapped;
  }
}
