import { areaError } from '../errors/area-error.js';
import type { ErrorKind } from '../errors/mge-error.js';

/**
 * Codes of the report and the files made from it; the kind (and so the exit code) follows from the
 * code (`KIND` below): usage, config and source codes exit 2 before anything is sent,
 * `REPORT_WRITE_FAILED` and `REPORT_LOCK_LOST` stop a run part-way (fatal, exit 3), `REPORT_CLOSED` is a
 * bug. What each means to a user: docs/report-format.md and docs/guarantees.md#exit-codes-for-a-scheduler.
 */
export type ReportErrorCode =
  | 'REPORT_NOT_A_FILE'
  | 'REPORT_LOCK_NOT_A_FILE'
  | 'REPORT_LOCKED'
  | 'REPORT_NOT_WRITABLE'
  | 'REPORT_LOCK_FAILED'
  | 'REPORT_LOCK_DIR_UNSAFE'
  | 'REPORT_CORRUPT'
  | 'REPORT_WRITE_FAILED'
  | 'REPORT_LOCK_LOST'
  | 'REPORT_CLOSED'
  | 'REPORT_HARD_LINKED'
  | 'ERRORS_FILE_EXTENSION'
  | 'ERRORS_FILE_UNWRITABLE'
  | 'UPLOADED_OUT_EXTENSION'
  | 'UPLOADED_OUT_UNWRITABLE'
  | 'CHANGED_OUT_EXTENSION'
  | 'CHANGED_OUT_UNWRITABLE'
  | 'ANNOTATE_INPUT'
  | 'ANNOTATE_FILE_UNWRITABLE'
  | 'OUTPUT_IS_INPUT'
  | 'HTML_FILE_UNWRITABLE';

const KIND: Readonly<Record<ReportErrorCode, ErrorKind>> = {
  REPORT_NOT_A_FILE: 'usage',
  REPORT_LOCK_NOT_A_FILE: 'usage',
  REPORT_LOCKED: 'usage',
  REPORT_NOT_WRITABLE: 'config',
  REPORT_LOCK_FAILED: 'config',
  REPORT_LOCK_DIR_UNSAFE: 'config',
  REPORT_CORRUPT: 'source',
  REPORT_WRITE_FAILED: 'fatal',
  REPORT_LOCK_LOST: 'fatal',
  REPORT_CLOSED: 'internal',
  REPORT_HARD_LINKED: 'usage',
  ERRORS_FILE_EXTENSION: 'usage',
  ERRORS_FILE_UNWRITABLE: 'usage',
  UPLOADED_OUT_EXTENSION: 'usage',
  UPLOADED_OUT_UNWRITABLE: 'usage',
  CHANGED_OUT_EXTENSION: 'usage',
  CHANGED_OUT_UNWRITABLE: 'usage',
  ANNOTATE_INPUT: 'usage',
  ANNOTATE_FILE_UNWRITABLE: 'usage',
  OUTPUT_IS_INPUT: 'usage',
  HTML_FILE_UNWRITABLE: 'usage',
};

/** A problem of the report or of a file made from it; its kind follows from its code. */
export class ReportError extends areaError(KIND) {}
