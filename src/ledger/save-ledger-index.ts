import { createHash } from 'node:crypto';
import { open, readdir, unlink } from 'node:fs/promises';
import { replaceFileAtomically } from '../util/write-file-atomically.js';
import { endianness } from 'node:os';
import path from 'node:path';
import { SAVED_ENTRY_BYTES } from './create-ledger-table.js';
import {
  checkSpans,
  fileIdentity,
  INDEX_FORMAT,
  INDEX_HEADER_BYTES,
  INDEX_VERSION,
  ledgerIndexFile,
  sameFile,
  spanSha256,
  type IndexHeader,
  type LedgerSaved,
  type ReportCheck,
} from './ledger-index-format.js';

export interface SaveIndexOptions {
  /** The report file the fold was read from: an index is never saved for another. */
  readonly report: { readonly dev: string; readonly ino: string };
  /** Throws when the report's lock is no longer ours: the index is then not put in place. */
  readonly beforeRename: () => void;
}

/** Entries written at a time (about 360 KiB). */
const BATCH_ENTRIES = 4096;

/**
 * Saves the fold up to `place` as the ledger index atomically (hidden name, flush, rename); only the
 * lock holder saves, after its last line, so no later writer can change the lines it describes.
 */
export async function saveLedgerIndex(
  report: string,
  saved: LedgerSaved<unknown, unknown, unknown>,
  place: { readonly offset: number; readonly line: number },
  options: SaveIndexOptions,
): Promise<void> {
  const file = ledgerIndexFile(report);
  await removeLeftovers(file);
  const { identity, checks } = await reportChecks(report, place.offset);
  if (!sameFile(identity, options.report)) throw new Error('the report was replaced during the run');
  await replaceFileAtomically(
    file,
    async (handle) => {
      const hash = createHash('sha256');
      let position = INDEX_HEADER_BYTES;
      const put = async (bytes: Buffer): Promise<void> => {
        hash.update(bytes);
        await handle.write(bytes, 0, bytes.length, position);
        position += bytes.length;
      };
      const { table } = saved;
      const batch = Buffer.alloc(BATCH_ENTRIES * SAVED_ENTRY_BYTES);
      for (let entry = 0; entry < table.entries; entry += BATCH_ENTRIES) {
        const count = Math.min(BATCH_ENTRIES, table.entries - entry);
        for (let i = 0; i < count; i++) table.saveEntry(entry + i, batch, i * SAVED_ENTRY_BYTES);
        await put(batch.subarray(0, count * SAVED_ENTRY_BYTES));
      }
      const stateStart = position;
      const { runs, runSummaries, summaries, held, lastNumber } = saved;
      // One line each, so no line grows with the ledger's age: a report line's bound holds for each.
      const meta = { runs: runs.length, summaries: summaries.length, held: held.length, lastNumber };
      let text = '';
      for (const value of [[meta], runs, runSummaries.map((line) => line ?? null), summaries, held].flat()) {
        text += `${JSON.stringify(value)}\n`;
        if (text.length >= 1 << 20) {
          await put(Buffer.from(text, 'utf8'));
          text = '';
        }
      }
      if (text !== '') await put(Buffer.from(text, 'utf8'));
      const header: IndexHeader = {
        format: INDEX_FORMAT,
        version: INDEX_VERSION,
        endianness: endianness(),
        report: { dev: identity.dev, ino: identity.ino, offset: place.offset, line: place.line },
        checks,
        entries: table.entries,
        entryBytes: SAVED_ENTRY_BYTES,
        stateBytes: position - stateStart,
        sha256: hash.digest('hex'),
      };
      const head = JSON.stringify(header);
      if (Buffer.byteLength(head) >= INDEX_HEADER_BYTES) throw new Error('the ledger index header does not fit');
      await handle.write(Buffer.from(head.padEnd(INDEX_HEADER_BYTES - 1, ' ') + '\n', 'utf8'), 0, INDEX_HEADER_BYTES, 0);
    },
    options.beforeRename,
  );
}

/** The report's identity, and the hashes of its spans an index checks (`checkSpans`). */
async function reportChecks(report: string, offset: number): Promise<{ identity: { dev: string; ino: string }; checks: ReportCheck[] }> {
  const handle = await open(report, 'r');
  try {
    const identity = await fileIdentity(handle);
    const checks: ReportCheck[] = [];
    for (const span of checkSpans(offset)) {
      const sha256 = await spanSha256(handle, span.at, span.length);
      if (sha256 === undefined) throw new Error('the report is shorter than the place its index would reach');
      checks.push({ ...span, sha256 });
    }
    return { identity, checks };
  } finally {
    await handle.close();
  }
}

/**
 * Deletes the hidden files of saves that a killed run left (`.FILE.index.PID.tmp`): only the run that
 * holds the report's lock saves, so any other is a dead run's.
 */
async function removeLeftovers(file: string): Promise<void> {
  const prefix = `.${path.basename(file)}.`;
  const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length)))
      await unlink(path.join(path.dirname(file), name)).catch(() => undefined);
}
