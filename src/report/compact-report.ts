import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { acquireReportLock, realReportPath, type ReportLockOptions } from './acquire-report-lock.js';
import type { StaleReason } from './judge-report-lock.js';
import type { KeyFailure, KeyRecord, KeyState } from './key-state.js';
import { ledgerIndexFile } from '../ledger/ledger.js';
import { loadReportState } from './load-report-state.js';
import { readFieldDigests, writeFieldDigests } from './record-field-digests.js';
import { ReportError } from './report-errors.js';
import type { ReportLine, RowLine, StateLine } from './report-lines.js';
import { isRowLine } from './report-lines.js';
import type { ReportWarning } from './scan-report.js';
import { scanReport } from './scan-report.js';

/** What `report compact` did. */
export interface CompactResult {
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  readonly linesBefore: number;
  readonly linesAfter: number;
  /** Keys, one `state` line each. */
  readonly keys: number;
}

export interface CompactReportOptions {
  readonly lock?: ReportLockOptions;
  /** A torn last line dropped (and cut), a stale lock taken over. */
  readonly onWarning?: (
    warning: ReportWarning | { readonly code: 'REPORT_LOCK_STALE'; readonly file: string; readonly reason: StaleReason },
  ) => void;
}

/** Output is written in pieces of about this size (one `write(2)` each). */
const FLUSH_BYTES = 1 << 20;

/** The part digests a `state` line keeps (`StateLine.fieldDigests`, `uploadedFieldDigests`). */
type StateDigests = Pick<StateLine, 'fieldDigests' | 'uploadedFieldDigests'>;

/** The `state` line of a key, at the place and time of its last line, its input named as `line` names it. */
function stateLine(record: KeyRecord, line: RowLine, digests: StateDigests): StateLine {
  const whole = 'location' in record ? (record as KeyState) : undefined;
  const storedAt = uploadedAt(record, line);
  return {
    type: 'state',
    at: line.at,
    key: line.key,
    hash: record.hash,
    location: line.location,
    status: record.status,
    attempts: record.attempts,
    ...(record.uploaded !== undefined ? { id: record.uploaded.id } : {}),
    ...(record.uploaded !== undefined && record.uploaded.hash !== record.hash ? { uploadedHash: record.uploaded.hash } : {}),
    ...(storedAt !== undefined ? { uploadedAt: storedAt } : {}),
    ...(record.uncertainHash !== undefined ? { uncertainHash: record.uncertainHash } : {}),
    ...(record.uncertainSince !== undefined
      ? {
          uncertainSince: {
            ...(record.uncertainSince.runId !== undefined ? { runId: record.uncertainSince.runId } : {}),
            at: record.uncertainSince.at,
          },
        }
      : {}),
    ...(record.failure !== undefined ? { failure: failureFields(record.failure) } : {}),
    ...(record.reason !== undefined ? { reason: record.reason } : {}),
    ...(whole?.problems !== undefined ? { problems: whole.problems } : {}),
    ...(whole?.sourceValues !== undefined ? { sourceValues: whole.sourceValues } : {}),
    ...(record.src !== undefined ? { src: record.src } : {}),
    ...digests,
  };
}

/** The part digests of a line of the version `hash` (of its own run, as the state line written in its place is). */
function lineDigests(line: RowLine, hash: string | undefined): string | undefined {
  if (line.type !== 'uploaded' && line.type !== 'changed' && line.type !== 'state') return undefined;
  return line.hash === hash
    ? line.fieldDigests
    : line.type === 'state' && line.uploadedHash === hash
      ? line.uploadedFieldDigests
      : undefined;
}

/**
 * When the key's record was stored: kept by the whole fold, or the stamp of its last line when that
 * line is the upload itself (the compact fold's table keeps no time); undefined when neither says.
 */
function uploadedAt(record: KeyRecord, line: RowLine): string | undefined {
  if (record.uploaded === undefined) return undefined;
  if (record.uploaded.at !== undefined) return record.uploaded.at;
  if (line.type === 'uploaded' && line.id === record.uploaded.id) return line.at;
  if (line.type === 'state' && line.id === record.uploaded.id) return line.uploadedAt;
  return undefined;
}

/** The failure's fields that are set (a line holds no `undefined`). */
function failureFields(failure: KeyFailure): NonNullable<StateLine['failure']> {
  const { code, retryable, status, platformCode, detail } = failure;
  return {
    code,
    retryable,
    ...(status !== undefined ? { status } : {}),
    ...(platformCode !== undefined ? { platformCode } : {}),
    ...(detail !== undefined ? { detail } : {}),
  };
}

