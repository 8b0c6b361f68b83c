import { createHash } from 'node:crypto';
import { stat, type FileHandle } from 'node:fs/promises';
import { isLowerHex } from '../util/is-lower-hex.js';
import { isObject } from '../util/is-object.js';
import type { LedgerTable } from './create-ledger-table.js';

/**
 * The ledger index (`<report>.index`, docs/report-format.md#the-ledger-index-fileindex), a cache read
 * past unless whole and still the report's. Layout: a JSON header of {@link INDEX_HEADER_BYTES}
 * (space-padded, newline), `entries` × `SAVED_ENTRY_BYTES`, then `stateBytes` of JSON lines (counts
 * and last line folded, runs, summaries, keys held whole).
 */
export const INDEX_FORMAT = 'mge-ingest ledger index';
/** Raised whenever what a fold keeps, or how it is saved, changes: an index of another version is read past. */
export const INDEX_VERSION = 1;
export const INDEX_HEADER_BYTES = 4096;

/** The index file of a report. */
export function ledgerIndexFile(report: string): string {
  return `${report}.index`;
}

/** The identity of a report file (device and inode, exact as decimal text): a rewritten report is another file. */
export async function fileIdentity(handle: FileHandle): Promise<{ dev: string; ino: string; size: number }> {
  const info = await handle.stat({ bigint: true });
  return { dev: info.dev.toString(), ino: info.ino.toString(), size: Number(info.size) };
}

/** A file's identity by its name (see {@link fileIdentity}); undefined when there is none. */
export async function pathIdentity(file: string): Promise<{ dev: string; ino: string } | undefined> {
  try {
    const info = await stat(file, { bigint: true });
    return { dev: info.dev.toString(), ino: info.ino.toString() };
  } catch {
    return undefined;
  }
}

/** True when two identities name one file. */
export const sameFile = (a: { dev: string; ino: string } | undefined, b: { dev: string; ino: string } | undefined): boolean =>
  a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;

/** A span of the report whose bytes the index saw: compared before the index is used. */
export interface ReportCheck {
  readonly at: number;
  readonly length: number;
  readonly sha256: string;
}

export interface IndexHeader {
  readonly format: typeof INDEX_FORMAT;
  readonly version: number;
  /** The byte order of the saved digests (`os.endianness()`). */
  readonly endianness: 'LE' | 'BE';
  /** The report: its file identity when the index was saved, and the place the index reaches. */
  readonly report: { readonly dev: string; readonly ino: string; readonly offset: number; readonly line: number };
  readonly checks: readonly ReportCheck[];
  readonly entries: number;
  readonly entryBytes: number;
  readonly stateBytes: number;
  /** sha256 of everything after the header. */
  readonly sha256: string;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isSha256 = (value: unknown): boolean => typeof value === 'string' && isLowerHex(value, 64);

/** The header, when `text` is one this version wrote; else undefined. */
export function parseIndexHeader(text: string): IndexHeader | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || value.format !== INDEX_FORMAT || value.version !== INDEX_VERSION) return undefined;
  const { report, checks } = value;
  if (value.endianness !== 'LE' && value.endianness !== 'BE') return undefined;
  if (!isObject(report) || ![report.offset, report.line].every(isCount)) return undefined;
  if (![report.dev, report.ino].every((n) => typeof n === 'string' && /^\d{1,20}$/.test(n))) return undefined;
  if (!Array.isArray(checks) || checks.length > 64) return undefined;
  for (const check of checks as unknown[])
    if (!isObject(check) || !isCount(check.at) || !isCount(check.length) || !isSha256(check.sha256)) return undefined;
  if (![value.entries, value.entryBytes, value.stateBytes].every(isCount) || !isSha256(value.sha256)) return undefined;
  return value as unknown as IndexHeader;
}

/** Bytes hashed at the start and at the end of the part of the report an index covers. */
const END_SPAN = 64 * 1024;
/** Spans sampled between them, and their length. */
const SAMPLES = 14;
const SAMPLE_SPAN = 4096;

/** The spans of a report's first `offset` bytes that an index checks: its ends and samples between. */
export function checkSpans(offset: number): { at: number; length: number }[] {
  const spans = [
    { at: 0, length: Math.min(END_SPAN, offset) },
    { at: Math.max(0, offset - END_SPAN), length: Math.min(END_SPAN, offset) },
  ];
  for (let i = 1; i <= SAMPLES; i++) {
    const at = Math.floor((offset * i) / (SAMPLES + 1));
    spans.push({ at, length: Math.min(SAMPLE_SPAN, offset - at) });
  }
  return spans;
}

/** `length` bytes of an open file from `at` (in `into` when given); undefined when the file is shorter. */
export async function readSpan(handle: FileHandle, at: number, length: number, into?: Buffer): Promise<Buffer | undefined> {
  // Into the caller's buffer when given: an index is read in many batches, each would be garbage.
  const bytes = into === undefined ? Buffer.alloc(length) : into.subarray(0, length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, read, length - read, at + read);
    if (bytesRead === 0) return undefined;
    read += bytesRead;
  }
  return bytes;
}

/** sha256 of a span of an open report; undefined when the file is shorter. */
export async function spanSha256(handle: FileHandle, at: number, length: number): Promise<string | undefined> {
  const bytes = await readSpan(handle, at, length);
  return bytes === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');
}

/**
 * What an index saves of a fold after some lines: the table, and as JSON values the run lines, the
 * summary of each run (undefined for none), the summary lines, each key held whole, and the number of
 * the last line. The ledger keeps the lines as they are; the report's fold says what they are.
 */
export interface LedgerSaved<Run, Summary, Held> {
  readonly table: LedgerTable;
  readonly held: readonly Held[];
  readonly runs: readonly Run[];
  readonly runSummaries: readonly (Summary | undefined)[];
  readonly summaries: readonly Summary[];
  readonly lastNumber: number;
}

/** How an index's state lines are checked as they are read (an index made by hand is read past). */
export interface IndexStateShapes<Run, Summary, Held> {
  readonly isRun: (value: unknown) => value is Run;
  readonly isSummary: (value: unknown) => value is Summary;
  readonly isHeld: (value: unknown) => value is Held;
  /** The longest state line read: a report line's bound. */
  readonly maxLineBytes: number;
  /** The error when a checked index is found damaged as its table is restored later (`laterIndexTable`). */
  readonly corrupt: (file: string, why: string) => Error;
}

/** Anything that makes an index unusable: it is then read past, never trusted in part. */
export class IndexUnusable extends Error {}
