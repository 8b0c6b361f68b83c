/**
 * The ledger's storage, the one module the rest of the code imports from src/ledger: the plainly
 * uploaded keys' table, its index file, and the key tables the run's others are made of. What report
 * lines mean stays in src/report.
 */
export { createDigestIndex, PAGE_BITS, type DigestIndex, type DigestIndexOptions } from './create-digest-index.js';
export { createIdSet, type IdSet, type IdSetOptions } from './create-id-set.js';
export {
  createLedgerTable,
  isTableHash,
  SAVED_ENTRY_BYTES,
  type LedgerTable,
  type LedgerTableOptions,
  type PlainKey,
} from './create-ledger-table.js';
export { createSpillPages, type SpillPages, type SpillPagesOptions } from './create-spill-pages.js';
export { keyDigest } from './key-digest.js';
export {
  INDEX_HEADER_BYTES,
  ledgerIndexFile,
  pathIdentity,
  sameFile,
  type IndexStateShapes,
  type LedgerSaved,
} from './ledger-index-format.js';
export { loadLedgerIndex, type LoadedIndex, type LoadIndexOptions } from './load-ledger-index.js';
export { saveLedgerIndex, type SaveIndexOptions } from './save-ledger-index.js';
