import { hash as digest } from 'node:crypto';

/** A key that is plainly uploaded: the one record stored for it is of its latest content. */
export interface PlainKey {
  /** The record's sha256, 64 lowercase hex digits. */
  readonly hash: string;
  /** The platform's id of the record. */
  readonly id: number;
  /** POST attempts over all runs. */
  readonly attempts: number;
  /** The 1-based report line that last changed the key (`report compact` keeps that line's place). */
  readonly line: number;
  /** When the record was stored (its `uploaded` line's `at`), when the report said. */
  readonly uploadedAt: string | undefined;
}

/** The plainly uploaded keys of a report, outside the JavaScript heap (see {@link createLedgerTable}). */
export interface LedgerTable {
  get(key: string): PlainKey | undefined;
  set(key: string, entry: PlainKey): void;
  /** Forgets the key (it is no longer plainly uploaded); true when it was held. */
  delete(key: string): boolean;
  /** Keys held. */
  readonly size: number;
  /** Bytes held (outside the JavaScript heap). */
  readonly bytes: number;
}

/** A hash the table can hold: what `ingest` writes (sha256 hex). Others (hand-made reports) stay on the heap. */
export function isTableHash(hash: string): boolean {
  return hash.length === 64 && /^[0-9a-f]{64}$/.test(hash);
}

/** Entries per page: 4 MiB pages, so growing never copies what is held. */
const PAGE_ENTRIES = 1 << 16;
/**
 * An entry, in 32-bit words: key digest (4), hash (8), id as a double (2), line (1), attempts and the
 * live bit (1), the upload time in ms as a double (2; NaN when unknown).
 */
const ENTRY_WORDS = 18;
const LIVE = 0x80000000;
/** The index is grown (doubled, rebuilt) past this load; it holds 4 bytes a slot. */
const MAX_LOAD = 0.5;

interface Page {
  readonly words: Uint32Array;
  readonly doubles: Float64Array;
  readonly bytes: Uint8Array;
}

function newPage(): Page {
  const buffer = new ArrayBuffer(PAGE_ENTRIES * ENTRY_WORDS * 4);
  return { words: new Uint32Array(buffer), doubles: new Float64Array(buffer), bytes: new Uint8Array(buffer) };
}

/**
 * A table from a key to its {@link PlainKey}, 72 bytes an entry in pages of ArrayBuffers plus a
 * 4-byte open-addressing index slot (load ≤ 0.5): ~76 bytes a key, ~73 MiB for a million keys
 * whatever the keys' length. A key is known by its 16-byte MD5 digest (two keys collide with
 * probability 2^-128 per pair; the key itself is not kept), the hash by its 32 bytes.
 *
 * Why off the heap: folded into a `Map` of objects, a million keys held ~500 MiB, and V8 sizes its
 * heap as a multiple of what survives a collection; an ArrayBuffer costs its own size only
 * (ARCHITECTURE.md, Backpressure). A forgotten entry keeps its place (its live bit cleared) and is
 * reused if the key comes back.
 */
export function createLedgerTable(): LedgerTable {
  const pages: Page[] = [];
  let entries = 0;
  let live = 0;
  let slots = 1024;
  let index = new Int32Array(slots);

  const pageOf = (entry: number): Page => pages[entry >>> 16]!;
  const base = (entry: number): number => (entry & (PAGE_ENTRIES - 1)) * ENTRY_WORDS;

  /** The index slot of the digest, or the empty slot where it belongs. */
  function find(d0: number, d1: number, d2: number, d3: number): number {
    const mask = slots - 1;
    let slot = d0 & mask;
    for (;;) {
      const stored = index[slot]!;
      if (stored === 0) return slot;
      const entry = stored - 1;
      const { words } = pageOf(entry);
      const w = base(entry);
      if (words[w] === d0 && words[w + 1] === d1 && words[w + 2] === d2 && words[w + 3] === d3) return slot;
      slot = (slot + 1) & mask;
    }
  }

  function grow(): void {
    slots *= 2;
    index = new Int32Array(slots);
    for (let entry = 0; entry < entries; entry++) {
      const { words } = pageOf(entry);
      const w = base(entry);
      index[find(words[w]!, words[w + 1]!, words[w + 2]!, words[w + 3]!)] = entry + 1;
    }
  }

  function lookup(key: string): { slot: number; d: Buffer } {
    const d = digest('md5', key, 'buffer');
    return { slot: find(d.readUInt32LE(0), d.readUInt32LE(4), d.readUInt32LE(8), d.readUInt32LE(12)), d };
  }

  return {
    get(key) {
      const stored = index[lookup(key).slot]!;
      if (stored === 0) return undefined;
      const entry = stored - 1;
      const page = pageOf(entry);
      const w = base(entry);
      const flags = page.words[w + 15]!;
      if ((flags & LIVE) === 0) return undefined;
      const hash = Buffer.from(page.bytes.buffer, (w + 4) * 4, 32).toString('hex');
      const at = page.doubles[(w + 16) / 2]!;
      return {
        hash,
        id: page.doubles[(w + 12) / 2]!,
        attempts: flags & ~LIVE,
        line: page.words[w + 14]!,
        uploadedAt: Number.isNaN(at) ? undefined : new Date(at).toISOString(),
      };
    },
    set(key, value) {
      const found = lookup(key);
      const d = found.d;
      let slot = found.slot;
      let stored = index[slot]!;
      if (stored === 0) {
        if (entries + 1 > slots * MAX_LOAD) {
          grow();
          slot = find(d.readUInt32LE(0), d.readUInt32LE(4), d.readUInt32LE(8), d.readUInt32LE(12));
        }
        if (entries === pages.length * PAGE_ENTRIES) pages.push(newPage());
        stored = entries + 1;
        entries += 1;
        index[slot] = stored;
        const { words } = pageOf(stored - 1);
        const w = base(stored - 1);
        for (let i = 0; i < 4; i++) words[w + i] = d.readUInt32LE(i * 4);
      }
      const entry = stored - 1;
      const page = pageOf(entry);
      const w = base(entry);
      if ((page.words[w + 15]! & LIVE) === 0) live += 1;
      page.bytes.set(Buffer.from(value.hash, 'hex'), (w + 4) * 4);
      page.doubles[(w + 12) / 2] = value.id;
      page.words[w + 14] = value.line;
      page.doubles[(w + 16) / 2] = value.uploadedAt === undefined ? Number.NaN : Date.parse(value.uploadedAt);
      page.words[w + 15] = (Math.min(value.attempts, 0x7fffffff) | LIVE) >>> 0;
    },
    delete(key) {
      const stored = index[lookup(key).slot]!;
      if (stored === 0) return false;
      const entry = stored - 1;
      const page = pageOf(entry);
      const w = base(entry);
      const flags = page.words[w + 15]!;
      if ((flags & LIVE) === 0) return false;
      page.words[w + 15] = flags & ~LIVE;
      live -= 1;
      return true;
    },
    get size() {
      return live;
    },
    get bytes() {
      return pages.length * PAGE_ENTRIES * ENTRY_WORDS * 4 + index.byteLength;
    },
  };
}
