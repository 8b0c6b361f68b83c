import type { FileHandle } from 'node:fs/promises';
import { readZipDirectory, type ZipEntry } from './read-zip-directory.js';
import { sourceError } from './source-error.js';
import { openSourceFile } from './open-source-file.js';
import { verifyZipEntry, type VerifiedZipEntry } from './verify-zip-entry.js';

/** Size limits for what a zipped workbook may expand to. */
export interface WorkbookLimits {
  /** Largest uncompressed XML of any one sheet, in bytes. @default 1 GiB */
  readonly maxSheetBytes: number;
  /** Largest uncompressed shared-strings table (held in memory), in bytes. @default 256 MiB */
  readonly maxSharedStringsBytes: number;
  /** Largest other part read (styles, workbook, relationships), in bytes. @default 64 MiB */
  readonly maxPartBytes: number;
  /** Largest sum of the parts read, in bytes. @default 2 GiB */
  readonly maxTotalBytes: number;
  /** Largest expansion ratio for an entry bigger than 32 MiB; real sheets stay far below. @default 200 */
  readonly maxRatio: number;
  /**
   * How far a sheet's rows may span: `floor` cells plus `perCell` per filled cell, since a cell in
   * column XFD makes a row 16,384 wide in a few bytes; real sheets stay near one cell per filled cell.
   * @default { floor: 4 million, perCell: 16 }
   */
  readonly maxSpan: { readonly floor: number; readonly perCell: number };
}

export const DEFAULT_WORKBOOK_LIMITS: WorkbookLimits = {
  maxSheetBytes: 1024 * 1024 * 1024,
  maxSharedStringsBytes: 256 * 1024 * 1024,
  maxPartBytes: 64 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 200,
  maxSpan: { floor: 4_000_000, perCell: 16 },
};

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const TOO_LARGE_HINT = 'this is not a normal workbook (a zip bomb?); if it is genuine, split it or save it as CSV';

/**
 * Checks an .xlsx/.xlsm before the reader touches it: present, not empty, a zip and not an OLE
 * container (a password-protected workbook), its parts passing {@link checkZipParts}.
 * @param reads which entries the reader will inflate (the others are neither checked nor returned).
 * @returns the checked entries that `reads` selects.
 */
export async function checkWorkbookFile(
  file: string,
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
  reads: (name: string) => boolean = () => true,
): Promise<readonly VerifiedZipEntry[]> {
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
      throw sourceError(
        'SOURCE_CORRUPT',
        'the file is not an xlsx workbook (not a zip archive)',
        { file },
        'save it again as .xlsx from the spreadsheet program',
      );
    }
    return await checkZipParts(handle, file, size, limits, reads);
  } finally {
    await handle.close();
  }
}

/**
 * Checks the zip parts a reader will inflate without trusting declared sizes: the directory whole,
 * each size within `limits` (and a ratio cap past 32 MiB), then each part inflated once, counted and
 * stopped as soon as it passes its declared size, so a bomb costs at most the capped declared bytes.
 * @throws MgeError `SOURCE_TOO_LARGE`, `SOURCE_CORRUPT` or `SOURCE_ENCRYPTED`.
 */
export async function checkZipParts(
  handle: FileHandle,
  file: string,
  size: number,
  limits: WorkbookLimits,
  reads: (name: string) => boolean,
): Promise<VerifiedZipEntry[]> {
  const dir = await readZipDirectory(handle, size);
  if (!dir.ok)
    throw sourceError('SOURCE_CORRUPT', dir.reason, { file }, 'the file is damaged or incompletely copied; copy or save it again');
  const parts = dir.entries.filter((entry) => reads(entry.name));
  let total = 0;
  for (const entry of parts) {
    checkDeclared(file, entry, limits);
    total += entry.uncompressedSize;
  }
  if (total > limits.maxTotalBytes) {
    throw sourceError(
      'SOURCE_TOO_LARGE',
      `the workbook's parts expand to ${total} bytes together, past the limit of ${limits.maxTotalBytes}`,
      { file },
      TOO_LARGE_HINT,
    );
  }
  const verified: VerifiedZipEntry[] = [];
  for (const entry of parts) {
    const result = await verifyZipEntry(handle, file, entry);
    if ('dataOffset' in result) {
      verified.push(result);
      continue;
    }
    if (result.kind === 'encrypted')
      throw sourceError(
        'SOURCE_ENCRYPTED',
        `${entry.name} is encrypted`,
        { file },
        'remove the password in the spreadsheet program and try again',
      );
    if (result.kind === 'larger') {
      throw sourceError(
        'SOURCE_TOO_LARGE',
        `${entry.name} inflates past the ${result.declared} bytes its header declares`,
        { file },
        TOO_LARGE_HINT,
      );
    }
    throw sourceError('SOURCE_CORRUPT', result.reason, { file }, 'the file is damaged or incompletely copied; copy or save it again');
  }
  return verified;
}

function checkDeclared(file: string, entry: ZipEntry, limits: WorkbookLimits): void {
  const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name) || entry.name === 'content.xml';
  const cap = isSheet ? limits.maxSheetBytes : entry.name === 'xl/sharedStrings.xml' ? limits.maxSharedStringsBytes : limits.maxPartBytes;
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  const bomb = entry.uncompressedSize > 32 * 1024 * 1024 && ratio > limits.maxRatio;
  // 0xFFFFFFFF marks a zip64 size: more than 4 GiB, beyond any cap here.
  if (entry.uncompressedSize > cap || entry.uncompressedSize === 0xffffffff || bomb) {
    throw sourceError(
      'SOURCE_TOO_LARGE',
      `${entry.name} expands to ${entry.uncompressedSize} bytes (${Math.round(ratio)}× its compressed size), past the limit`,
      { file },
      TOO_LARGE_HINT,
    );
  }
}
