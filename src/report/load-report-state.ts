import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReportFolder, type LedgerState, type ReportState } from './fold-report.js';
import { loadLedgerIndex } from './load-ledger-index.js';
import { saveLedgerIndex } from './save-ledger-index.js';
import { scanReport, type ReportWarning, type ScanReportOptions } from './scan-report.js';

export interface LoadReportOptions extends Omit<ScanReportOptions, 'from'> {
  /**
   * Every key whole, with its location and cells (the exports, the page, `--annotate`); otherwise
   * plainly uploaded keys are held compactly (`createReportFolder({ compact: true })`). @default false
   */
  readonly whole?: boolean;
  /**
   * The keys of a ledger index are restored only if a line after it names one (`report`, which only
   * counts them): see `LoadIndexOptions.lazy`. @default false
   */
  readonly lazyKeys?: boolean;
}

/** What reading one report line costs, in keys saved to a ledger index (measured: ~5 µs against ~0.3 µs). */
const INDEX_LINE_COST = 16;

/** A report folded: its state, what reading it met, and how much of it was read. */
export interface LoadedReport<S extends LedgerState> {
  readonly state: S;
  readonly warnings: readonly ReportWarning[];
  readonly exists: boolean;
  /** Whether the report's ledger index gave the fold of its first lines, and how many lines were read. */
  readonly index: { readonly used: boolean; readonly linesRead: number };
  /**
   * Folds the lines written since (a run's) and saves the fold as the report's ledger index
   * (`saveLedgerIndex`), so the next run reads only what comes after: for the run that holds the
   * report's lock, after its last line. Resolves with why it could not (a file system's or the
   * report's error), else undefined. Undefined for a whole fold.
   */
  readonly saveIndex: (() => Promise<string | undefined>) | undefined;
}

/**
 * Streams a report into its folded state without holding its lines: what `ingest` does before
 * appending (with `repair: true`, under the lock) and what `report` does to summarize. A compact fold
 * starts from the report's ledger index when it has a usable one (`loadLedgerIndex`), and reads only
 * the lines after the place the index reaches.
 */
export async function loadReportState(
  file: string,
  options: LoadReportOptions & { readonly whole: true },
): Promise<LoadedReport<ReportState>>;
export async function loadReportState(file: string, options?: LoadReportOptions): Promise<LoadedReport<LedgerState>>;
export async function loadReportState(file: string, options: LoadReportOptions = {}): Promise<LoadedReport<LedgerState>> {
  if (options.whole === true) {
    const folder = createReportFolder();
    const result = await scanReport(file, (line, number) => folder.add(line, number), options);
    return {
      state: folder.state(),
      warnings: result.warnings,
      exists: result.exists,
      index: { used: false, linesRead: result.lines },
      saveIndex: undefined,
    };
  }
  // The table's older values go beside the report (a folder that is written to anyway, and on a disk,
  // where the system's temporary folder may be memory), else there.
  const spillDirs = [path.dirname(path.resolve(file)), tmpdir()];
  const index = await loadLedgerIndex(file, { spillDirs, lazy: options.lazyKeys === true });
  const folder = createReportFolder({ compact: true, spillDirs, from: index?.saved });
  const add = folder.add.bind(folder);
  const result = await scanReport(file, add, { ...options, from: index?.from });
  let end = result.end;
  let unsaved = index === undefined ? Number.POSITIVE_INFINITY : result.lines;
  const saveIndex = async (): Promise<string | undefined> => {
    try {
      const more = await scanReport(file, add, { from: end });
      end = more.end;
      unsaved += more.lines;
      const saved = folder.saved()!;
      // Saving writes every key (~90 bytes each); reading a line costs about as much as 16 keys saved.
      // A run that added a few lines (a nightly run with nothing new) leaves them to be read again.
      if (unsaved * INDEX_LINE_COST >= saved.table.entries) await saveLedgerIndex(file, saved, end);
      return undefined;
    } catch (error) {
      if (!(error instanceof Error) || !('code' in error)) throw error;
      return error.message;
    }
  };
  return {
    state: folder.state(),
    warnings: result.warnings,
    exists: result.exists,
    index: { used: index !== undefined, linesRead: result.lines },
    saveIndex,
  };
}
