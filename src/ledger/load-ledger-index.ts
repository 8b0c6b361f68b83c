import { createHash, type Hash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { endianness } from 'node:os';
import { isObject } from '../util/is-object.js';
import { createLedgerTable, SAVED_ENTRY_BYTES } from './create-ledger-table.js';
import {
  checkSpans,
  fileIdentity,
  INDEX_HEADER_BYTES,
  ledgerIndexFile,
  parseIndexHeader,
  readSpan,
  spanSha256,
  type IndexHeader,
  type IndexStateShapes,
  type LedgerSaved,
  IndexUnusable,
} from './ledger-index-format.js';
import { laterIndexTable } from './later-index-table.js';

/** A ledger index that describes its report: the fold it saved, and the place to read the report from. */
export interface LoadedIndex<Run, Summary, Held> {
  readonly saved: LedgerSaved<Run, Summary, Held>;
  /** Bytes and lines of the report before the place the index reaches. */
  readonly from: { readonly offset: number; readonly line: number };
  /** The report file the index was checked against. */
  readonly report: { readonly dev: string; readonly ino: string };
}

/** Entries read at a time (about 360 KiB). */
const BATCH_ENTRIES = 4096;

/**
 * Reads `report`'s ledger index when usable (docs/report-format.md#the-ledger-index-fileindex lists
 * the checks); anything else gives undefined and the whole report is read. Memory is bounded by the
 * header's declared sizes (checked against the file) and the longest line per key held whole.
 */
export interface LoadIndexOptions<Run, Summary, Held> {
  /** Where the table may move older values (`LedgerTableOptions.spillDirs`). */
  readonly spillDirs: readonly string[];
  /**
   * Restore the keys into a table only when one is first looked up (`report`, which counts them and
   * reads the lines after the index, usually none that name a key): the entries are read twice then,
   * and the index is kept open until they are. @default false
   */
  readonly lazy?: boolean | undefined;
  /** What the state lines must be. */
  readonly shapes: IndexStateShapes<Run, Summary, Held>;
}

export async function loadLedgerIndex<Run, Summary, Held>(
  report: string,
  options: LoadIndexOptions<Run, Summary, Held>,
): Promise<LoadedIndex<Run, Summary, Held> | undefined> {
  let handle: FileHandle;
  try {
    // Not blocking: a FIFO put in the index's place must not hang the run.
    handle = await open(ledgerIndexFile(report), constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size < INDEX_HEADER_BYTES) return undefined;
    const headBytes = await readExactly(handle, 0, INDEX_HEADER_BYTES);
    const header = headBytes[INDEX_HEADER_BYTES - 1] === 0x0a ? parseIndexHeader(headBytes.toString('utf8')) : undefined;
    if (header === undefined || header.endianness !== endianness() || header.entryBytes !== SAVED_ENTRY_BYTES) return undefined;
    if (info.size !== INDEX_HEADER_BYTES + header.entries * SAVED_ENTRY_BYTES + header.stateBytes) return undefined;
    // Bounded by the report it describes, so that a sparse file cannot make it costlier to read than
    // the report: a key has a line, a line a byte; the state holds what lines said, a little longer
    // (a row line's input named again).
    const { offset, line } = header.report;
    if (header.entries > line || line > offset || header.stateBytes > 4 * offset + 1024 * 1024) return undefined;
    if (!(await describesReport(report, header))) return undefined;
    return await readFold(handle, header, options, { file: ledgerIndexFile(report), ino: info.ino });
  } catch (error) {
    if (error instanceof IndexUnusable) return undefined;
    // An unreadable index (an I/O error) is as good as none.
    if (typeof (error as NodeJS.ErrnoException).code === 'string') return undefined;
    throw error;
  } finally {
    await handle.close();
  }
}

/** True when the report is the file the index was saved for, and unchanged up to its place where sampled. */
async function describesReport(report: string, header: IndexHeader): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(report, 'r');
  } catch {
    return false;
  }
  try {
    const { offset } = header.report;
    const identity = await fileIdentity(handle);
    if (identity.dev !== header.report.dev || identity.ino !== header.report.ino || identity.size < offset) return false;
    if (offset > 0 && (await readExactly(handle, offset - 1, 1))[0] !== 0x0a) return false;
    const spans = checkSpans(offset);
    if (header.checks.length !== spans.length) return false;
    for (const [i, check] of header.checks.entries()) {
      if (check.at !== spans[i]!.at || check.length !== spans[i]!.length) return false;
      if ((await spanSha256(handle, check.at, check.length)) !== check.sha256) return false;
    }
    return true;
  } finally {
    await handle.close();
  }
}

