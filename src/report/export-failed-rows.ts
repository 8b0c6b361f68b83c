import { compareLocations } from './compare-locations.js';
import type { KeyState, LedgerState } from './fold-report.js';
import { describeRowProblem, fixColumns, openFixFile } from './open-fix-file.js';

const EXPORTED = new Set(['invalid', 'failed', 'uncertain']);

/** A failed or uncertain row's error in one line: code, HTTP status and platform code, the platform's text. */
export function failureText(entry: KeyState): string {
  const f = entry.failure;
  const head = `${f?.code ?? 'UNKNOWN'}${f?.status !== undefined ? ` (HTTP ${f.status}${f.platformCode !== undefined ? `, code ${f.platformCode}` : ''})` : ''}`;
  const detail = f?.detail ?? (entry.status === 'uncertain' ? entry.reason : undefined);
  return detail ? `${head}: ${detail}` : head;
}

/**
 * Writes `report --failed-out FILE`: the rows whose latest status is invalid, failed or uncertain, in
 * {@link openFixFile}'s format, so the fixed file feeds back to `ingest`. Rows a killed run left
 * without cells get the error columns only.
 * @throws MgeError `ERRORS_FILE_EXTENSION`, `ERRORS_FILE_UNWRITABLE` (kind `usage`).
 */
export async function exportFailedRows(state: LedgerState, out: string): Promise<{ rows: number; columns: readonly string[] }> {
  const rows = [...state.outstanding()]
    .filter((entry) => EXPORTED.has(entry.status))
    .sort((a, b) => compareLocations(a.location, b.location));
  const columns = fixColumns(rows.map((entry) => Object.keys(entry.sourceValues ?? {})));
  const file = await openFixFile(out, columns, '--failed-out', { sheets: rows.map((entry) => entry.location.sheet) });
  try {
    for (const entry of rows) {
      const problems = entry.status === 'invalid' ? (entry.problems ?? []) : [];
      await file.write({
        status: entry.status as 'invalid' | 'failed' | 'uncertain',
        file: entry.location.file,
        sheet: entry.location.sheet,
        rows: entry.location.rows ?? [entry.location.row],
        key: entry.key,
        problems,
        errors: entry.status === 'invalid' ? problems.map(describeRowProblem) : [failureText(entry)],
        codes: entry.status === 'invalid' ? [...new Set(problems.map((p) => p.code))] : [entry.failure?.code ?? 'UNKNOWN'],
        sourceValues: entry.sourceValues ?? {},
      });
    }
  } finally {
    await file.close();
  }
  return { rows: rows.length, columns };
}
