import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { parseReportLine, reportCorrupt } from './parse-report-line.js';
import { isRowLine, type ReportLine } from './report-lines.js';

/** Something wrong with a report that did not stop reading it. */
export interface ReportWarning {
  /** `REPORT_TORN_LAST_LINE` (cut by a crash, or still being written; dropped) or `REPORT_MISSING_NEWLINE` (complete; read). */
  readonly code: 'REPORT_TORN_LAST_LINE' | 'REPORT_MISSING_NEWLINE';
  readonly file: string;
  readonly line: number;
  /** The file was made safe to append to (the torn line cut, the newline added): only under the lock. */
  readonly repaired: boolean;
}

export interface ScanReportOptions {
  /**
   * Make the file safe to append to: cut a torn last line, add a missing final newline. Only a run that
   * holds the report lock may repair. @default false
   */
  readonly repair?: boolean;
  /** Called right before a repair changes the file; throwing stops it (the lock is no longer ours). @default undefined */
  readonly beforeRepair?: () => void;
  /**
   * Read from this place on, as if the lines before it had been read (a ledger index holds their
   * fold): the byte offset of a line's start, the number of the line before it, and the inputs of the
   * latest run line before it (row lines name their input by its index there). @default the start
   */
  readonly from?: ScanPlace | undefined;
  /**
   * Leave out a last line without its newline, however complete (what a fold saved as a ledger index
   * may hold: its place is a line's end). @default false
   */
  readonly wholeLinesOnly?: boolean | undefined;
}

/** A place in a report between two lines (`ScanReportOptions.from`, `ScanResult.end`). */
export interface ScanPlace {
  /** Bytes before the place. */
  readonly offset: number;
  /** Lines before the place (blank ones included). */
  readonly line: number;
  /** The input files of the latest run line before the place. */
  readonly inputs: readonly string[];
}

export interface ScanResult {
  /** Lines read (blank lines are not counted). */
  readonly lines: number;
  readonly warnings: readonly ReportWarning[];
  /** False when the report does not exist yet. */
  readonly exists: boolean;
  /** Where the last whole line read ends (a torn last line is not read, and is left out). */
  readonly end: ScanPlace;
}

/**
 * Longest report line read (64 MiB). The longest line a run writes holds one record's cells twice
 * (its source values and the problems' found values), a few MiB for the 4 MiB a CSV record may have;
 * a longer "line" is no report (a file of NUL bytes, a line without end) and is not held in memory.
 */
export const MAX_REPORT_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Streams a report's lines into `onLine` (1-based numbers), memory bounded by the longest line. A
 * missing file is empty; a torn last line is dropped with a warning, damage before it throws
 * `REPORT_CORRUPT`. Inputs given by index come out named.
 */
export async function scanReport(
  file: string,
  onLine: (line: ReportLine, lineNumber: number) => void,
  options: ScanReportOptions = {},
): Promise<ScanResult> {
  try {
    await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { lines: 0, warnings: [], exists: false, end: { offset: 0, line: 0, inputs: [] } };
    throw error;
  }
  const warnings: ReportWarning[] = [];
  let inputs: readonly string[] = options.from?.inputs ?? [];
  /** Parses a line, naming a row line's input by the latest run line's list. */
  const parse = (text: string, number: number): ReportLine => {
    const line = parseReportLine(text, file, number);
    if (line.type === 'run') inputs = line.inputs.map((input) => input.file);
    else if (isRowLine(line) && typeof line.location.file === 'number') {
      const name = inputs[line.location.file];
      if (name === undefined) throw reportCorrupt(file, number, `a ${line.type} line whose location.file is no input of its run line`);
      (line.location as { file: string }).file = name;
    }
    return line;
  };
  let lineNumber = options.from?.line ?? 0;
  let count = 0;
  let consumed = options.from?.offset ?? 0;
  // The current line's bytes so far, in pieces: joined once, when its newline arrives.
  let pieces: Buffer[] = [];
  let pending = 0;
  for await (const chunk of createReadStream(file, { start: consumed }) as AsyncIterable<Buffer>) {
    let start = 0;
    let newline = chunk.indexOf(0x0a);
    while (newline !== -1) {
      const bytes = pieces.length === 0 ? chunk.subarray(start, newline) : Buffer.concat([...pieces, chunk.subarray(start, newline)]);
      if (bytes.length > MAX_REPORT_LINE_BYTES)
        throw reportCorrupt(file, lineNumber + 1, `a line longer than ${MAX_REPORT_LINE_BYTES} bytes`);
      const text = bytes.toString('utf8');
      lineNumber += 1;
      consumed += bytes.length + 1;
      if (text.trim() !== '') {
        onLine(parse(text, lineNumber), lineNumber);
        count += 1;
      }
      pieces = [];
      pending = 0;
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) {
      pieces.push(chunk.subarray(start));
      pending += chunk.length - start;
      if (pending > MAX_REPORT_LINE_BYTES) throw reportCorrupt(file, lineNumber + 1, `a line longer than ${MAX_REPORT_LINE_BYTES} bytes`);
    }
  }
  const rest = Buffer.concat(pieces);
  // A crash after part of a write leaves a prefix of a line; on some file systems a tail of NUL bytes
  // (cut by a loop: a regex would try the run of NULs from each of its bytes).
  let end = rest.length;
  while (end > 0 && rest[end - 1] === 0) end -= 1;
  const tail = rest.subarray(0, end).toString('utf8');
  let endPlace: ScanPlace = { offset: consumed, line: lineNumber, inputs };
  if (rest.length > 0) {
    lineNumber += 1;
    let line: ReportLine | undefined;
    try {
      line = tail.trim() === '' || options.wholeLinesOnly === true ? undefined : parse(tail, lineNumber);
    } catch {
      line = undefined;
    }
    if (line) {
      onLine(line, lineNumber);
      count += 1;
      warnings.push({ code: 'REPORT_MISSING_NEWLINE', file, line: lineNumber, repaired: options.repair === true });
      if (options.repair) {
        options.beforeRepair?.();
        const offset = consumed + Buffer.byteLength(tail, 'utf8');
        await appendNewline(file, offset);
        endPlace = { offset: offset + 1, line: lineNumber, inputs };
      }
    } else {
      if (tail.trim() !== '') warnings.push({ code: 'REPORT_TORN_LAST_LINE', file, line: lineNumber, repaired: options.repair === true });
      if (options.repair) {
        options.beforeRepair?.();
        await truncateAt(file, consumed);
      }
    }
  }
  return { lines: count, warnings, exists: true, end: endPlace };
}

async function truncateAt(file: string, size: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.truncate(size);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function appendNewline(file: string, size: number): Promise<void> {
  await truncateAt(file, size);
  const handle = await open(file, 'a');
  try {
    await handle.write('\n');
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
