import { MgeError } from '../errors/mge-error.js';
import type { UploadSummary } from '../upload/upload-types.js';

/**
 * An `ingest` run that an error stopped part-way, after the drain and the `summary` line: the error's
 * code, kind, place and hint, with the counts so far typed in {@link RunStoppedError.summary}. Kind
 * `fatal` (exit 3: aborted mid-run, resumable), or `internal` for a bug.
 */
export class RunStoppedError extends MgeError {
  /** The counts of the run up to the stop: what the CLI prints before the error. */
  readonly summary: UploadSummary;

  constructor(
    error: MgeError,
    summary: UploadSummary,
    text: { readonly message?: string; readonly hint?: string; readonly details?: Readonly<Record<string, unknown>> } = {},
  ) {
    super(error.kind === 'internal' ? 'internal' : 'fatal', error.code, text.message ?? error.message, {
      cause: error,
      location: error.location,
      hint: text.hint ?? error.hint,
      details: text.details ?? error.details,
    });
    this.summary = summary;
  }
}
