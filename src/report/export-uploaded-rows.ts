import { unwritableFile } from '../util/open-text-sink.js';
import { compareLocations } from './compare-locations.js';
import type { ReportState } from './fold-report.js';
import { ReportError } from './report-errors.js';
import { writeRowList, type RowListErrors } from './write-row-list.js';

/** The columns of `report --uploaded-out`. */
export const UPLOADED_COLUMNS = ['key', 'file', 'sheet', 'row', 'id', 'hash', 'uploadedAt'] as const;

/**
 * Writes `report --uploaded-out FILE` (`.csv` or `.xlsx`): every row whose latest status is uploaded,
 * sorted by file and row, with the platform's record id and when it was stored:
 * `key,file,sheet,row,id,hash,uploadedAt`. `uploadedAt` is the ISO time (UTC) of the record's
 * `uploaded` line, which is stamped as the platform's answer comes (src/upload/send-row.ts); it is
 * text in the xlsx too, since a spreadsheet date has no time zone. The success list Data Loader users
 * expect, and what a page too small for a million rows points to.
 * @throws ReportError `UPLOADED_OUT_EXTENSION`, `UPLOADED_OUT_UNWRITABLE` (kind `usage`).
 */
export async function exportUploadedRows(state: ReportState, out: string): Promise<{ rows: number }> {
  const rows = [...state.keys.values()]
    .filter((entry) => entry.status === 'uploaded')
    .sort((a, b) => compareLocations(a.location, b.location));
  const cells = rows.map(
    (entry) =>
      [
        entry.key,
        entry.location.file,
        entry.location.sheet ?? '',
        entry.location.row,
        entry.uploaded?.id ?? null,
        entry.hash,
        entry.uploaded?.at ?? null,
      ] as const,
  );
  return writeRowList(
    out,
    UPLOADED_COLUMNS,
    cells,
    listErrors('--uploaded-out', out, 'UPLOADED_OUT_EXTENSION', 'UPLOADED_OUT_UNWRITABLE'),
    'uploaded',
  );
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
