import { isMgeError } from '../errors/mge-error.js';
import type { SourceOptions } from '../sources/source-options.js';
import type { CellValue, SourceHeader } from '../sources/source-types.js';
import { isDelimitedText, openTable } from '../sources/open-table.js';
import { unwritableFile } from '../util/open-text-sink.js';
import { compareLocations } from './compare-locations.js';
import { describeInputs } from './describe-inputs.js';
import type { KeyState, ReportState } from './fold-report.js';
import type { SheetCell } from './open-xlsx-sheet-writer.js';
import { ReportError } from './report-errors.js';
import { writeRowList, type RowListErrors } from './write-row-list.js';

/** The columns of `report --uploaded-out` after the input's own (`key` is `key 1`, `key 2`, … for a key of several columns). */
export const UPLOADED_COLUMNS = ['platform id', 'key', 'uploaded at', 'file', 'sheet', 'row', 'note'] as const;

/** How {@link exportUploadedRows} finds the inputs again. */
export interface UploadedInputs {
  /** The path to read an input at, as the report names it. */
  readonly resolve: (file: string) => string;
  /**
   * How the input was read (its mapping's `input:` options); undefined when that cannot be told: the
   * header is then detected, on the row's sheet.
   */
  readonly sourceOptions?: (file: string) => Promise<SourceOptions | undefined>;
}

/** One table (a CSV, or a workbook's sheet) the uploaded rows come from, as found now. */
interface Table {
  readonly file: string;
  readonly sheet: string | undefined;
  readonly rows: readonly KeyState[];
  /** Why its cells are not shown (the input is gone, changed or unreadable); undefined when they are. */
  note: string | undefined;
  header: SourceHeader | undefined;
  /** The path it is read at, and how. */
  path: string;
  options: SourceOptions;
}

/**
 * Writes `report --uploaded-out FILE` (`.csv`/`.xlsx`): each uploaded row's input cells (read again),
 * record id, key, `uploaded at` (ISO UTC text: a spreadsheet date has no zone); a row whose input is
 * gone, changed or no longer holds its key gets a `note` instead of cells.
 * @throws ReportError `UPLOADED_OUT_EXTENSION`, `UPLOADED_OUT_UNWRITABLE` (kind `usage`).
 */
export async function exportUploadedRows(state: ReportState, out: string, inputs: UploadedInputs): Promise<{ rows: number }> {
  const rows = [...state.keys.values()]
    .filter((entry) => entry.status === 'uploaded')
    .sort((a, b) => compareLocations(a.location, b.location));
  const tables = await findTables(state, rows, inputs);
  // The input's columns, every table's in order of first appearance; a name a header repeats is a column each time.
  const columns: string[] = [];
  const slots = new Map<string, number>();
  const columnSlots = new Map<Table, number[]>();
  for (const table of tables) {
    if (table.header === undefined) continue;
    const seen = new Map<string, number>();
    columnSlots.set(
      table,
      table.header.names.map((name) => {
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        const id = `${n}\u0000${name}`;
        let slot = slots.get(id);
        if (slot === undefined) {
          slot = columns.push(name) - 1;
          slots.set(id, slot);
        }
        return slot;
      }),
    );
  }
  const keyWidth = Math.max(1, ...rows.map((entry) => keyTexts(entry.key).length));
  const keyColumns = keyWidth === 1 ? ['key'] : Array.from({ length: keyWidth }, (_, i) => `key ${i + 1}`);
  const header = [...columns, 'platform id', ...keyColumns, ...UPLOADED_COLUMNS.slice(2)];

  async function* cells(): AsyncIterable<SheetCell[]> {
    for (const table of tables) {
      const found = table.note === undefined ? await readRows(table) : new Map<number, readonly CellValue[]>();
      for (const entry of table.rows) {
        const values = found.get(entry.location.row);
        const note =
          table.note ??
          (values === undefined
            ? `row ${entry.location.row} is not in the input now: it was changed since the upload`
            : holdsKey(values, entry)
              ? undefined
              : `row ${entry.location.row} no longer holds this key: the input was changed since the upload`);
        const own: SheetCell[] = Array.from(columns, () => null);
        if (note === undefined && values !== undefined) {
          const slotsOf = columnSlots.get(table) ?? [];
          values.forEach((v, i) => {
            const slot = slotsOf[i];
            if (slot !== undefined) own[slot] = sheetCell(v);
          });
        }
        const key = keyTexts(entry.key);
        yield [
          ...own,
          entry.uploaded?.id ?? null,
          ...Array.from({ length: keyWidth }, (_, i) => key[i] ?? null),
          entry.uploaded?.at ?? null,
          entry.location.file,
          entry.location.sheet ?? '',
          entry.location.row,
          note ?? null,
        ];
      }
    }
  }
  return writeRowList(
    out,
    header,
    cells(),
    listErrors('--uploaded-out', out, 'UPLOADED_OUT_EXTENSION', 'UPLOADED_OUT_UNWRITABLE'),
    'uploaded',
  );
}

/**
 * The tables of the rows (sorted by location, so each table's rows are together), each checked: its
 * input is there, is the file the report's last run that read it recorded (size and sha256), and its
 * header can be read.
 */
