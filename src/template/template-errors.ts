import { areaError } from '../errors/area-error.js';
import type { ErrorKind } from '../errors/mge-error.js';

/**
 * Codes of a job's template (exit 2): not found or unpublished, malformed or unreadable (kind
 * `template`), no id or no way to get one (kind `usage`). A template gone mid-upload is the run stop
 * `TEMPLATE_GONE`.
 */
export type TemplateErrorCode =
  | 'TEMPLATE_NOT_FOUND'
  | 'TEMPLATE_UNPUBLISHED'
  | 'TEMPLATE_MALFORMED'
  | 'TEMPLATE_FILE_UNREADABLE'
  | 'TEMPLATE_ID_INVALID'
  | 'TEMPLATE_SOURCE_MISSING';

const KIND: Readonly<Record<TemplateErrorCode, ErrorKind>> = {
  TEMPLATE_NOT_FOUND: 'template',
  TEMPLATE_UNPUBLISHED: 'template',
  TEMPLATE_MALFORMED: 'template',
  TEMPLATE_FILE_UNREADABLE: 'template',
  TEMPLATE_ID_INVALID: 'usage',
  TEMPLATE_SOURCE_MISSING: 'usage',
};

/** A template problem; its kind follows from its code. */
export class TemplateError extends areaError(KIND) {}
