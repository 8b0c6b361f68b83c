import type { LedgerState } from './fold-report.js';

/** What to do with a valid row, given the ledger. */
export type ResumeDecision =
  /** Never seen (or seen only as invalid, or rejected with different data): send it. */
  | 'upload'
  /** Seen with this hash and certainly not stored (transient failure; a rejection with `retryFailed`): send again. */
  | 'retry'
  /**
   * Left uncertain with this hash by an earlier run, and `retryUncertain` asks to send it again: the
   * earlier attempt may be stored too, so the outcome line names it (`resendOf`).
   */
  | 'resend-uncertain'
  /** Stored already with this hash. */
  | 'skip-uploaded'
  /** Left uncertain with this hash by an earlier run; re-sent only with `retryUncertain`. */
  | 'skip-uncertain'
  /** Rejected by the platform with this hash; re-sent only with `retryFailed`. */
  | 'skip-failed'
  /** Known key, new hash, `onChange: 'report'`: reported, not sent. */
  | 'changed-skip'
  /** Known key, new hash, `onChange: 'upload'`: sent as a new record (the API cannot update one). */
  | 'changed-upload';

export interface ResumeOptions {
  /** What to do with a known key whose content changed. @default 'report' */
  readonly onChange: 'report' | 'upload';
  /** Also re-send rows the platform rejected (422…). @default false */
  readonly retryFailed: boolean;
  /** Re-send rows an earlier run left uncertain: may create duplicates. @default false */
  readonly retryUncertain: boolean;
  /**
   * Write a `skipped` line for every row uploaded before (`--verbose-report`); otherwise such a row
   * is only counted in the run's summary line, since its line would change nothing the ledger holds
   * (docs/report-format.md). @default false
   */
  readonly verboseReport?: boolean;
}

/**
 * The resume rules for one valid row (docs/guarantees.md#exactly-once), pure: the same key and hash
 * act on the key's status; a new hash is `changed` when a version may be stored, else uploaded.
 */
export function planResume(
  state: LedgerState,
  row: { readonly key: string; readonly hash: string },
  options: ResumeOptions,
): ResumeDecision {
  const entry = state.keys.get(row.key);
  if (!entry) return 'upload';
  if (entry.uploaded?.hash === row.hash) return 'skip-uploaded';
  if (entry.hash === row.hash) {
    if (entry.status === 'uncertain') return options.retryUncertain ? 'resend-uncertain' : 'skip-uncertain';
    if (entry.status === 'failed') {
      if (entry.failure?.retryable ?? false) return 'retry';
      return options.retryFailed ? 'retry' : 'skip-failed';
    }
    if (entry.status === 'invalid') return 'upload';
  }
  if (entry.uncertainHash === row.hash) return options.retryUncertain ? 'resend-uncertain' : 'skip-uncertain';
  if (entry.uploaded !== undefined || entry.uncertainHash !== undefined)
    return options.onChange === 'upload' ? 'changed-upload' : 'changed-skip';
  return 'upload';
}
