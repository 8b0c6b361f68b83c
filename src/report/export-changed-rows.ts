import { cellValueText } from '../sources/cell-value-text.js';
import { compareLocations } from './compare-locations.js';
import type { LedgerState } from './fold-report.js';
import { listErrors } from './export-uploaded-rows.js';
import { readChangedFields, type ChangedVersions } from './read-changed-fields.js';
import { writeRowList } from './write-row-list.js';

/** The columns of `report --changed-out` before the input's own. */
export const CHANGED_COLUMNS = ['key', 'file', 'sheet', 'row', 'differs from id', 'fields that differ'] as const;

/** What `fields that differ` says when the report cannot tell (no part digests on a version's line). */
export const FIELDS_NOT_RECORDED = '(not recorded)';

/**
 * Writes `report --changed-out FILE` (`.csv`/`.xlsx`): every changed row by location, with the id of
 * the record it differs from, the fields it differs in ({@link readChangedFields}) and its cells.
 * @throws ReportError `CHANGED_OUT_EXTENSION`, `CHANGED_OUT_UNWRITABLE` (kind `usage`).
 */
export async function exportChangedRows(state: LedgerState, out: string, reports: readonly string[]): Promise<{ rows: number }> {
  const rows = [...state.outstanding()]
    .filter((entry) => entry.status === 'changed')
    .sort((a, b) => compareLocations(a.location, b.location));
  const versions = new Map<string, ChangedVersions>(
    rows.map((entry) => [entry.key, { uploadedHash: entry.uploaded?.hash, hash: entry.hash }]),
  );
  const differ = rows.length === 0 ? new Map<string, readonly string[]>() : await readChangedFields(reports, versions);
  const columns = [...new Set(rows.flatMap((entry) => Object.keys(entry.sourceValues ?? {})))];
  const cells = rows.map((entry) => [
    entry.key,
    entry.location.file,
    entry.location.sheet ?? '',
    entry.location.row,
    entry.uploaded?.id ?? null,
    differ.get(entry.key)?.join(', ') ?? FIELDS_NOT_RECORDED,
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
