import { readZipDirectory, type ZipEntry } from './read-zip-directory.js';
import { sourceError } from './source-error.js';
import { openSourceFile } from './open-source-file.js';

/** Size limits for what a workbook may expand to. */
export interface WorkbookLimits {
  /** Largest uncompressed XML of any one sheet, in bytes. @default 1 GiB */
  readonly maxSheetBytes: number;
  /** Largest uncompressed shared-strings table (held in memory), in bytes. @default 256 MiB */
  readonly maxSharedStringsBytes: number;
  /** Largest expansion ratio for an entry bigger than 32 MiB; real sheets stay far below. @default 200 */
  readonly maxRatio: number;
}

export const DEFAULT_WORKBOOK_LIMITS: WorkbookLimits = {
  maxSheetBytes: 1024 * 1024 * 1024,
  maxSharedStringsBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Checks an .xlsx/.xlsm before the stream reader touches it: it exists and is not empty, it is a zip
 * and not an OLE container (what Excel writes for a password-protected workbook), its directory is
 * whole, and no sheet or shared-strings entry declares more bytes than the limits allow (zip bomb).
 * @returns the zip directory entries.
 */
export async function checkWorkbookFile(file: string, limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS): Promise<readonly ZipEntry[]> {
  const handle = await openSourceFile(file);
  try {
    const { size } = await handle.stat();
    if (size === 0) throw sourceError('SOURCE_EMPTY', 'the file is empty', { file }, 'check that this is the right file');
    const magic = Buffer.alloc(4);
    await handle.read(magic, 0, 4, 0);
    if (magic.equals(CFB_MAGIC)) {
      throw sourceError(
        'SOURCE_ENCRYPTED',
        'the workbook is password-protected (or an old .xls saved as .xlsx)',
        { file },
        'open it in the spreadsheet program, remove the password (or save as .xlsx) and try again',
      );
    }
    if (!magic.equals(ZIP_MAGIC)) {
      throw sourceError('SOURCE_CORRUPT', 'the file is not an xlsx workbook (not a zip archive)', { file }, 'save it again as .xlsx from the spreadsheet program');
    }
    const dir = await readZipDirectory(handle, size);
    if (!dir.ok) throw sourceError('SOURCE_CORRUPT', dir.reason, { file }, 'the file is damaged or incompletely copied; copy or save it again');
    for (const entry of dir.entries) checkEntry(file, entry, limits);
    return dir.entries;
  } finally {
    await handle.close();
  }
}

function checkEntry(file: string, entry: ZipEntry, limits: WorkbookLimits): void {
  const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name);
  const isStrings = entry.name === 'xl/sharedStrings.xml';
  if (!isSheet && !isStrings) return;
  const cap = isSheet ? limits.maxSheetBytes : limits.maxSharedStringsBytes;
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  const bomb = entry.uncompressedSize > 32 * 1024 * 1024 && ratio > limits.maxRatio;
  // 0xFFFFFFFF marks a zip64 size: more than 4 GiB, beyond any cap here.
  if (entry.uncompressedSize > cap || entry.uncompressedSize === 0xffffffff || bomb) {
    throw sourceError(
      'SOURCE_TOO_LARGE',
      `${entry.name} expands to ${entry.uncompressedSize} bytes (${Math.round(ratio)}× its compressed size), past the limit`,
      { file },
      'this is not a normal workbook (a zip bomb?); if it is genuine, split it or save it as CSV',
    );
  }
}
