/**
 * What the mapper's server and its page say to each other, as JSON: types only, so the page (which
 * runs in the browser) imports them without importing any of the server's code.
 */

/** A JSON value as the mapping holds it. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** One column of the input, as the pickers show it. */
export interface ColumnView {
  readonly name: string;
  /** The first filled cell of the rows read, as text ('' when every cell read is empty). */
  readonly sample: string;
  /** Filled cells among the rows read. */
  readonly filled: number;
  /** The fields (dotted paths) and top-level keys (`key`, `groupBy`, `meta.title`) that name it now. */
  readonly usedBy: readonly string[];
}

/** What `init` proposed for a field: a column and its score, or a table layout as a mapping value. */
export interface ProposalView {
  readonly header: string | undefined;
  /** 0..1, init's score; undefined for a table layout. */
  readonly score: number | undefined;
  /** Init writes it live (else as a commented guess). */
  readonly sure: boolean;
  readonly unit: string | undefined;
  /** For a range from two columns: the error or upper-bound column. */
  readonly second: string | undefined;
  /** Why a good name match is not written live (a unit that cannot convert). */
  readonly note: string | undefined;
  /** The value init would write for the field (the column, `{column, unit}`, a table layout …). */
  readonly value: Json;
}

/** One template field, with what the mapping says for it now. */
export interface FieldView {
  /** Names from `content` down: `['硬度', '实测']`. */
  readonly path: readonly string[];
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  /** The template's unit (number and range fields). */
  readonly unit: string | undefined;
  /** A range's kind: `interval` {lb, ub} or `error` {val, err}. */
  readonly rangeType: 'interval' | 'error' | undefined;
  /** A choice field's options. */
  readonly options: readonly string[];
  /** A table's columns or an array's element, in words (`元素 (string, required)`). */
  readonly parts: readonly string[];
  /** Sub-fields of a container or generator. */
  readonly children: readonly FieldView[];
  /** The mapping's value for the field; undefined when the mapping leaves it out. */
  readonly value: Json | undefined;
  /** The same value as one line of YAML (for the text editor of layouts the pickers do not cover). */
  readonly valueText: string;
  /** The column the value reads, when it is one column (bare or `{column: …}`) or a range's first. */
  readonly column: string | undefined;
  /** A range's second column (`err` or `ub`), when read from two. */
  readonly second: string | undefined;
  /** The value's `unit:` (the column's unit), if written. */
  readonly columnUnit: string | undefined;
  /** The unit written in the column's header, when it has one. */
  readonly headerUnit: string | undefined;
  /** A choice field's value map (`map:`), found text → option. */
  readonly valueMap: Readonly<Record<string, string>>;
  /** A choice field: the distinct values of its column in the rows read, most frequent first, with counts. */
  readonly distinct: readonly (readonly [string, number])[];
  /** `errOptional: true` on a value±error range. */
  readonly errOptional: boolean;
  /** The value every record gets in place of a column (`650`, `{const: 空气}`), as text. */
  readonly constant: string | undefined;
  /** What a blank cell of the field's one column gives (`default:`), as text; undefined: the field is left out. */
  readonly blank: string | undefined;
  readonly proposal: ProposalView | undefined;
  /** Init's score of each column for this field, as [header, score] (0..1). */
  readonly scores: readonly (readonly [string, number])[];
  /** The field as the counts name it: its template path under `content`, without indices or `fromRows`. */
  readonly key: string;
  /** An array read from several columns (`columns:`), one element each. */
  readonly arrayColumns: readonly string[];
  /** A table's rows, as the page edits them. */
  readonly table: TableView | undefined;
}

