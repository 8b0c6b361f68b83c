import type { CellValue } from '../../sources/source-types.js';
import type { Field, TableField } from '../../template/template-types.js';

/** The header and the first rows of a table: what the matcher reads. */
export interface SampleTable {
  readonly names: readonly string[];
  /** Data rows, aligned with `names` (the first rows of the file, a bounded number). */
  readonly rows: readonly (readonly CellValue[])[];
}

/** One value of a column proposed for a choice option. */
export interface ValueMapEntry {
  readonly from: string;
  readonly to: string;
  readonly score: number;
  /** Written live; else as a comment to confirm. */
  readonly sure: boolean;
}

/** A column proposed for a field. */
export interface FieldProposal {
  readonly field: Field;
  readonly header: string;
  /** 0..1. */
  readonly score: number;
  /** Written as a live line; else as a comment with its score. */
  readonly sure: boolean;
  /** The column's unit, to write as `unit:` (number and range fields). */
  readonly unit: string | undefined;
  /** For a choice field: the column's values that are not options, with the option each may mean. */
  readonly valueMap: readonly ValueMapEntry[];
  /** For a range field filled from two columns: the second one (`ub` or `err`). */
  readonly second: string | undefined;
  /**
   * For a value±error field: send the value alone where there is no error (`errOptional: true`), as
   * the sampled rows need: an error column with blank cells, or one column of single numbers.
   */
  readonly errOptional: boolean;
  /** Why an otherwise good match is not written live (a unit that cannot convert). */
  readonly note: string | undefined;
}

/** A table filled from a group of columns (`fromColumns`) or from grouped rows (`fromRows`). */
export type TableProposal =
  | {
      readonly kind: 'fromColumns';
      readonly field: TableField;
      /** The table column that gets the label, and the one that gets the cell. */
      readonly label: string;
      readonly value: string;
      /** Label → header. */
      readonly columns: readonly (readonly [string, string])[];
      readonly unit: string | undefined;
      readonly sure: boolean;
    }
  | {
      readonly kind: 'fromRows';
      readonly field: TableField;
      /** Table column → header. */
      readonly cells: readonly (readonly [string, string])[];
      /** Each cell's score (0..1), in the order of `cells`. */
      readonly scores: readonly number[];
      /** Each cell's unit, to write as `unit:` (as for {@link FieldProposal.unit}), in the order of `cells`. */
      readonly units: readonly (string | undefined)[];
      /** Written live: every cell sure by its name, or fairly named and its sampled cells fit the table column. */
      readonly sure: boolean;
    };

/** The column proposed as the record key. */
export interface KeyProposal {
  readonly headers: readonly string[];
  readonly sure: boolean;
  readonly reason: string;
}

/**
 * Everything `init` proposes for a file (`proposeMapping`): what `scaffoldMapping` writes, sure
 * proposals live and the others as guesses to confirm.
 */
export interface MappingProposal {
  readonly fields: readonly FieldProposal[];
  readonly tables: readonly TableProposal[];
  readonly key: KeyProposal | undefined;
  /** Leading columns shared by the rows of one record (`groupBy`), empty when one row is one record. */
  readonly groupBy: readonly string[];
  /** Columns that only give another column's unit (`k-units` for `k`), by the column they serve. */
  readonly unitColumns: readonly { readonly header: string; readonly of: string; readonly unit: string }[];
  /** Headers no proposal uses. */
  readonly unusedHeaders: readonly string[];
  /** Rows the proposals were made from. */
  readonly rowsRead: number;
  /** Every header's score for each field one column fills and each table column, as [header, score] in header order: the runners-up too. */
  readonly candidates?: ReadonlyMap<Field, readonly (readonly [string, number])[]>;
}