/** A line as the file holds it: a row line's input by its index in the run line (`report-lines.ts`). */
function lineText(line: ReportLine, inputIndex: ReadonlyMap<string, number>): string {
  if (!isRowLine(line)) return JSON.stringify(line);
  const index = inputIndex.get(line.location.file);
  return JSON.stringify(index === undefined ? line : { ...line, location: { ...line.location, file: index } });
}

/**
 * `report compact FILE`: rewrites a report as its state, in two streaming passes under its lock,
 * fsynced and renamed over it (docs/report-format.md#compaction-report-compact-file). A report with
 * other hard links is refused (`REPORT_HARD_LINKED`): the rename would leave them the old file.
 */
export async function compactReport(reportFile: string, options: CompactReportOptions = {}): Promise<CompactResult> {
  const lock = await acquireReportLock(reportFile, {
    ...options.lock,
    onWarning: (w) => options.onWarning?.({ code: 'REPORT_LOCK_STALE', file: w.file, reason: w.reason }),
  });
  // Through a symbolic link, the file it leads to is compacted, and the link stays a link.
  const file = await realReportPath(reportFile);
  // A rename gives the report's name a new file: other hard links would keep the old one, a second
  // ledger of the same history that runs through them would append to apart from this one.
  const links = (await stat(file).catch(() => undefined))?.nlink ?? 1;
  if (links > 1) {
    await lock.release();
    throw new ReportError(
      'REPORT_HARD_LINKED',
      `the report ${reportFile} has ${links - 1} other hard link(s): compacting it would part them`,
      {
        location: { file: reportFile },
        hint: 'Remove the other names of the report (find its folder -samefile), keeping one, then compact it.',
        details: { links },
      },
    );
  }
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.compact-${randomBytes(6).toString('hex')}`);
  let fd: number | undefined;
  try {
    const { state, warnings } = await loadReportState(file, { repair: true, beforeRepair: () => lock.assertHeld() });
    for (const warning of warnings) options.onWarning?.(warning);
    const bytesBefore = (await stat(file)).size;
    fd = openSync(temp, 'wx', 0o644);
    const out = fd;
    let pending: string[] = [];
    let pendingBytes = 0;
    let bytesAfter = 0;
    let linesAfter = 0;
    const flush = (): void => {
      const bytes = Buffer.from(pending.join(''), 'utf8');
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(out, bytes, offset, bytes.length - offset);
      bytesAfter += bytes.length;
      pending = [];
      pendingBytes = 0;
    };
    const emit = (text: string): void => {
      pending.push(text, '\n');
      pendingBytes += text.length + 1;
      linesAfter += 1;
      if (pendingBytes >= FLUSH_BYTES) flush();
    };
    let inputIndex: ReadonlyMap<string, number> = new Map();
    let recordFields: readonly string[] = [];
    // A changed key's stored record's part digests, from an earlier line (and maybe run) than its last.
    const stored = new Map<string, ReadonlyMap<string, string>>();
    const scanned = await scanReport(file, (line, number) => {
      if (line.type === 'run') {
        inputIndex = new Map(line.inputs.map((input, i) => [input.file, i]));
        recordFields = line.recordFields ?? [];
      }
      if (!isRowLine(line)) return emit(lineText(line, inputIndex));
      const record = state.keys.get(line.key);
      if (record === undefined) return;
      const storedHash = record.status === 'changed' ? record.uploaded?.hash : undefined;
      const found = storedHash === undefined ? undefined : lineDigests(line, storedHash);
      const read = found === undefined ? undefined : readFieldDigests(found, recordFields);
      if (read !== undefined) stored.set(line.key, read);
      if (record.line !== number) return;
      const own = lineDigests(line, record.hash);
      const before = stored.get(line.key);
      const uploaded = before === undefined ? undefined : writeFieldDigests(before, recordFields);
      stored.delete(line.key);
      const digests = {
        ...(own !== undefined ? { fieldDigests: own } : {}),
        ...(uploaded !== undefined ? { uploadedFieldDigests: uploaded } : {}),
      };
      emit(lineText(stateLine(record, line, digests), inputIndex));
    });
    flush();
    fsyncSync(out);
    closeSync(out);
    fd = undefined;
    // The last moment the report can still be taken from us: after this, the rename.
    // The old ledger index is of the file replaced (it would be read past): the next run reads the new one
    // whole. Removed before the rename, while the old file's locks still keep every run out.
    await unlink(ledgerIndexFile(reportFile)).catch(() => undefined);
    if (file !== reportFile) await unlink(ledgerIndexFile(file)).catch(() => undefined);
    lock.assertHeld();
    await rename(temp, file);
    await syncFolder(path.dirname(file));
    return { bytesBefore, bytesAfter, linesBefore: scanned.lines, linesAfter, keys: state.keys.size };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    await unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    await lock.release();
  }
}

/** Makes a rename in `folder` durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
