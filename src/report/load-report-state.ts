import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReportFolder, type LedgerState, type ReportState } from './fold-report.js';
import { pathIdentity, sameFile, saveLedgerIndex } from '../ledger/ledger.js';
import { loadFoldIndex } from './load-fold-index.js';
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
   * Folds the lines since and saves the ledger index (ARCHITECTURE.md → "Upload and the report", The ledger
   * index) for the next run; `beforeSave` throws when the lock is no longer ours. Resolves with why it could
   * not; undefined for a whole fold.
   */
  readonly saveIndex: ((beforeSave: () => void) => Promise<string | undefined>) | undefined;
}

/**
 * Streams a report into its folded state (ingest with `repair: true` under the lock; `report`): a
 * compact fold starts from the ledger index when usable and reads only the lines after it.
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
  const spillDirs = reportSpillDirs(file);
  let index = await loadFoldIndex(file, { spillDirs, lazy: options.lazyKeys === true });
  let folder = createReportFolder({ compact: true, spillDirs, from: index?.saved });
  let result = await scanReport(file, (line, number) => folder.add(line, number), { ...options, from: index?.from }).catch(
    (error: unknown) => error as Error,
  );
  // Without the lock (`report`), the report may have been replaced (`report compact`) between the
  // index's check and the read of the lines after it: the new file is then read whole.
  if (index !== undefined && !sameFile(await pathIdentity(file), index.report)) {
    index = undefined;
    folder = createReportFolder({ compact: true, spillDirs });
    result = await scanReport(file, (line, number) => folder.add(line, number), options);
  }
  if (result instanceof Error) throw result;
  const identity = index?.report ?? (await pathIdentity(file));
  let end = result.end;
  let unsaved = index === undefined ? Number.POSITIVE_INFINITY : result.lines;
  const saveIndex = async (beforeSave: () => void): Promise<string | undefined> => {
    // A cache: whatever stops the save is told, and the run ends as it would have.
    try {
      beforeSave();
      // A report this run created (none when it began) is the file there now: the lock kept others out.
      const now = await pathIdentity(file);
      const folded = identity ?? now;
      if (folded === undefined || !sameFile(now, folded)) return 'the report was replaced during the run';
      // The run's own lines, folded onto the state it started from: its run line came first and closed
      // the intents that state() closed, so this is the fold of the whole report.
      const more = await scanReport(file, (line, number) => folder.add(line, number), { from: end, wholeLinesOnly: true });
      end = more.end;
      unsaved += more.lines;
      const saved = folder.saved()!;
      // Saving writes every key (~90 bytes each); reading a line costs about as much as 16 keys saved.
      // A run that added a few lines (a nightly run with nothing new) leaves them to be read again.
      if (unsaved * INDEX_LINE_COST >= saved.table.entries)
        await saveLedgerIndex(file, saved, end, { report: folded, beforeRename: beforeSave });
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
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

/**
 * Where a run's off-heap tables (the ledger's, the duplicate guard's) move their older entries: beside
 * the report (a folder that is written to anyway, and on a disk, where the system's temporary folder
 * may be memory), else there.
 */
export function reportSpillDirs(file: string): readonly string[] {
  return [path.dirname(path.resolve(file)), tmpdir()];
}
