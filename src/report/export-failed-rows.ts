import type { RowProblem } from '../template/record-types.js';
import { compareLocations } from './compare-locations.js';
import type { KeyState, LedgerState } from './fold-report.js';
import { describeRowProblem, fixColumns, openFixFile, type FixRow } from './open-fix-file.js';

const EXPORTED = new Set(['invalid', 'failed', 'uncertain']);

/** A failed or uncertain row's error in one line: code, HTTP status and platform code, the platform's text. */
export function failureText(entry: KeyState): string {
  const f = entry.failure;
  const head = `${f?.code ?? 'UNKNOWN'}${f?.status !== undefined ? ` (HTTP ${f.status}${f.platformCode !== undefined ? `, code ${f.platformCode}` : ''})` : ''}`;
  const detail = f?.detail ?? (entry.status === 'uncertain' ? entry.reason : undefined);
  return detail ? `${head}: ${detail}` : head;
}

/** A key's row to fix. */
function keyRow(entry: KeyState): FixRow {
  const problems = entry.status === 'invalid' ? (entry.problems ?? []) : [];
  return {
    status: entry.status as 'invalid' | 'failed' | 'uncertain',
    file: entry.location.file,
    sheet: entry.location.sheet,
    rows: entry.location.rows ?? [entry.location.row],
    key: entry.key,
    problems,
    errors: entry.status === 'invalid' ? problems.map(describeRowProblem) : [failureText(entry)],
    codes: entry.status === 'invalid' ? [...new Set(problems.map((p) => p.code))] : [entry.failure?.code ?? 'UNKNOWN'],
    sourceValues: entry.sourceValues ?? {},
  };
}

/** A row of no record's row to fix: its one problem; the summary line keeps no cells, so none. */
function strayRow(p: RowProblem): FixRow {
  const { file, sheet, row } = p.location;
  return {
    status: 'stray',
    file,
    sheet,
    rows: [row],
    key: undefined,
    problems: [p],
    errors: [describeRowProblem(p)],
    codes: [p.code],
    sourceValues: {},
  };
}

/**
 * Writes `report --failed-out FILE`: the rows whose latest status is invalid, failed or uncertain, and
 * the latest run's rows of no record (`stray`, their problems as the summary keeps them), by location
 * in {@link openFixFile}'s format, so the fixed file feeds back to `ingest`. Rows a killed run left
 * without cells, and rows of no record, get the error columns only.
 * @throws MgeError `ERRORS_FILE_EXTENSION`, `ERRORS_FILE_UNWRITABLE` (kind `usage`).
 */
export async function exportFailedRows(
  state: LedgerState,
  out: string,
  stray: readonly RowProblem[] = [],
): Promise<{ rows: number; columns: readonly string[] }> {
  const entries = [...state.outstanding()].filter((entry) => EXPORTED.has(entry.status));
  const rows = [
    ...entries.map((entry) => ({ at: entry.location, row: keyRow(entry) })),
    ...stray.map((p) => ({ at: { ...p.location, sheet: p.location.sheet ?? '' }, row: strayRow(p) })),
  ]
    .sort((a, b) => compareLocations(a.at, b.at))
    .map((r) => r.row);
  const columns = fixColumns(rows.map((row) => Object.keys(row.sourceValues)));
  const file = await openFixFile(out, columns, '--failed-out', { sheets: rows.map((row) => row.sheet) });
  try {
    for (const row of rows) await file.write(row);
  } finally {
    await file.close();
  }
  return { rows: rows.length, columns };
}
