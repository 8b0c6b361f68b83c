import { areaError } from '../errors/area-error.js';
import type { ErrorKind } from '../errors/mge-error.js';

/**
 * Codes of the report and the files made from it; the kind (and so the exit code) follows from the code:
 * - `REPORT_NOT_A_FILE`, `REPORT_LOCK_NOT_A_FILE`, `REPORT_LOCKED` (usage, exit 2): the report cannot be
 *   this run's ledger, and nothing was read or sent.
 * - `REPORT_NOT_WRITABLE`, `REPORT_LOCK_FAILED` (config, exit 2): it cannot be created or appended to.
 * - `REPORT_LOCK_DIR_UNSAFE` (config, exit 2): the machine's lock folder is a symbolic link, not a
 *   directory, another user's or writable by others, so it is not used.
 * - `REPORT_CORRUPT` (source, exit 2): a line before the last is damaged.
 * - `REPORT_WRITE_FAILED`, `REPORT_LOCK_LOST` (fatal, exit 3): the report stopped being writable, or
 *   another run took it over, part-way; the run stops writing.
 * - `REPORT_HARD_LINKED` (usage, exit 2): `report compact` of a report with other hard links, which the
 *   rename would leave holding the old report (two ledgers of one history).
 * - `REPORT_CLOSED` (internal): a line written after the end, a bug.
 * - `ERRORS_FILE_EXTENSION`, `ERRORS_FILE_UNWRITABLE`, `UPLOADED_OUT_EXTENSION`,
 *   `UPLOADED_OUT_UNWRITABLE`, `HTML_FILE_UNWRITABLE` (usage, exit 2): an output file of
 *   `--errors`, `--failed-out`, `--uploaded-out` or `--html` that cannot be written;
 *   `ANNOTATE_FILE_UNWRITABLE` (usage, exit 2) the same for `--annotate`.
 * - `OUTPUT_IS_INPUT` (usage, exit 2): an output of `report` is a file the report's runs read (an
 *   input, the mapping), as the command line refuses one that is the report itself.
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
