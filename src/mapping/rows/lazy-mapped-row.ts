import type { CellValue, SourceRow } from '../../sources/source-types.js';
import { mappedRowData, type MappedRow } from './mapped-row.js';
import type { PlatformRecord, RowLocation, RowProblem } from '../../template/record-types.js';
import { recordHash, sha256Hex } from './record-hash.js';
import { rowKey } from './row-key.js';

/** What a {@link LazyMappedRow} needs from its compiled mapping. */
export interface RowIdentity {
  /** Column indices of `key:` (empty: the record hash is the key). */
  readonly keyColumns: readonly number[];
  /** The canonical JSON of a record the mapping built. */
  recordJson(record: PlatformRecord): string;
}

/**
 * The original cells of a row by header text. The object has no prototype, so a header named
 * `__proto__` is an ordinary key and assigning it cannot reach `Object.prototype`.
 */
export function sourceValuesOf(row: Pick<SourceRow, 'header' | 'values'>): Record<string, CellValue> {
  const out = Object.create(null) as Record<string, CellValue>;
  const names = row.header.names;
  for (let i = 0; i < names.length; i++) out[names[i] || row.header.columns[i] || String(i)] = row.values[i] ?? null;
  return out;
}

/**
 * A {@link MappedRow} computing `body`, `key`, `hash` and `sourceValues` on first read: a dry run reads
 * none for a valid row, and the hash cost as much as mapping. A class, since V8 builds a literal with
 * getters slowly (~1 µs a row); `toJSON` lets `JSON.stringify` see them.
 */
export class LazyMappedRow implements MappedRow {
  readonly location: RowLocation;
  readonly rowNumbers: readonly number[];
  readonly record: PlatformRecord | undefined;
  readonly problems: readonly RowProblem[];
  /** `MappedRow.src`: set by the stage that computes source digests (`ingest`), else undefined. */
  src: string | undefined;
  /** `MappedRow.stray`: rows of no record, only reported. */
  readonly stray: boolean | undefined;
  readonly #rows: readonly SourceRow[];
  readonly #identity: RowIdentity;
  #body: string | undefined;
  #hash: string | undefined;
  #key: string | undefined;
  #values: Readonly<Record<string, CellValue>> | undefined;

  /** `rows` are the source rows of the record (the first one gives the key and the source values). */
  constructor(
    rows: readonly SourceRow[],
    identity: RowIdentity,
    location: RowLocation,
    record: PlatformRecord | undefined,
    problems: readonly RowProblem[],
    stray?: boolean,
  ) {
    this.location = location;
    this.rowNumbers = rows.length === 1 ? [rows[0]!.rowNumber] : rows.map((r) => r.rowNumber);
    this.record = record;
    this.problems = problems;
    this.#rows = rows;
    this.#identity = identity;
    this.#body = undefined;
    this.#hash = undefined;
    this.#key = undefined;
    this.#values = undefined;
    this.src = undefined;
    this.stray = stray === true ? true : undefined;
  }

  /** The canonical JSON of the record; undefined without one. */
  get body(): string | undefined {
    if (this.#body === undefined && this.record !== undefined) this.#body = this.#identity.recordJson(this.record);
    return this.#body;
  }

  /** sha256 hex of the canonical JSON of the record, or of the source values when there is no record. */
  get hash(): string {
    if (this.#hash === undefined) {
      const body = this.body;
      this.#hash = body !== undefined ? sha256Hex(body) : recordHash(this.#rows.map((r) => r.values));
    }
    return this.#hash;
  }

  /** True when the mapping has no `key`: the key is the hash. */
  get keyIsHash(): boolean {
    return this.#identity.keyColumns.length === 0;
  }

  /** The mapping's `key` columns of the first row, else the hash. */
  get key(): string {
    const columns = this.#identity.keyColumns;
    return (this.#key ??= columns.length === 0 ? this.hash : rowKey(this.#rows[0]!.values, columns, '', this.#rows[0]));
  }

  /** The first source row of the record: its values are the key's and the source values'. */
  get sourceRow(): SourceRow {
    return this.#rows[0]!;
  }

  /** The original cells of the first row by header. */
  get sourceValues(): Readonly<Record<string, CellValue>> {
    return (this.#values ??= sourceValuesOf(this.#rows[0]!));
  }

  /** The row as plain data, lazy members included. */
  toJSON(): MappedRow {
    return mappedRowData(this);
  }
}
