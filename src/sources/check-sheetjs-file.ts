import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { checkZipParts, DEFAULT_WORKBOOK_LIMITS, type WorkbookLimits } from './check-workbook-file.js';
import { countOdsCells, type CellLimits } from './count-ods-cells.js';
import { inflateZipEntry } from './inflate-zip-entry.js';
import { openSourceFile } from './open-source-file.js';
import { sourceError } from './source-error.js';

/** Bounds of a workbook read by SheetJS, which holds the whole of it in memory. */
export interface SheetJsLimits {
  /** Largest file. @default 50 MiB */
  readonly maxFileBytes: number;
  /** What a zipped workbook (.ods, or an xlsx named .xls) may inflate to: 256 MiB of parts together. */
  readonly zip: WorkbookLimits;
  /**
   * Cells with a value (every repeat of an .ods cell counted, and for the sheet read every cell up to
   * the last of each row): 4 million, at most to row 1,048,576 and column 16,384 (Excel's last).
   * SheetJS keeps about 80 bytes a cell, so this holds it near a gigabyte at worst.
   */
  readonly cells: CellLimits;
}

export const SHEETJS_LIMITS: SheetJsLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  zip: { ...DEFAULT_WORKBOOK_LIMITS, maxSheetBytes: 256 * 1024 * 1024, maxTotalBytes: 256 * 1024 * 1024 },
  cells: { maxCells: 4_000_000, maxRows: 1_048_576, maxColumns: 16_384 },
};

const TOO_LARGE_HINT = 'save it as .xlsx (read as a stream) or CSV; if it is not a real workbook, check the file';

/**
 * Checks an .xls/.ods before SheetJS parses it whole: present, not empty, within the size limit, a
 * format SheetJS reads for real; a zip's real inflated sizes and an .ods's repeats within the limits.
 * @throws MgeError `SOURCE_NOT_FOUND`, `SOURCE_UNREADABLE`, `SOURCE_EMPTY`, `SOURCE_TOO_LARGE`, `SOURCE_CORRUPT`, `SOURCE_ENCRYPTED`.
 */
export async function checkSheetJsFile(file: string, limits: SheetJsLimits = SHEETJS_LIMITS): Promise<void> {
  const handle = await openSourceFile(file);
  try {
    const { size } = await handle.stat();
    if (size === 0) throw sourceError('SOURCE_EMPTY', 'the file is empty', { file }, 'check that this is the right file');
    if (size > limits.maxFileBytes) {
      throw sourceError(
        'SOURCE_TOO_LARGE',
        `the file is ${size} bytes; .xls/.ods files are read whole and limited to ${limits.maxFileBytes} bytes`,
        { file },
        TOO_LARGE_HINT,
      );
    }
    const { isZip, ods } = await checkSignature(handle, file);
    const entries = isZip ? await checkZipParts(handle, file, size, limits.zip, () => true) : [];
    if (
      isZip
        ? !zipReadAsOds(
            file,
            entries.map((e) => e.name),
          )
        : !ods
    )
      return;
    const content = entries.find((e) => e.name === 'content.xml');
    const xml = isZip ? (content === undefined ? undefined : await inflateZipEntry(file, content)) : createReadStream(file);
    if (xml === undefined) return;
    const over = await countOdsCells(xml as AsyncIterable<Buffer>, limits.cells).finally(() => xml.destroy());
    if (over !== undefined) {
      const what =
        over.bound === 'cells'
          ? `${over.count} cells with a value, past the limit of ${limits.cells.maxCells}`
          : over.bound === 'rows'
            ? `cells down to row ${over.count}, past row ${limits.cells.maxRows}`
            : `cells out to column ${over.count}, past column ${limits.cells.maxColumns}`;
      throw sourceError('SOURCE_TOO_LARGE', `the spreadsheet's repeated cells expand to ${what}`, { file }, TOO_LARGE_HINT);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Whether SheetJS will read a zip as OpenDocument (from its `content.xml`), as it decides, whatever the
 * extension. A zip it would read as something else than OpenDocument or xlsx (an Apple Numbers file,
 * or one holding a nested `Index.zip` it would open unchecked) is refused.
 */
function zipReadAsOds(file: string, names: readonly string[]): boolean {
  if (names.includes('META-INF/manifest.xml') || names.includes('objectdata.xml')) return true;
  if (names.includes('[Content_Types].xml') && !names.includes('Index/Document.iwa')) return false;
  throw sourceError(
    'SOURCE_CORRUPT',
    'the zip holds neither an OpenDocument spreadsheet nor an Excel workbook',
    { file },
    'open it in the spreadsheet program and save it as .xlsx or .ods',
  );
}

/**
 * After parsing: the rows of the sheet read, as the reader hands them out (each up to its last cell),
 * must stay within the cell limits: a sparse sheet with one cell at row 1,000,000 or column XFD is
 * small for SheetJS but not once its rows are filled out.
 */
export function checkSheetExtent(
  file: string,
  sheet: string,
  rows: readonly ({ readonly length: number } | undefined)[],
  limits: CellLimits = SHEETJS_LIMITS.cells,
): void {
  let cells = 0;
  let widest = 0;
  for (const row of rows) {
    cells += row?.length ?? 0;
    widest = Math.max(widest, row?.length ?? 0);
  }
  const over =
    rows.length > limits.maxRows
      ? `reaches row ${rows.length}, past row ${limits.maxRows}`
      : widest > limits.maxColumns
        ? `reaches column ${widest}, past column ${limits.maxColumns}`
        : cells > limits.maxCells
          ? `spans ${cells} cells, past the limit of ${limits.maxCells}`
          : undefined;
  if (over !== undefined) throw sourceError('SOURCE_TOO_LARGE', `the sheet ${over}`, { file, sheet }, TOO_LARGE_HINT);
}

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * SheetJS reads almost any bytes as some sheet (junk named `.xls` gave rows of garbage), so only the
 * forms it reads for real pass: OLE/BIFF, an xlsx zip or a web export's HTML/XML for `.xls`, a zip or
 * flat XML OpenDocument for `.ods`.
 */
async function checkSignature(handle: FileHandle, file: string): Promise<{ isZip: boolean; ods: boolean }> {
  const head = Buffer.alloc(1024);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  const bytes = head.subarray(0, bytesRead);
  const text = bytes
    .toString('latin1')
    .replace(/^(\xef\xbb\xbf)?\s*/, '')
    .slice(0, 1024)
    .toLowerCase();
  const isZip = bytes.subarray(0, 4).equals(ZIP_MAGIC);
  const ods = path.extname(file).toLowerCase() === '.ods';
  const biff = bytes[0] === 0x09 && (bytes[1] === 0x00 || bytes[1] === 0x02 || bytes[1] === 0x04) && bytes[3] === 0x00;
  const markup =
    /^<(!doctype html|html|table)\b/.test(text) ||
    (/^<(meta|\?xml)/.test(text) && /<(html|table|workbook|ss:workbook)\b|<\?mso-application/.test(text));
  const ok = ods
    ? isZip || (text.startsWith('<') && text.includes('office:document'))
    : bytes.subarray(0, 8).equals(CFB_MAGIC) || isZip || biff || markup;
  if (!ok) {
    throw sourceError(
      'SOURCE_CORRUPT',
      `the file is not ${ods ? 'an OpenDocument spreadsheet' : 'an Excel workbook'} (its first bytes match no ${ods ? '.ods' : '.xls'} format)`,
      { file },
      'open it in the spreadsheet program and save it again; if it is text, name it .csv or .tsv',
    );
  }
  return { isZip, ods };
}
