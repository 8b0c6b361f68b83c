import { LINE_TYPES, type ReportLine } from './report-lines.js';
import { misshapenField } from './report-line-shapes.js';
import { ReportError } from './report-errors.js';

const KNOWN = new Set<string>(LINE_TYPES);

/** `REPORT_CORRUPT` at a 1-based line of a report, saying why. */
export function reportCorrupt(file: string, line: number, why: string): ReportError {
  return new ReportError('REPORT_CORRUPT', `The report ${file} is damaged at line ${line}: ${why}`, {
    location: { file, row: line },
    hint: 'Only the last line of a report may be torn by a crash. Restore the report from a backup, or start a new report (rows already uploaded would then be uploaded again).',
    details: { line },
  });
}

/**
 * Parses one report line, checking the shape its readers rely on: a known `type`, and every field
 * that type has, of the right type (`report-line-shapes.ts`). Throws `REPORT_CORRUPT` with the
 * 1-based line number.
 */
export function parseReportLine(text: string, file: string, line: number): ReportLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw reportCorrupt(file, line, 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw reportCorrupt(file, line, 'not a JSON object');
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !KNOWN.has(type)) throw reportCorrupt(file, line, `unknown line type ${JSON.stringify(type)}`);
  const wrong = misshapenField(value as Record<string, unknown>, type);
  if (wrong !== undefined) throw reportCorrupt(file, line, `a ${type} line whose ${wrong} is missing or of the wrong type`);
  return value as ReportLine;
}