/** A table field's rows: from the rows of a record (`fromRows`) or from a group of columns (`fromColumns`). */
export interface TableView {
  /** Where the rows come from now (`other`: a layout the page edits only as YAML, such as `rows:`). */
  readonly source: 'fromRows' | 'fromColumns' | 'other' | 'none';
  /** The layout the data looks like: init's proposal, else the rows of a record when init found records over several rows. */
  readonly suggested: 'fromRows' | 'fromColumns' | undefined;
  /** Init's `groupBy` for the input: the columns the rows of one record share (empty when each row is a record). */
  readonly proposedGroupBy: readonly string[];
  /** Each table column as a field whose path goes through `fromRows` (its value is the cell it reads from each row). */
  readonly cells: readonly FieldView[];
  /** `fromColumns`: the columns that each make a row, with the label their row gets. */
  readonly rowColumns: readonly { readonly header: string; readonly label: string }[];
  /** `fromColumns`: the table column that gets the label, the one that gets the cell, and the cells' unit. */
  readonly label: string | undefined;
  readonly value: string | undefined;
  readonly unit: string | undefined;
  /** The table's columns that can take a row's label (text and choice), and all its columns with the template's unit of each. */
  readonly labelColumns: readonly string[];
  readonly valueColumns: readonly { readonly name: string; readonly unit: string | undefined }[];
  /** The columns init proposed as the group (`fromColumns`), empty when it proposed none. */
  readonly proposedColumns: readonly string[];
  /** `fromColumns`: the table's other columns, each with the value it has on every row (`set:`). */
  readonly fixedColumns: readonly FixedColumnView[];
}

/** A table column that `fromColumns` fills the same on every row, through `set:`. */
export interface FixedColumnView {
  readonly name: string;
  readonly required: boolean;
  /** A choice column's options (empty for text and numbers). */
  readonly options: readonly string[];
  /** The constant it gets, as text; undefined when `set:` has none for it. */
  readonly value: string | undefined;
  /** What `set:` holds for it when that is more than a constant (a column, a transform), as JSON. */
  readonly written: string | undefined;
}

/** A problem of the mapping itself (found before any row is read), as `validate` reports it. */
export interface MappingProblemView {
  readonly code: string;
  readonly message: string;
  /** Line and column in the mapping as it would be saved (0 for something missing). */
  readonly line: number;
  readonly col: number;
  /** Dotted path in the mapping (`content.化学成分.rows[0]`). */
  readonly path: string;
  readonly suggestions: readonly string[];
}

/** One value of a previewed record beside its cell, as `preview` shows it. */
export interface PreviewValueView {
  readonly path: string;
  readonly value: Json;
  /** `data.csv!C2`; '' for a value the mapping gives. */
  readonly cell: string;
  readonly found: string;
  /** `400 K → 126.85 ℃` when the unit was converted, else ''. */
  readonly conversion: string;
}

/** One row problem at its cell. */
export interface RowProblemView {
  readonly code: string;
  readonly message: string;
  readonly cell: string;
  readonly field: string;
  readonly found: string;
}

export interface PreviewRecordView {
  /** `data.csv!2` or `data.csv!2:4` (its rows). */
  readonly rows: string;
  readonly key: string;
  readonly values: readonly PreviewValueView[];
  readonly problems: readonly RowProblemView[];
}

/** The background `validate` of the whole input: its counts so far, as `validate` prints them at the end. */
export interface CountsView {
  /** The edit these counts are of. */
  readonly revision: number;
  readonly done: boolean;
  /** Share of the input read, 0..1. */
  readonly fraction: number;
  readonly files: number;
  readonly rows: number;
  readonly records: number;
  readonly valid: number;
  readonly invalid: number;
  readonly duplicate: number;
  /** Records with each code (a record with a code twice counts once), as `validate` prints them. */
  readonly invalidByCode: Readonly<Record<string, number>>;
  /** Problems with each code. */
  readonly problemsByCode: Readonly<Record<string, number>>;
  /** Problems by field (its path without indices, `content.化学成分[].含量` as `content.化学成分.含量`), then code. */
  readonly byField: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly firstProblems: readonly RowProblemView[];
  /** Milliseconds from the edit to these counts. */
  readonly elapsedMs: number;
  /** Why the run stopped before its end (an input that cannot be read past a row), if it did. */
  readonly failure: string | undefined;
}

