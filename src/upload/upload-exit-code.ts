import type { UploadSummary } from './upload-types.js';

/**
 * The exit code of a run that ended without a fatal error (docs/guarantees.md → Exit codes): 130 when
 * interrupted, 1 when some rows are not known to be stored (invalid, failed, uncertain, or changed and
 * not uploaded), else 0. A fatal stop (`MgeError` of kind `fatal`) is 3 and decided by the CLI entry.
 */
export function uploadExitCode(summary: UploadSummary): 0 | 1 | 130 {
  if (summary.interrupted) return 130;
  return summary.notUploaded > 0 ? 1 : 0;
}
