import path from 'node:path';
import { keyAsWritten } from '../../util/key-as-written.js';
import { briefMessage } from './brief-message.js';
import { referenceCell, referencePrefix } from './cell-reference.js';
import type { ChangedRowView, HtmlReportView, ProblemView, RowList, UncertainRowView, UploadedRowView } from './html-report-view.js';

/**
 * A cell of a table as the page's data holds it: a text, a text of the shared string list (`intern`),
 * or parts joined (a reference: the file and sheet prefix, shared by many rows, and the cell).
 */
export type CellData = string | { readonly intern: string } | readonly CellData[] | undefined;

/** One column of a table on the page. */
export interface ColumnSpec<T> {
  /** Stable name: the cells' `data-col` and the filter's `data-filter`. */
  readonly name: string;
  readonly label: string;
  readonly value: (row: T) => CellData;
  /** A filter above the table: a list of the column's values, or a text box (matches any part, any case). */
  readonly filter?: 'select' | 'text';
  /** How a click on the header sorts: as text with numbers in order (default), as numbers, or back in location order. */
  readonly sort?: 'text' | 'number' | 'location';
  /** Only for filtering (the file of a reference), not shown. */
  readonly hidden?: boolean;
  /**
   * This column is the first line of the column of that name, where its text is long: that cell then
   * shows this line with the rest behind a closed `<details>`. Neither shown on its own nor downloaded.
   */
  readonly briefOf?: string;
}

/** A table of the page: its rows (already bounded by the view) and columns. */
export interface TableSpec<T> {
  readonly id: string;
  readonly rows: readonly T[];
  readonly columns: readonly ColumnSpec<T>[];
}

const intern = (text: string | undefined): CellData => (text === undefined || text === '' ? undefined : { intern: text });

/** How a reference names a file: see {@link fileLabels}. */
type FileLabel = (file: string) => string;

/**
 * References name a file by its base name (`steel.csv!D17`, not `/data/incoming/2024/steel.csv!D17`)
 * unless two files of the page share one; the file filter lists the names in full.
 */
export function fileLabels(files: Iterable<string>): FileLabel {
  const byBase = new Map<string, Set<string>>();
  for (const file of files) {
    const base = path.basename(file);
    const same = byBase.get(base) ?? new Set<string>();
    same.add(file);
    byBase.set(base, same);
  }
  return (file) => {
    const base = path.basename(file);
    return (byBase.get(base)?.size ?? 0) > 1 ? file : base;
  };
}

type Located = { file: string; sheet: string | undefined; row: number; cell?: string | undefined };

const at = <T extends Located>(name: FileLabel, label = 'Row'): ColumnSpec<T>[] => [
  { name: 'ref', label, value: (r) => [intern(referencePrefix(name(r.file), r.sheet)), referenceCell(r.cell, r.row)], sort: 'location' },
  { name: 'file', label: 'File', value: (r) => intern(r.file), filter: 'select', hidden: true },
];

/** The key as the curator wrote it (`GH4169, 17`), not as the report files it. */
const shownKey = (key: string | undefined): string | undefined => (key === undefined ? undefined : keyAsWritten(key));

const problemColumns = (name: FileLabel): readonly ColumnSpec<ProblemView>[] => [
  ...at<ProblemView>(name, 'Cell'),
  { name: 'status', label: 'Status', value: (p) => intern(p.status), filter: 'select' },
  { name: 'header', label: 'Column', value: (p) => intern(p.header) },
  { name: 'field', label: 'Field', value: (p) => intern(p.field), filter: 'select' },
  { name: 'code', label: 'Code', value: (p) => intern(p.code), filter: 'text' },
  { name: 'expected', label: 'Expected', value: (p) => intern(p.expected) },
  { name: 'found', label: 'Found', value: (p) => p.found },
  { name: 'message', label: 'Problem', value: (p) => intern(p.message) },
  // A platform's answer may be a whole HTML page (a proxy's 502): its status and first line, the rest on demand.
  { name: 'brief', label: 'Problem, first line', value: (p) => intern(briefMessage(p.message)), briefOf: 'message' },
  { name: 'key', label: 'Key', value: (p) => shownKey(p.key) },
];

const short = (hash: string | undefined): string | undefined => (hash === undefined ? undefined : hash.slice(0, 12));

const uncertainColumns = (name: FileLabel): readonly ColumnSpec<UncertainRowView>[] => [
  ...at<UncertainRowView>(name),
  { name: 'key', label: 'Key', value: (r) => shownKey(r.key) },
  { name: 'reason', label: 'Reason', value: (r) => intern(r.reason) },
  { name: 'attempts', label: 'Attempts', value: (r) => String(r.attempts), sort: 'number' },
  { name: 'resent', label: 'Re-sent later', value: (r) => (r.resent === undefined ? undefined : r.resent ? 'yes' : 'no') },
];

const changedColumns = (name: FileLabel): readonly ColumnSpec<ChangedRowView>[] => [
  ...at<ChangedRowView>(name),
  { name: 'key', label: 'Key', value: (r) => shownKey(r.key) },
  {
    name: 'oldId',
    label: 'Platform id it differs from',
    value: (r) => (r.oldId === undefined ? undefined : String(r.oldId)),
    sort: 'number',
  },
  { name: 'fields', label: 'Fields that differ', value: (r) => intern(r.fields) },
  { name: 'oldHash', label: 'Uploaded hash', value: (r) => short(r.oldHash) },
  { name: 'hash', label: 'New hash', value: (r) => short(r.hash) },
];

const uploadedColumns = (name: FileLabel): readonly ColumnSpec<UploadedRowView>[] => [
  ...at<UploadedRowView>(name),
  { name: 'key', label: 'Key', value: (r) => shownKey(r.key) },
  { name: 'id', label: 'Platform id', value: (r) => String(r.id), sort: 'number' },
];

/** A column is left out when no row has a value in it (say, the re-sent mark of a report that has none). */
function present<T>(rows: readonly T[], columns: readonly ColumnSpec<T>[]): ColumnSpec<T>[] {
  return columns.filter((c) => c.hidden === true || c.name === 'ref' || rows.some((r) => c.value(r) !== undefined));
}

function spec<T>(id: string, list: RowList<T> | undefined, columns: readonly ColumnSpec<T>[]): TableSpec<T>[] {
  return list === undefined || list.rows.length === 0 ? [] : [{ id, rows: list.rows, columns: present(list.rows, columns) }];
}

/** The tables of a page, in the order it shows them. */
export function tableSpecs(view: HtmlReportView): TableSpec<unknown>[] {
  const lists: (RowList<Located> | undefined)[] = [view.problems, view.uncertain, view.changed, view.uploaded];
  const files = new Set<string>();
  for (const list of lists) for (const row of list?.rows ?? []) files.add(row.file);
  const name = fileLabels(files);
  return [
    ...spec('problems', view.problems, problemColumns(name)),
    ...spec('uncertain', view.uncertain, uncertainColumns(name)),
    ...spec('changed', view.changed, changedColumns(name)),
    ...spec('uploaded', view.uploaded, uploadedColumns(name)),
  ] as TableSpec<unknown>[];
}
