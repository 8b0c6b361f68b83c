import type { RawSheet } from './raw-sheet.js';
import type { RawRow } from './raw-row.js';
import { DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from './check-workbook-file.js';
import { sourceError } from './source-error.js';
import { isMgeError } from '../errors/mge-error.js';
import { openXlsxPackage, readParts, type XlsxPackage } from './xlsx/open-xlsx-package.js';
import { readXlsxStyles } from './xlsx/read-xlsx-styles.js';
import { readSharedStrings } from './xlsx/read-shared-strings.js';
import { readSheetRows } from './xlsx/read-sheet-rows.js';
import type { CellFormat, NumberFormats } from './xlsx/classify-number-format.js';
import type { ZipEntry } from './read-zip-directory.js';

/** Sheets that are not worksheets, in words. */
const SHEET_KINDS: Readonly<Record<string, string>> = {
  chartsheet: 'a chart sheet',
  dialogsheet: 'a dialog sheet',
  xlMacrosheet: 'an Excel 4 macro sheet',
  xlIntlMacrosheet: 'an Excel 4 macro sheet',
};

/** An xlsx sheet, with the zip entry its XML is in. */
export interface XlsxRawSheet extends RawSheet {
  readonly part: ZipEntry | undefined;
  readFraction(): number;
}

/** What every sheet of a workbook is read with: its styles and shared strings. */
interface BookParts {
  readonly styles: CellFormat[];
  readonly sharedStrings: string[];
  readonly formats: NumberFormats;
  /** Their inflated bytes, counted with a sheet's against `maxTotalBytes`. */
  readonly bytes: number;
}

/**
 * An .xlsx/.xlsm opened once for several of its sheets: the package, the styles and the shared
 * strings are read and checked once, each sheet's XML when it is first opened. A reader of many
 * sheets (the platform's workbook) would otherwise read the shared strings again for every sheet.
 */
export interface XlsxBook {
  readonly file: string;
  readonly limits: WorkbookLimits;
  /** Every sheet's name, in workbook order. */
  readonly sheetNames: readonly string[];
  /**
   * One sheet's raw rows, streamed from the start each time it is opened.
   * @param sheet a sheet name, or its 1-based position in the workbook.
   * @throws MgeError `SOURCE_SHEET_NOT_FOUND` (hint lists the sheets), `SOURCE_CORRUPT`, `SOURCE_TOO_LARGE`.
   */
  rawSheet(sheet: string | number): Promise<XlsxRawSheet>;
}

/**
 * Opens a workbook with the project's own streaming reader (docs/toolchain.md#spreadsheets says why):
 * the package followed as OPC says, cells typed per ECMA-376 (`xlsxCellValue`), only the parts read
 * checked and inflated. Memory: the shared strings once, and a chunk of sheet XML.
 * @throws MgeError `SOURCE_CORRUPT`, `SOURCE_ENCRYPTED`, `SOURCE_TOO_LARGE`, `SOURCE_EMPTY`.
 */
export async function openXlsxBook(file: string, limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS): Promise<XlsxBook> {
  let pkg: XlsxPackage;
  try {
    pkg = await openXlsxPackage(file, limits);
  } catch (error) {
    throw corrupt(file, error);
  }
  const names = pkg.sheets.map((s) => s.name);
  const listed = `the sheets are: ${names.map((n, i) => `${i + 1}. "${n}"`).join(', ')}`;
  let common: Promise<BookParts> | undefined;
  const checked = new Map<string, Promise<ZipEntry | undefined>>();
  const bookParts = (): Promise<BookParts> => (common ??= readBookParts(file, limits, pkg));
  const sheetPart = (part: string): Promise<ZipEntry | undefined> => {
    let entry = checked.get(part);
    if (entry === undefined) {
      entry = readParts(file, limits, [part]).then((parts) => parts.get(part.toLowerCase()));
      checked.set(part, entry);
    }
    return entry;
  };

  const rawSheet = async (sheet: string | number): Promise<XlsxRawSheet> => {
    const found = typeof sheet === 'number' ? pkg.sheets[sheet - 1] : pkg.sheets.find((s) => s.name === sheet);
    if (!found) {
      throw sourceError(
        'SOURCE_SHEET_NOT_FOUND',
        typeof sheet === 'number' ? `the workbook has no sheet number ${sheet}` : `the workbook has no sheet "${sheet}"`,
        { file, sheet: String(sheet) },
        names.length > 0 ? listed : 'the workbook holds no readable sheets',
      );
    }
    if (found.kind !== 'worksheet') {
      throw sourceError(
        'SOURCE_SHEET_NOT_FOUND',
        `the sheet "${found.name}" is ${SHEET_KINDS[found.kind] ?? `a ${found.kind}`}, with no cells to read`,
        { file, sheet: found.name },
        listed,
      );
    }
    let parts: BookParts;
    let entry: ZipEntry | undefined;
    try {
      entry = found.part === undefined ? undefined : await sheetPart(found.part);
      parts = await bookParts();
    } catch (error) {
      throw corrupt(file, error);
    }
    // The parts one sheet is read with, together, as when each sheet was opened alone.
    const total = (entry?.uncompressedSize ?? 0) + parts.bytes;
    if (total > limits.maxTotalBytes) {
      throw sourceError(
        'SOURCE_TOO_LARGE',
        `the workbook's parts expand to ${total} bytes together, past the limit of ${limits.maxTotalBytes}`,
        { file },
        'this is not a normal workbook (a zip bomb?); if it is genuine, split it or save it as CSV',
      );
    }
    return sheetReader(file, found.name, names, entry, parts, pkg.date1904, limits);
  };
  return { file, limits, sheetNames: names, rawSheet };
}

/** The styles and shared strings, checked together (sizes, bombs, damage) and read once. */
async function readBookParts(file: string, limits: WorkbookLimits, pkg: XlsxPackage): Promise<BookParts> {
  const wanted = [pkg.sharedStringsPart, pkg.stylesPart].filter((p): p is string => p !== undefined);
  const parts = await readParts(file, limits, wanted);
  const formats = await loadNumberFormats();
  const stylesEntry = pkg.stylesPart === undefined ? undefined : parts.get(pkg.stylesPart.toLowerCase());
  const stringsEntry = pkg.sharedStringsPart === undefined ? undefined : parts.get(pkg.sharedStringsPart.toLowerCase());
  return {
    styles: await readXlsxStyles(file, stylesEntry, formats),
    sharedStrings: await readSharedStrings(file, stringsEntry),
    formats,
    bytes: (stylesEntry?.uncompressedSize ?? 0) + (stringsEntry?.uncompressedSize ?? 0),
  };
}

/** One sheet's rows, streamed from its checked zip entry. */
function sheetReader(
  file: string,
  sheetName: string,
  names: readonly string[],
  entry: ZipEntry | undefined,
  parts: BookParts,
  date1904: boolean,
  limits: WorkbookLimits,
): XlsxRawSheet {
  const progress = { bytes: 0 };
  const size = entry?.uncompressedSize ?? 0;
  let closed = false;
  // The generator being read, so that close() can end it: its finally releases the inflate stream
  // and the file, which would otherwise wait for the garbage collector after an early stop.
  let reading: AsyncGenerator<RawRow[]> | undefined;
  async function* read(from: ZipEntry): AsyncGenerator<RawRow[]> {
    try {
      yield* readSheetRows(from, {
        file,
        sheetName,
        styles: parts.styles,
        sharedStrings: parts.sharedStrings,
        date1904,
        formats: parts.formats,
        maxSpan: limits.maxSpan,
        progress,
      });
    } catch (error) {
      throw corrupt(file, error, sheetName);
    }
  }
  return {
    name: sheetName,
    sheetNames: names,
    part: entry,
    rows: () => {
      if (entry === undefined || closed) return (async function* () {})();
      reading = read(entry);
      return reading;
    },
    close: async () => {
      closed = true;
      await reading?.return(undefined);
    },
    readFraction: () => (size > 0 ? Math.min(1, progress.bytes / size) : 0),
  };
}

/** SheetJS's number-format module, loaded on first use: SheetJS is large and most runs read CSV. */
async function loadNumberFormats(): Promise<NumberFormats> {
  const XLSX = await import('@e965/xlsx');
  return XLSX.SSF as NumberFormats;
}

function corrupt(file: string, error: unknown, sheet?: string): Error {
  if (isMgeError(error)) return error;
  return sourceError(
    'SOURCE_CORRUPT',
    `the workbook cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    { file, ...(sheet === undefined ? {} : { sheet }) },
    'the file is damaged; open it in the spreadsheet program and save it again',
    error,
  );
}
