import { areaError } from '../errors/area-error.js';
import type { ErrorKind } from '../errors/mge-error.js';

/**
 * Codes of a job's template (exit 2: nothing was uploaded):
 * - `TEMPLATE_NOT_FOUND`, `TEMPLATE_UNPUBLISHED` (kind `template`): the platform (or the template
 *   file) has no published template of that id.
 * - `TEMPLATE_MALFORMED`, `TEMPLATE_FILE_UNREADABLE` (kind `template`): a template that cannot be read.
 * - `TEMPLATE_ID_INVALID`, `TEMPLATE_SOURCE_MISSING` (kind `usage`): no id, or no way to get one.
 *
 * A template gone in the middle of an upload is `TEMPLATE_GONE`, a stop of the run (`RunStopCode`).
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
