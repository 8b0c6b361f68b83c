import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { extname } from 'node:path';
import { MgeError } from '../errors/mge-error.js';
import type { CellValue } from '../sources/source-types.js';
import type { KeyState, ReportState } from './fold-report.js';

/** Name of the column added to the exported rows; `_2`, `_3`… if the input already has one. */
export const ERROR_COLUMN = 'mge_error';

const EXPORTED = new Set(['invalid', 'failed', 'uncertain']);

/** Text of a cell as a curator would type it back (dates as their ISO text). */
function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.iso;
  return String(value);
}

/** RFC 4180 quoting. Values are written as they were read, so the file feeds back to `ingest` unchanged. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function errorText(entry: KeyState): string {
  if (entry.status === 'invalid') {
    return (entry.problems ?? [])
      .map((p) => `${p.code}${p.field ? ` ${p.field}` : ''}${p.location.cell ? ` (${p.location.cell})` : ''}: ${p.message}`)
      .join('; ');
  }
  const f = entry.failure;
  const head = `${entry.status} ${f?.code ?? 'UNKNOWN'}${f?.status !== undefined ? ` (HTTP ${f.status}${f.platformCode !== undefined ? `, code ${f.platformCode}` : ''})` : ''}`;
  const detail = f?.detail ?? (entry.status === 'uncertain' ? entry.reason : undefined);
  return detail ? `${head}: ${detail}` : head;
}

/**
 * Writes the rows that did not upload (latest status invalid, failed or uncertain), in the input's own
 * columns (their `sourceValues`, so the mapping's key columns survive) plus {@link ERROR_COLUMN}, sorted
 * by file and row: ready to fix and feed back to `ingest`. `.csv` is UTF-8 with a BOM (Excel reads it
 * right); `.jsonl`/`.ndjson`/`.json` is one object per line. Rows a killed run left without their cells
 * are listed with the error column only.
 */
export async function exportFailedRows(state: ReportState, out: string): Promise<{ rows: number; columns: readonly string[] }> {
  const ext = extname(out).toLowerCase();
  const format = ext === '.csv' ? 'csv' : ext === '.jsonl' || ext === '.ndjson' || ext === '.json' ? 'jsonl' : undefined;
  if (!format) {
    throw new MgeError('usage', 'FAILED_OUT_FORMAT', `Cannot tell the format of ${out}`, {
      location: { file: out },
      hint: 'Name the file .csv, or .jsonl for JSON lines.',
    });
  }
  const rows = [...state.keys.values()]
    .filter((entry) => EXPORTED.has(entry.status))
    .sort((a, b) => a.location.file.localeCompare(b.location.file) || (a.location.sheet ?? '').localeCompare(b.location.sheet ?? '') || a.location.row - b.location.row);
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const entry of rows) {
    for (const name of Object.keys(entry.sourceValues ?? {})) {
      if (!seen.has(name)) {
        seen.add(name);
        headers.push(name);
      }
    }
  }
  let errorColumn = ERROR_COLUMN;
  for (let n = 2; seen.has(errorColumn); n += 1) errorColumn = `${ERROR_COLUMN}_${n}`;
  const columns = [...headers, errorColumn];

  const stream = createWriteStream(out, { encoding: 'utf8' });
  const done = finished(stream);
  let failure: unknown;
  done.catch((error: unknown) => {
    failure = error;
  });
  const put = async (text: string): Promise<void> => {
    if (failure !== undefined) throw failure;
    if (!stream.write(text)) await Promise.race([once(stream, 'drain'), done]);
  };
  try {
    if (format === 'csv') await put(`\uFEFF${columns.map(csvField).join(',')}\r\n`);
    for (const entry of rows) {
      const values = entry.sourceValues ?? {};
      if (format === 'csv') {
        const cells = headers.map((name) => csvField(cellText(values[name])));
        cells.push(csvField(errorText(entry)));
        await put(`${cells.join(',')}\r\n`);
      } else {
        const object: Record<string, unknown> = {};
        for (const name of headers) if (name in values) object[name] = values[name];
        object[errorColumn] = errorText(entry);
        await put(`${JSON.stringify(object)}\n`);
      }
    }
    stream.end();
    await done;
  } catch (cause) {
    stream.destroy();
    throw new MgeError('config', 'FAILED_OUT_NOT_WRITABLE', `Cannot write ${out}`, { location: { file: out }, cause });
  }
  return { rows: rows.length, columns };
}
