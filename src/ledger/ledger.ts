/**
 * The ledger's storage, the one module the rest of the code imports from src/ledger: the off-heap
 * table of a report's plainly uploaded keys (open, look up, mark), its index file beside the report
 * (restore, save), and the digest index, spill pages and id set the run's other key tables are made of.
 * What the report's lines mean stays in src/report, which folds them into this table.
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