/** The saved fold, checked against the index's sha256 as it is read. */
async function readFold<Run, Summary, Held>(
  handle: FileHandle,
  header: IndexHeader,
  options: LoadIndexOptions<Run, Summary, Held>,
  index: { readonly file: string; readonly ino: number },
): Promise<LoadedIndex<Run, Summary, Held>> {
  const { shapes } = options;
  const hash = createHash('sha256');
  const eager = options.lazy === true ? undefined : createLedgerTable({ spillDirs: options.spillDirs, expectedEntries: header.entries });
  let position = INDEX_HEADER_BYTES;
  let live = 0;
  const batch = Buffer.alloc(BATCH_ENTRIES * SAVED_ENTRY_BYTES);
  for (let entry = 0; entry < header.entries; entry += BATCH_ENTRIES) {
    const count = Math.min(BATCH_ENTRIES, header.entries - entry);
    const bytes = await readExactly(handle, position, count * SAVED_ENTRY_BYTES, batch);
    hash.update(bytes);
    position += bytes.length;
    for (let i = 0; i < count; i++) {
      if (eager !== undefined && !eager.restoreEntry(bytes, i * SAVED_ENTRY_BYTES)) throw new IndexUnusable('a digest twice');
      if (bytes[i * SAVED_ENTRY_BYTES + SAVED_ENTRY_BYTES - 1] === 1) live += 1;
    }
  }
  const lines = readStateLines(handle, position, header.stateBytes, hash, shapes.maxLineBytes);
  const meta = await lines.next();
  if (meta.done === true || !isStateMeta(meta.value) || meta.value.lastNumber !== header.report.line)
    throw new IndexUnusable('no state line that matches the header');
  const { runs: runCount, summaries: summaryCount, held: heldCount } = meta.value;
  const runs: Run[] = [];
  const runSummaries: (Summary | undefined)[] = [];
  const summaries: Summary[] = [];
  const held: Held[] = [];
  for await (const value of lines) {
    if (runs.length < runCount) {
      if (!shapes.isRun(value)) throw new IndexUnusable('a run line out of shape');
      runs.push(value);
    } else if (runSummaries.length < runCount) {
      // JSON writes undefined as null: a run killed before its summary.
      if (value === null) runSummaries.push(undefined);
      else if (shapes.isSummary(value)) runSummaries.push(value);
      else throw new IndexUnusable("a run's summary out of shape");
    } else if (summaries.length < summaryCount) {
      if (!shapes.isSummary(value)) throw new IndexUnusable('a summary line out of shape');
      summaries.push(value);
    } else if (held.length < heldCount && shapes.isHeld(value)) held.push(value);
    else throw new IndexUnusable('a line more, or a key that is no key state');
  }
  if (runSummaries.length !== runCount || summaries.length !== summaryCount || held.length !== heldCount)
    throw new IndexUnusable('lines missing');
  if (hash.digest('hex') !== header.sha256) throw new IndexUnusable('not whole');
  // Only now, the index whole: a lazy table keeps a descriptor of its own until it is restored.
  const table = eager ?? laterIndexTable(index, header.entries, live, options.spillDirs, shapes.corrupt);
  return {
    saved: { table, runs, runSummaries, summaries, held, lastNumber: header.report.line },
    from: { offset: header.report.offset, line: header.report.line },
    report: { dev: header.report.dev, ino: header.report.ino },
  };
}

/** The first state line: how many run, run-summary, summary and key lines follow, and the last line's number. */
function isStateMeta(value: unknown): value is { runs: number; summaries: number; held: number; lastNumber: number } {
  return (
    isObject(value) &&
    [value.runs, value.summaries, value.held, value.lastNumber].every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0)
  );
}

/** The JSON lines of the state part, each at most a report line long, hashed as they are read. */
async function* readStateLines(
  handle: FileHandle,
  start: number,
  length: number,
  hash: Hash,
  maxLineBytes: number,
): AsyncGenerator<unknown> {
  let pending: Buffer = Buffer.alloc(0);
  for (let at = 0; at < length;) {
    const chunk = await readExactly(handle, start + at, Math.min(1 << 20, length - at));
    hash.update(chunk);
    at += chunk.length;
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let lineStart = 0;
    let newline = pending.indexOf(0x0a);
    while (newline !== -1) {
      yield parseJson(pending.subarray(lineStart, newline));
      lineStart = newline + 1;
      newline = pending.indexOf(0x0a, lineStart);
    }
    pending = pending.subarray(lineStart);
    if (pending.length > maxLineBytes) throw new IndexUnusable('a state line longer than a report line');
  }
  if (pending.length > 0) throw new IndexUnusable('a state line without its newline');
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new IndexUnusable('a state line that is not JSON');
  }
}

async function readExactly(handle: FileHandle, at: number, length: number, into?: Buffer): Promise<Buffer> {
  const bytes = await readSpan(handle, at, length, into);
  if (bytes === undefined) throw new IndexUnusable('shorter than it says');
  return bytes;
}
