import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { createLedgerTable, SAVED_ENTRY_BYTES, type LedgerTable } from './create-ledger-table.js';
import { lazyTable } from './lazy-table.js';
import { INDEX_HEADER_BYTES, IndexUnusable } from './ledger-index-format.js';

/** Entries read at a time (about 360 KiB). */
const BATCH_ENTRIES = 4096;

/** Closes the file of a lazy table that was never used, once the table is gone. */
const unused = new FinalizationRegistry<{ fd: number | undefined }>((held) => {
  if (held.fd !== undefined) closeSync(held.fd);
});

/**
 * The table of an index whose entries were checked already, restored from the same file when first
 * needed (`lazyTable`): read synchronously, as a table is asked synchronously, through a descriptor
 * of its own (of the checked file: same inode), closed once read or once the table is gone.
 */
export function laterIndexTable(
  index: { readonly file: string; readonly ino: number },
  entries: number,
  live: number,
  spillDirs: readonly string[],
  corrupt: (file: string, why: string) => Error,
): LedgerTable {
  const fd = openSync(index.file, constants.O_RDONLY | constants.O_NONBLOCK);
  if (fstatSync(fd).ino !== index.ino) {
    closeSync(fd);
    throw new IndexUnusable('replaced while read');
  }
  const held: { fd: number | undefined } = { fd };
  const table = lazyTable(live, entries, () => {
    held.fd = undefined;
    try {
      return restoreTable(fd, entries, spillDirs);
    } catch (error) {
      if (!(error instanceof IndexUnusable)) throw error;
      // Checked whole when the run began: only a hand-made index, or one changed in place since, ends here.
      throw corrupt(index.file, error.message);
    } finally {
      closeSync(fd);
    }
  });
  unused.register(table, held);
  return table;
}

/** The table of a checked index's entries, read again from `fd`. */
function restoreTable(fd: number, entries: number, spillDirs: readonly string[]): LedgerTable {
  const table = createLedgerTable({ spillDirs, expectedEntries: entries });
  const bytes = Buffer.alloc(BATCH_ENTRIES * SAVED_ENTRY_BYTES);
  for (let entry = 0; entry < entries; entry += BATCH_ENTRIES) {
    const length = Math.min(BATCH_ENTRIES, entries - entry) * SAVED_ENTRY_BYTES;
    const at = INDEX_HEADER_BYTES + entry * SAVED_ENTRY_BYTES;
    for (let read = 0; read < length;) {
      const got = readSync(fd, bytes, read, length - read, at + read);
      if (got === 0) throw new IndexUnusable('was cut while in use');
      read += got;
    }
    for (let i = 0; i < length; i += SAVED_ENTRY_BYTES)
      if (!table.restoreEntry(bytes, i)) throw new IndexUnusable('holds a key twice: it was not saved by a run');
  }
  return table;
}
