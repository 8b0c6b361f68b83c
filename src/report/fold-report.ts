import { applyRowLine, closeIntent, newKeyState } from './apply-row-line.js';
import { createLedgerTable, isTableHash, type LedgerSaved, type LedgerTable, type PlainKey } from '../ledger/ledger.js';
import type { KeyLedger, KeyRecord, KeyState, LedgerState, ReportState } from './key-state.js';
import type { KeyStatus, ReportLine, RowLine, RunLine, SummaryLine } from './report-lines.js';

export type { KeyFailure, KeyLedger, KeyRecord, KeyState, KeyStatus, LedgerState, ReportState } from './key-state.js';

/** Folds lines one at a time (so a million-line report streams); `state()` closes open intents. */
export interface ReportFolder<S extends LedgerState> {
  /** `lineNumber`: the line's 1-based place in the file. @default one more than the line before */
  add(line: ReportLine, lineNumber?: number): void;
  state(): S;
  /** What a compact fold holds, to save as a ledger index; undefined for a whole fold. */
  saved(): FoldSaved | undefined;
}

/**
 * A compact fold's whole memory after some lines (`ReportFolder.saved`), from which
 * {@link createReportFolder} goes on as if it had read them: the table, every key not in it whole
 * (open intents included), the run and summary lines, and the number of the last line.
 */
export type FoldSaved = LedgerSaved<RunLine, SummaryLine, KeyState>;

export interface ReportFolderOptions {
  /**
   * Hold plainly uploaded keys in an off-heap {@link createLedgerTable} (~72 bytes a key, not ~500)
   * without their locations, so `state()` is a {@link LedgerState}: enough for a resume and `report`.
   */
  readonly compact: true;
  /** Where the table may move the values of older keys to a file (`LedgerTableOptions.spillDirs`). @default [] */
  readonly spillDirs?: readonly string[] | undefined;
  /** Go on from a fold saved before (`ReportFolder.saved`, a ledger index): its table is taken over. @default undefined */
  readonly from?: FoldSaved | undefined;
}

/** True when a key's whole state is: uploaded with its latest content, nothing else to remember. */
function isPlain(entry: KeyState): boolean {
  return (
    entry.status === 'uploaded' &&
    entry.uploaded !== undefined &&
    entry.uploaded.hash === entry.hash &&
    entry.openIntent === undefined &&
    entry.uncertainHash === undefined &&
    entry.sourceValues === undefined &&
    entry.failure === undefined &&
    entry.reason === undefined &&
    entry.problems === undefined &&
    isTableHash(entry.hash)
  );
}

/**
 * A plain key's record as `KeyRecord.uploaded`, its time made a text only when asked for: a resume
 * reads a plain key per row and never asks. A class: V8 makes an object literal with a getter slowly.
 */
class PlainUpload {
  readonly id: number;
  readonly hash: string;
  readonly #plain: PlainKey;

  constructor(plain: PlainKey) {
    this.id = plain.id;
    this.hash = plain.hash;
    this.#plain = plain;
  }

  get at(): string | undefined {
    return this.#plain.uploadedAt;
  }

  /** As the plain data it stands for. */
  toJSON(): { id: number; hash: string; at: string | undefined } {
    return { id: this.id, hash: this.hash, at: this.at };
  }
}

function plainRecord(plain: PlainKey): KeyRecord {
  return {
    status: 'uploaded',
    hash: plain.hash,
    attempts: plain.attempts,
    uploaded: new PlainUpload(plain),
    uncertainHash: undefined,
    uncertainSince: undefined,
    failure: undefined,
    reason: undefined,
    line: plain.line,
    src: plain.src,
  };
}

/**
 * Creates an incremental {@link ReportFolder}: per key the latest status, hash, platform id, attempts,
 * failure; an intent with no later line for its key (a killed run) becomes `uncertain` with reason
 * `no outcome`. Whole by default; `{ compact: true }` keeps plainly uploaded keys off the heap.
 */
