import path from 'node:path';
import { csvField } from '../util/csv-field.js';
import { openTextSink, unwritableFile } from '../util/open-text-sink.js';
import { compareLocations } from './compare-locations.js';
import type { ReportState } from './fold-report.js';
import { ReportError } from './report-errors.js';

/** The columns of `report --uploaded-out`. */
export const UPLOADED_COLUMNS = ['key', 'file', 'sheet', 'row', 'id', 'hash'] as const;

/**
 * Writes `report --uploaded-out FILE.csv`: every row whose latest status is uploaded, sorted by file and
 * row, with the platform's record id (UTF-8 with a BOM, so a spreadsheet reads Chinese keys right):
 * `key,file,sheet,row,id,hash`. The list a page too small for a million rows points to.
 * @throws ReportError `UPLOADED_OUT_EXTENSION`, `UPLOADED_OUT_UNWRITABLE` (kind `usage`).
 */
export async function exportUploadedRows(state: ReportState, out: string): Promise<{ rows: number }> {
  if (path.extname(out).toLowerCase() !== '.csv') {
    throw new ReportError('UPLOADED_OUT_EXTENSION', `--uploaded-out writes CSV: name the file .csv (not "${path.extname(out) || 'no extension'}")`, {
      location: { field: '--uploaded-out', file: out },
      hint: 'Name the file .csv.',
    });
  }
  const rows = [...state.keys.values()].filter((entry) => entry.status === 'uploaded').sort((a, b) => compareLocations(a.location, b.location));
  const sink = await openTextSink(out, unwritableFile('UPLOADED_OUT_UNWRITABLE', out, '--uploaded-out'));
  try {
    await sink.write(`\uFEFF${UPLOADED_COLUMNS.join(',')}\r\n`);
    for (const entry of rows) {
      const l = entry.location;
      await sink.write(`${[entry.key, l.file, l.sheet ?? '', String(l.row), String(entry.uploaded?.id ?? ''), entry.hash].map(csvField).join(',')}\r\n`);
    }
    await sink.close();
  } catch (error) {
    sink.destroy();
    throw error;
  }
  return { rows: rows.length };
}
