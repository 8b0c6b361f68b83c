import { mappedRowData, type MappedRow } from '../../mapping/rows/mapped-row.js';
import { sourceValuesOf } from '../../mapping/rows/lazy-mapped-row.js';
import { sha256Hex } from '../../mapping/rows/record-hash.js';
import type { PlatformRecord, RowLocation, RowProblem } from '../../template/record-types.js';
import type { CellValue, SourceHeader } from '../../sources/source-types.js';
import type { WireMappedRow } from './mapped-batch.js';

/**
 * A {@link MappedRow} mapped on the worker: the body's hash is taken here, and the record and source
 * values are rebuilt only on first read, which a successful upload never does.
 */
export class ReceivedMappedRow implements MappedRow {
  readonly location: RowLocation;
  readonly rowNumbers: readonly number[];
  readonly key: string;
  readonly hash: string;
  readonly body: string | undefined;
  readonly problems: readonly RowProblem[];
  readonly src: string | undefined;
  readonly #header: SourceHeader;
  readonly #values: readonly CellValue[];
  #record: PlatformRecord | undefined;
  #sourceValues: Readonly<Record<string, CellValue>> | undefined;

  constructor(wire: WireMappedRow, header: SourceHeader) {
    this.location = wire.location;
    this.rowNumbers = wire.rowNumbers;
    this.src = wire.src;
    // A row without a body (an invalid one) brought the hash of its source values.
    this.hash = wire.hash ?? sha256Hex(wire.body ?? '');
    this.key = wire.key ?? this.hash;
    this.body = wire.body;
    this.problems = wire.problems;
    this.#header = header;
    this.#values = wire.values;
    this.#record = undefined;
    this.#sourceValues = undefined;
  }

  /** The record, parsed from its JSON text; undefined without one. */
  get record(): PlatformRecord | undefined {
    if (this.#record === undefined && this.body !== undefined) this.#record = JSON.parse(this.body) as PlatformRecord;
    return this.#record;
  }

  /** The original cells of the first row by header. */
  get sourceValues(): Readonly<Record<string, CellValue>> {
    return (this.#sourceValues ??= sourceValuesOf({ header: this.#header, values: this.#values }));
  }

  /** The row as plain data, lazy members included. */
  toJSON(): MappedRow {
    return mappedRowData(this);
  }
}