export function createReportFolder(): ReportFolder<ReportState>;
export function createReportFolder(options: ReportFolderOptions): ReportFolder<LedgerState>;
export function createReportFolder(options?: ReportFolderOptions): ReportFolder<LedgerState> {
  const from = options?.from;
  const held = new Map<string, KeyState>();
  const table: LedgerTable | undefined = options?.compact
    ? (from?.table ?? createLedgerTable({ spillDirs: options.spillDirs }))
    : undefined;
  const open = new Set<KeyState>();
  const runs: RunLine[] = [...(from?.runs ?? [])];
  const summaries: SummaryLine[] = [...(from?.summaries ?? [])];
  const runSummaries: (SummaryLine | undefined)[] = [...(from?.runSummaries ?? [])];
  const lastRun = runs.at(-1);
  let runId: string | undefined = typeof lastRun?.runId === 'string' ? lastRun.runId : undefined;
  let lastNumber = from?.lastNumber ?? 0;
  for (const entry of from?.held ?? []) {
    held.set(entry.key, entry);
    if (entry.openIntent !== undefined) open.add(entry);
  }
  /** Row lines added: what a state's last answer is valid for. */
  let changes = 0;
  const closeAll = (): void => {
    for (const entry of open) closeIntent(entry);
    open.clear();
  };

  /** The key's whole state, taken out of the table when it is there. */
  function entryFor(line: RowLine): KeyState {
    let entry = held.get(line.key);
    if (entry !== undefined) return entry;
    const plain = table?.get(line.key);
    entry = newKeyState(line.key, line.hash, line.location);
    if (plain !== undefined) {
      Object.assign(entry, plainRecord(plain));
      table?.delete(line.key);
    }
    held.set(line.key, entry);
    return entry;
  }

  function addRow(line: RowLine, number: number): void {
    changes += 1;
    // The line of a run that only counts (a row skipped as uploaded before) changes nothing a
    // compact ledger keeps but the line's place.
    if (table !== undefined && line.type === 'skipped' && line.why === 'uploaded' && !held.has(line.key)) {
      if (table.touch(line.key, line.hash, number, line.src)) return;
    }
    if (line.type === 'state') {
      // The whole state: whatever the key was before is replaced.
      held.delete(line.key);
      table?.delete(line.key);
    }
    const entry = entryFor(line);
    applyRowLine(entry, line, runId);
    entry.line = number;
    if (entry.openIntent) open.add(entry);
    else open.delete(entry);
    if (table !== undefined && isPlain(entry)) {
      table.set(line.key, {
        hash: entry.hash,
        id: entry.uploaded!.id,
        attempts: entry.attempts,
        line: number,
        uploadedAt: entry.uploaded!.at,
        src: entry.src,
      });
      held.delete(line.key);
    }
  }

  return {
    add(line: ReportLine, lineNumber?: number): void {
      const number = lineNumber ?? lastNumber + 1;
      lastNumber = number;
      if (line.type === 'run') {
        closeAll();
        runs.push(line);
        runSummaries.push(undefined);
        runId = typeof line.runId === 'string' ? line.runId : undefined;
        return;
      }
      if (line.type === 'summary') {
        summaries.push(line);
        // A summary belongs to the run line before it; a run killed before its summary keeps none.
        if (runSummaries.length > 0) runSummaries[runSummaries.length - 1] = line;
        return;
      }
      // A dry run's valid rows were never sent: they must not create or change a key's state.
      if (line.type === 'skipped' && line.why === 'dry-run') return;
      addRow(line, number);
    },
    state(): LedgerState {
      closeAll();
      const counts: Record<KeyStatus, number> = {
        uploaded: table?.size ?? 0,
        invalid: 0,
        failed: 0,
        uncertain: 0,
        changed: 0,
        duplicate: 0,
      };
      let onPlatform = table?.size ?? 0;
      for (const entry of held.values()) {
        counts[entry.status] += 1;
        if (entry.uploaded !== undefined || entry.uncertainHash !== undefined) onPlatform += 1;
      }
      const outstanding = function* (): Iterable<KeyState> {
        for (const entry of held.values()) if (entry.status !== 'uploaded' && entry.status !== 'duplicate') yield entry;
      };
      // A row's key is asked for by several stages in turn (the resume rules, the router): the last
      // answer is kept rather than read from the table again, until a line is added.
      let lastKey: string | undefined;
      let lastRecord: KeyRecord | undefined;
      let lastChange = -1;
      const keys: KeyLedger =
        table === undefined
          ? held
          : {
              get(key) {
                const entry = held.get(key);
                if (entry !== undefined) return entry;
                if (key !== lastKey || lastChange !== changes) {
                  const plain = table.get(key);
                  lastRecord = plain === undefined ? undefined : plainRecord(plain);
                  lastKey = key;
                  lastChange = changes;
                }
                return lastRecord;
              },
              get size() {
                return held.size + table.size;
              },
            };
      const platformIds = function* (): Iterable<number> {
        if (table !== undefined) for (let entry = 0; entry < table.entries; entry++) yield table.idAt(entry);
        for (const entry of held.values()) if (entry.uploaded !== undefined) yield entry.uploaded.id;
      };
      return { keys, compactKeys: table, counts, onPlatform, outstanding, platformIds, runs, summaries, runSummaries };
    },
    saved(): FoldSaved | undefined {
      if (table === undefined) return undefined;
      return {
        table,
        held: [...held.values()],
        runs,
        runSummaries,
        summaries,
        lastNumber,
      };
    },
  };
}

/** Folds report lines whole (see {@link createReportFolder}); for tests and small reports in memory. */
export function foldReport(lines: Iterable<ReportLine>): ReportState {
  const folder = createReportFolder();
  for (const line of lines) folder.add(line);
  return folder.state();
}
