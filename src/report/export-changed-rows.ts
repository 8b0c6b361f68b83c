import { cellValueText } from '../sources/cell-value-text.js';
import { compareLocations } from './compare-locations.js';
import type { LedgerState } from './fold-report.js';
import { listErrors } from './export-uploaded-rows.js';
import { changedFieldTexts } from './read-changed-fields.js';
import { writeRowList } from './write-row-list.js';

/** The columns of `report --changed-out` before the input's own. */
export const CHANGED_COLUMNS = ['key', 'file', 'sheet', 'row', 'differs from id', 'fields that differ'] as const;

export { FIELDS_NOT_RECORDED } from './read-changed-fields.js';

/**
 * Writes `report --changed-out FILE` (`.csv`/`.xlsx`): every changed row by location, with the id of
 * the record it differs from, the fields it differs in ({@link changedFieldTexts}) and its cells.
 * @throws ReportError `CHANGED_OUT_EXTENSION`, `CHANGED_OUT_UNWRITABLE` (kind `usage`).
 */
export async function exportChangedRows(state: LedgerState, out: string, reports: readonly string[]): Promise<{ rows: number }> {
  const rows = [...state.outstanding()]
    .filter((entry) => entry.status === 'changed')
    .sort((a, b) => compareLocations(a.location, b.location));
  const differ = await changedFieldTexts(rows, reports);
  const columns = [...new Set(rows.flatMap((entry) => Object.keys(entry.sourceValues ?? {})))];
  const cells = rows.map((entry) => [
    entry.key,
    entry.location.file,
    entry.location.sheet ?? '',
    entry.location.row,
    entry.uploaded?.id ?? null,
    differ(entry.key),
    ...columns.map((c) => {
      const v = entry.sourceValues?.[c] ?? null;
      return typeof v === 'number' ? v : cellValueText(v);
    }),
  ]);
  return writeRowList(
    out,
    [...CHANGED_COLUMNS, ...columns],
    cells,
    listErrors('--changed-out', out, 'CHANGED_OUT_EXTENSION', 'CHANGED_OUT_UNWRITABLE'),
    'changed',
  );
}
