import { areaError } from '../errors/area-error.js';
import type { ErrorKind } from '../errors/mge-error.js';

/**
 * Codes of the mapping page (`mapper`), all before the page is served or at a save (exit 2):
 * - `MAPPER_NO_TEMPLATE`: a new mapping and no `--template`.
 * - `MAPPER_TEMPLATE_MISMATCH`: `--template` is not the template the existing mapping names.
 * - `MAPPER_MAPPING_UNREADABLE`: the existing mapping is not YAML the page can edit (fix it in a text editor).
 * - `MAPPER_SAVE_CONFLICT`: the mapping file changed on disk since the page read or saved it.
 */
export type MapperErrorCode = 'MAPPER_NO_TEMPLATE' | 'MAPPER_TEMPLATE_MISMATCH' | 'MAPPER_MAPPING_UNREADABLE' | 'MAPPER_SAVE_CONFLICT';

const KIND: Readonly<Record<MapperErrorCode, ErrorKind>> = {
  MAPPER_NO_TEMPLATE: 'usage',
  MAPPER_TEMPLATE_MISMATCH: 'usage',
  MAPPER_MAPPING_UNREADABLE: 'mapping',
  MAPPER_SAVE_CONFLICT: 'usage',
};

/** A problem of the mapping page; its kind follows from its code. */
export class MapperError extends areaError(KIND) {}
