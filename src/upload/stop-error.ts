import { MgeError } from '../errors/mge-error.js';
import type { Classification } from '../platform/classify-failure.js';

/**
 * Codes that stop an upload run part-way (exit 3, resumable): `TOKEN_REJECTED`, `TEMPLATE_GONE`,
 * `ENDPOINT_NOT_FOUND` (a POST's 401/403/404), `PLATFORM_UNREACHABLE`, `UNCERTAIN_STREAK` (the breaker),
 * `INTERNAL_ERROR` (a bug; the report is consistent).
 */
export type RunStopCode =
  'TOKEN_REJECTED' | 'TEMPLATE_GONE' | 'ENDPOINT_NOT_FOUND' | 'PLATFORM_UNREACHABLE' | 'UNCERTAIN_STREAK' | 'INTERNAL_ERROR';

const TEXT: Readonly<Record<RunStopCode, { message: string; hint: string }>> = {
  TOKEN_REJECTED: {
    message: 'The platform rejected the token; the run stopped',
    hint: 'Renew the token (MGE_TOKEN or MGE_TOKEN_FILE) and run the same command again: it resumes from the report.',
  },
  TEMPLATE_GONE: {
    message: 'The platform no longer knows the template; the run stopped',
    hint: 'Check the template id with `mge-ingest templates list`, then run the same command again to resume.',
  },
  ENDPOINT_NOT_FOUND: {
    message: 'The submit endpoint was not found; the run stopped',
    hint: 'Check MGE_BASE_URL (--base-url), then run the same command again to resume.',
  },
  PLATFORM_UNREACHABLE: {
    message: 'The platform is unreachable; the run stopped instead of failing every remaining row',
    hint: 'Check the network and the platform, then run the same command again: it resumes from the report.',
  },
  UNCERTAIN_STREAK: {
    message:
      'Uploads kept ending with an unknown outcome (the platform may have stored them); the run stopped instead of leaving every row uncertain',
    hint: 'Check the platform (and the rows `mge-ingest report FILE` lists as uncertain), then run the same command again: it resumes, and re-sends uncertain rows only with --retry-uncertain.',
  },
  INTERNAL_ERROR: {
    message: 'An internal error stopped the run',
    hint: 'The report is consistent; run the same command again to resume, and report this problem.',
  },
};

/** True for a code of {@link RunStopCode} (a fatal classification's code is one). */
export function isRunStopCode(code: string): code is RunStopCode {
  return Object.hasOwn(TEXT, code);
}

/** The last failure before a stop: the facts a curator needs to see why. */
export interface LastFailure {
  readonly code: string;
  readonly status: number | undefined;
  readonly platformCode: number | undefined;
  readonly detail: string | undefined;
}

/**
 * The error that stops an upload run (exit 3; `INTERNAL_ERROR` is kind `internal`): `code` is the
 * reason. The run resumes with the same report.
 */
export class RunStopError extends MgeError<RunStopCode> {
  /** How many answers in a row tripped the breaker (`UNCERTAIN_STREAK`, `PLATFORM_UNREACHABLE`). */
  readonly count: number | undefined;
  /** The platform's last answer before the stop, when one was the cause. */
  readonly lastFailure: LastFailure | undefined;

  constructor(code: RunStopCode, failure?: Classification, count?: number, cause?: unknown) {
    const text = TEXT[code];
    super(code === 'INTERNAL_ERROR' ? 'internal' : 'fatal', code, text.message, { hint: text.hint, cause });
    this.count = count;
    this.lastFailure =
      failure === undefined
        ? undefined
        : { code: failure.code, status: failure.status, platformCode: failure.platformCode, detail: failure.detail };
  }
}

/** The {@link RunStopError} of `code`, with the failure that caused it and the streak's length. */
export function stopError(code: RunStopCode, failure?: Classification, count?: number, cause?: unknown): RunStopError {
  return new RunStopError(code, failure, count, cause);
}
