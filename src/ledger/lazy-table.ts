import type { LedgerTable } from './create-ledger-table.js';

/**
 * A {@link LedgerTable} of `size` held keys out of `entries` that is made by `make` only when a key is
 * first looked up or changed: counting the keys (`report`'s summary) needs none of them.
 */
export function lazyTable(size: number, entries: number, make: () => LedgerTable): LedgerTable {
  let made: LedgerTable | undefined;
  let failure: { error: unknown } | undefined;
  const table = (): LedgerTable => {
    // A table that could not be made is not tried again (its file is closed): every later ask fails alike.
    if (failure !== undefined) throw failure.error;
    try {
      return (made ??= make());
    } catch (error) {
      failure = { error };
      throw error;
    }
  };
  return {
    get: (key) => table().get(key),
    find: (key) => table().find(key),
    set: (key, entry) => table().set(key, entry),
    touch: (key, hash, line, src) => table().touch(key, hash, line, src),
    delete: (key) => table().delete(key),
    holds: (key, digest) => table().holds(key, digest),
    mark: (entry) => table().mark(entry),
    setMark: (entry, value) => table().setMark(entry, value),
    idAt: (entry) => table().idAt(entry),
    saveEntry: (entry, into, at) => table().saveEntry(entry, into, at),
    restoreEntry: (from, at) => table().restoreEntry(from, at),
    get size() {
      return made?.size ?? size;
    },
    get entries() {
      return made?.entries ?? entries;
    },
    get bytes() {
      return made?.bytes ?? 0;
    },
    get spilledBytes() {
      return made?.spilledBytes ?? 0;
    },
  };
}
