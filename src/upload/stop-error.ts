import { MgeError } from '../errors/mge-error.js';
import type { Classification } from '../platform/classify-failure.js';

const TEXT: Readonly<Record<string, { message: string; hint: string }>> = {
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
    message: 'Uploads kept ending with an unknown outcome (the platform may have stored them); the run stopped instead of leaving every row uncertain',
    hint: 'Check the platform (and the rows `mge-ingest report FILE` lists as uncertain), then run the same command again: it resumes, and re-sends uncertain rows only with --retry-uncertain.',
  },
  MAX_CHANGES_REACHED: {
    message: 'More rows changed than --max-changes allows; the run stopped before sending the row that exceeded it',
    hint: 'Check why so many known rows changed (`mge-ingest report FILE` lists them); if the changes are meant, raise --max-changes and run the same command again.',
  },
  MAX_ERRORS_REACHED: {
    message: 'Too many invalid rows; the run stopped',
    hint: 'Fix the rows listed in the report (`mge-ingest report FILE --failed-out fixes.csv`), or raise --max-errors.',
  },
  INTERNAL_ERROR: {
    message: 'An internal error stopped the run',
    hint: 'The report is consistent; run the same command again to resume, and report this problem.',
  },
};

/**
 * The error that stops a run (exit 3): `code` is the reason, `details` carries the last failure's facts
 * (status, platform code, how many consecutive failures). The run resumes with the same report.
 */
export function stopError(code: string, failure?: Classification, count?: number, cause?: unknown): MgeError {
  const text = TEXT[code] ?? TEXT.INTERNAL_ERROR!;
  return new MgeError(code === 'INTERNAL_ERROR' ? 'internal' : 'fatal', code, text.message, {
    hint: text.hint,
    cause,
    details: {
      ...(failure ? { lastCode: failure.code, status: failure.status, platformCode: failure.platformCode, detail: failure.detail } : {}),
      ...(count !== undefined ? { count } : {}),
    },
  });
}
