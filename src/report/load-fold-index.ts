import { loadLedgerIndex, type IndexStateShapes } from '../ledger/ledger.js';
import { isObject } from '../util/is-object.js';
import type { FoldSaved } from './fold-report.js';
import type { KeyState } from './key-state.js';
import { misshapenField } from './report-line-shapes.js';
import type { RunLine, SummaryLine } from './report-lines.js';
import { ReportError } from './report-errors.js';
import { MAX_REPORT_LINE_BYTES, type ScanPlace } from './scan-report.js';

/** A ledger index that describes its report: the fold it saved, and the place to read the report from. */
export interface LoadedIndex {
  readonly saved: FoldSaved;
  readonly from: ScanPlace;
  /** The report file the index was checked against. */
  readonly report: { readonly dev: string; readonly ino: string };
}

const STATUSES = new Set(['uploaded', 'invalid', 'failed', 'uncertain', 'changed', 'duplicate']);

/**
 * The report's fold saved in its ledger index (`loadLedgerIndex`), when the index is usable; else
 * undefined and the caller reads the whole report. `lazy`: see `LoadIndexOptions.lazy`.
 */
export async function loadFoldIndex(
  report: string,
  options: { readonly spillDirs: readonly string[]; readonly lazy?: boolean | undefined },
): Promise<LoadedIndex | undefined> {
  const index = await loadLedgerIndex(report, { ...options, shapes: FOLD_SHAPES });
  if (index === undefined) return undefined;
  const inputs = index.saved.runs.at(-1)?.inputs.map((input) => input.file) ?? [];
  return { saved: index.saved, from: { ...index.from, inputs }, report: index.report };
}

const isLine = (line: unknown, type: string): boolean => isObject(line) && line.type === type && misshapenField(line, type) === undefined;
const optional = (value: unknown, type: 'string' | 'number'): boolean => value === undefined || typeof value === type;
const optionalObject = (value: unknown, check: (v: Record<string, unknown>) => boolean = () => true): boolean =>
  value === undefined || (isObject(value) && check(value));

/**
 * The shape the fold, the resume rules and the summary rely on of a key held whole: an index is under
 * its sha256, but one made by hand must be read past, not crash a run.
 */
function isKeyState(value: unknown): value is KeyState {
  return (
    isObject(value) &&
    typeof value.key === 'string' &&
    typeof value.status === 'string' &&
    STATUSES.has(value.status) &&
    typeof value.hash === 'string' &&
    typeof value.attempts === 'number' &&
    typeof value.line === 'number' &&
    isObject(value.location) &&
    optionalObject(value.uploaded, (u) => typeof u.id === 'number' && typeof u.hash === 'string' && optional(u.at, 'string')) &&
    optional(value.uncertainHash, 'string') &&
    optionalObject(value.uncertainSince, (u) => typeof u.at === 'string' && optional(u.runId, 'string')) &&
    optionalObject(value.failure, (f) => typeof f.code === 'string' && typeof f.retryable === 'boolean') &&
    optional(value.reason, 'string') &&
    optional(value.src, 'string') &&
    (value.problems === undefined || Array.isArray(value.problems)) &&
    optionalObject(value.sourceValues) &&
    optionalObject(value.openIntent, (o) => typeof o.hash === 'string' && typeof o.attempt === 'number' && typeof o.at === 'string')
  );
}

/** What the index's state lines of a report's fold must be: its run and summary lines, its keys held whole. */
const FOLD_SHAPES: IndexStateShapes<RunLine, SummaryLine, KeyState> = {
  isRun: (value): value is RunLine => isLine(value, 'run'),
  isSummary: (value): value is SummaryLine => isLine(value, 'summary'),
  isHeld: isKeyState,
  maxLineBytes: MAX_REPORT_LINE_BYTES,
  corrupt: (file, why) =>
    new ReportError('REPORT_CORRUPT', `The ledger index ${file} ${why}`, {
      location: { file },
      hint: 'Delete it: the next run reads the whole report and saves a new index.',
    }),
};