/** Everything the page draws. */
export interface MapperState {
  readonly revision: number;
  readonly input: string;
  readonly mappingFile: string;
  /** The mapping file existed when the mapper started (else it is written new). */
  readonly existing: boolean;
  readonly template: { readonly id: number; readonly title: string; readonly pubDate: string };
  readonly columns: readonly ColumnView[];
  readonly fields: readonly FieldView[];
  /** The mapping's `meta` as JSON (title, abstract, keywords, source …). */
  readonly meta: Readonly<Record<string, Json>>;
  readonly key: readonly string[];
  readonly groupBy: readonly string[];
  /** Init's proposed key and its reason, when it has one. */
  readonly proposedKey: { readonly headers: readonly string[]; readonly reason: string } | undefined;
  /** Mapping problems: while there are any, no row is read. */
  readonly problems: readonly MappingProblemView[];
  /** Warnings of the check (`MAPPING_NO_KEY` …), as messages. */
  readonly warnings: readonly string[];
  readonly preview: readonly PreviewRecordView[];
  /** The mapping text that Save writes. */
  readonly text: string;
  /** Unsaved edits. */
  readonly dirty: boolean;
  /** The commands to run next with the saved mapping. */
  readonly next: readonly string[];
}

/** One change the page asks for; `path` starts at the mapping's top (`['content', '硬度', '实测']`). */
export type MapperEdit =
  /** Sets (or with null removes) the value at `path`. */
  | { readonly kind: 'set'; readonly path: readonly string[]; readonly value: Json }
  /** Sets the value at `path` from one line of YAML. */
  | { readonly kind: 'yaml'; readonly path: readonly string[]; readonly text: string }
  /** A field's column (`part` a range's `val`/`err`/`lb`/`ub`); null: the field (or the part) is not mapped. */
  | { readonly kind: 'column'; readonly path: readonly string[]; readonly part?: string; readonly column: string | null }
  /** A field's column unit; null or '' removes `unit:`. */
  | { readonly kind: 'unit'; readonly path: readonly string[]; readonly unit: string | null }
  /** One entry of a choice field's value map; null removes it. */
  | { readonly kind: 'map'; readonly path: readonly string[]; readonly from: string; readonly to: string | null }
  /** `errOptional` of a value±error range. */
  | { readonly kind: 'errOptional'; readonly path: readonly string[]; readonly on: boolean }
  /** One value for every record in place of a column (a number for a number field); null or '': the field is not mapped. */
  | { readonly kind: 'constant'; readonly path: readonly string[]; readonly value: string | null }
  /** What a blank cell of the field's one column gives (`default:`); null or '': the field is left out of that record. */
  | { readonly kind: 'default'; readonly path: readonly string[]; readonly value: string | null }
  /** Where a table's rows come from: the rows of a record, a group of columns, or (null) nowhere: the table is not mapped. */
  | { readonly kind: 'tableSource'; readonly path: readonly string[]; readonly source: 'fromRows' | 'fromColumns' | null }
  /** `fromColumns`: a column that makes one row and its row's label (left out: the element or name its header gives; null: the column is taken out). */
  | { readonly kind: 'rowColumn'; readonly path: readonly string[]; readonly column: string; readonly label?: string | null }
  /** `fromColumns`: the table column that gets the label or the value, or the cells' unit (null: no unit). */
  | { readonly kind: 'rowRole'; readonly path: readonly string[]; readonly role: 'label' | 'value' | 'unit'; readonly to: string | null }
  /** `fromColumns`: a table column's value on every row (`set:`); null or '': none. */
  | { readonly kind: 'rowSet'; readonly path: readonly string[]; readonly column: string; readonly value: string | null }
  /** An array from several columns, one element each, in this order (none: the array is not mapped). */
  | { readonly kind: 'arrayColumns'; readonly path: readonly string[]; readonly columns: readonly string[] }
  /** `meta.keywords` as the page shows them, separated by commas (`{name}` a column); the items written before keep their form. */
  | { readonly kind: 'keywords'; readonly path: readonly string[]; readonly text: string };

/** What Save answers. */
export interface SaveAnswer {
  readonly file: string;
  readonly bytes: number;
  readonly next: readonly string[];
}
