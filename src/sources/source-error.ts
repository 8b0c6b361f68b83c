import { MgeError, type ErrorLocation } from '../errors/mge-error.js';

/**
 * Codes of the input files, all of kind `source`: exit 2 before anything may be stored, exit 3 (code
 * kept) when `ingest` meets one after rows were uploaded. Grouped below: the file, what it holds, its
 * text, finding its table.
 */
export type SourceErrorCode =
  | 'SOURCE_NOT_FOUND'
  | 'SOURCE_NOT_A_FILE'
  | 'SOURCE_NO_INPUTS'
  | 'SOURCE_UNREADABLE'
  | 'SOURCE_REREAD'
  | 'SOURCE_UNSUPPORTED'
  | 'SOURCE_NOT_TEXT'
  | 'SOURCE_ENCRYPTED'
  | 'SOURCE_CORRUPT'
  | 'SOURCE_EMPTY'
  | 'SOURCE_TOO_LARGE'
  | 'SOURCE_BAD_ENCODING'
  | 'SOURCE_ENCODING_UNCERTAIN'
  | 'SOURCE_CSV_SYNTAX'
  | 'SOURCE_SHEET_NOT_FOUND'
  | 'SOURCE_HEADER_NOT_FOUND'
  | 'SOURCE_DUPLICATE_HEADER';

/** An input file that cannot be read as a table: kind `source`, located in the file (sheet, row, column). */
export class SourceError extends MgeError<SourceErrorCode> {
  constructor(code: SourceErrorCode, message: string, location: ErrorLocation, hint?: string, cause?: unknown) {
    super('source', code, message, { location, ...(hint === undefined ? {} : { hint }), ...(cause === undefined ? {} : { cause }) });
  }
}

/** A run-level source problem: the file cannot be read as a table. */
export function sourceError(code: SourceErrorCode, message: string, location: ErrorLocation, hint?: string, cause?: unknown): SourceError {
  return new SourceError(code, message, location, hint, cause);
}