async function findTables(state: ReportState, rows: readonly KeyState[], inputs: UploadedInputs): Promise<Table[]> {
  const tables: Table[] = [];
  for (const entry of rows) {
    const last = tables.at(-1);
    if (last !== undefined && last.file === entry.location.file && last.sheet === entry.location.sheet)
      (last.rows as KeyState[]).push(entry);
    else
      tables.push({
        file: entry.location.file,
        sheet: entry.location.sheet,
        rows: [entry],
        note: undefined,
        header: undefined,
        path: inputs.resolve(entry.location.file),
        options: {},
      });
  }
  const checked = new Map<string, string | undefined>();
  for (const table of tables) {
    if (!checked.has(table.file)) checked.set(table.file, await checkInput(state, table.file, inputs));
    table.note = checked.get(table.file);
    if (table.note !== undefined) continue;
    const options = await inputs.sourceOptions?.(table.file).catch(() => undefined);
    table.options = options ?? (isDelimitedText(table.file) || table.sheet === undefined ? {} : { sheet: table.sheet });
    try {
      const source = await openTable(table.path, table.options);
      await source.close();
      table.header = source.header;
      if (table.sheet !== undefined && source.header.sheet !== undefined && source.header.sheet !== table.sheet) {
        table.note = `the input's sheet ${table.sheet} is not the one its mapping reads (${source.header.sheet}): its cells are not shown`;
      }
    } catch (error) {
      if (!isMgeError(error)) throw error;
      table.note = `the input cannot be read: ${error.message}`;
    }
  }
  return tables;
}

/** Why the input's cells are not the uploaded rows' any more, or undefined when they are. */
async function checkInput(state: ReportState, file: string, inputs: UploadedInputs): Promise<string | undefined> {
  const recorded = state.runs
    .findLast((run) => run.dryRun !== true && run.inputs.some((i) => i.file === file))
    ?.inputs.find((i) => i.file === file);
  let now;
  try {
    [now] = await describeInputs([inputs.resolve(file)]);
  } catch {
    return `the input ${file} is not there now: its cells cannot be shown`;
  }
  if (recorded !== undefined && (now?.sha256 !== recorded.sha256 || now.size !== recorded.size)) {
    return `the input ${file} was changed since the report's last run read it (its sha256 differs): its cells are not shown`;
  }
  return undefined;
}

/** The input's rows of a table, by row number: only those of its uploaded rows, read once, in order. */
async function readRows(table: Table): Promise<Map<number, readonly CellValue[]>> {
  const wanted = new Set(table.rows.map((entry) => entry.location.row));
  const found = new Map<number, readonly CellValue[]>();
  const last = Math.max(...wanted);
  // Opened again as it was to read its header (findTables): the rows stream, and reading stops after the last wanted one.
  const source = await openTable(table.path, table.options);
  try {
    for await (const row of source.rows()) {
      if (wanted.has(row.rowNumber)) found.set(row.rowNumber, row.values);
      if (row.rowNumber >= last) break;
    }
  } finally {
    await source.close();
  }
  return found;
}

/** A key's texts: the cells of its key columns (a key is their JSON array), or the key itself (a record hash). */
function keyTexts(key: string): string[] {
  if (!key.startsWith('[')) return [key];
  try {
    const parsed: unknown = JSON.parse(key);
    if (Array.isArray(parsed) && parsed.every((t) => typeof t === 'string')) return parsed;
  } catch {
    // Not a key of columns: shown as it is.
  }
  return [key];
}

/**
 * Whether a row's cells still hold every text of its key, read as `rowKey` reads a cell; a `$row` key's
 * position texts (the file, the sheet, the row number) need not be cells.
 */
function holdsKey(values: readonly CellValue[], entry: KeyState): boolean {
  if (!entry.key.startsWith('[')) return true;
  const texts = new Set(values.map((v) => (v === null ? '' : typeof v === 'object' ? v.iso : String(v).trim())));
  const { file, sheet, row } = entry.location;
  const position = new Set([file.replaceAll('\\', '/'), sheet ?? '', String(row)]);
  return keyTexts(entry.key).every((t) => texts.has(t) || position.has(t));
}

/** A cell as the list writes it: a number as a number, anything else as the text the spreadsheet shows. */
function sheetCell(value: CellValue): SheetCell {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'object') return value.iso;
  return String(value);
}

/** The errors of a list file named by `flag`. */
export function listErrors(
  flag: string,
  out: string,
  extension: 'UPLOADED_OUT_EXTENSION' | 'CHANGED_OUT_EXTENSION',
  unwritable: 'UPLOADED_OUT_UNWRITABLE' | 'CHANGED_OUT_UNWRITABLE',
): RowListErrors {
  return {
    flag,
    extension: (ext) =>
      new ReportError(extension, `${flag} writes CSV or xlsx: name the file .csv or .xlsx (not "${ext || 'no extension'}")`, {
        location: { field: flag, file: out },
        hint: 'Name the file .csv or .xlsx.',
      }),
    unwritable: unwritableFile(unwritable, out, flag),
  };
}
