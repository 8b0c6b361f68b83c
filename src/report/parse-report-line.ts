import { isRowLine, LINE_TYPES, type ReportLine } from './report-lines.js';
import { ReportError } from './report-errors.js';

const KNOWN = new Set<string>(LINE_TYPES);

function corrupt(file: string, line: number, why: string): ReportError {
  return new ReportError('REPORT_CORRUPT', `The report ${file} is damaged at line ${line}: ${why}`, {
    location: { file, row: line },
    hint: 'Only the last line of a report may be torn by a crash. Restore the report from a backup, or start a new report (rows already uploaded would then be uploaded again).',
    details: { line },
  });
}

/**
 * Parses one report line, checking the shape the resume logic relies on (`type`, and for row lines a
 * string `key`, `hash` and a `location`). Throws `REPORT_CORRUPT` with the 1-based line number.
 */
export function parseReportLine(text: string, file: string, line: number): ReportLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt(file, line, 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw corrupt(file, line, 'not a JSON object');
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !KNOWN.has(type)) throw corrupt(file, line, `unknown line type ${JSON.stringify(type)}`);
  const parsed = value as ReportLine;
  if (isRowLine(parsed)) {
    const row = value as { key?: unknown; hash?: unknown; location?: unknown };
    if (typeof row.key !== 'string' || typeof row.hash !== 'string' || typeof row.location !== 'object' || row.location === null) {
      throw corrupt(file, line, 'a row line without key, hash or location');
    }
  }
  return parsed;
}
