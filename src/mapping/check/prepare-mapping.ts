import type { Template } from '../../template/template-types.js';
import { checkMapping, type MappingCheck, type MappingSettings } from './check-mapping.js';
import { MappingInvalidError } from '../mapping-errors.js';
import type { MappingSpec } from '../load/mapping-spec.js';

/**
 * A mapping loaded and checked against its template, with no problem: what `compileMapping` binds to
 * each input's header. The checks ran once, here; compiling only resolves columns and header units.
 */
export interface PreparedMapping {
  readonly spec: MappingSpec;
  readonly template: Template;
  /** The plans built by the check, and the effective methods width. */
  readonly check: MappingCheck;
}

/**
 * The middle step of `load → check → compile`: checks a loaded mapping against its template (every
 * problem at once, each with its line; see {@link checkMapping}).
 * @throws MappingCheckError (a MappingInvalidError, `MAPPING_INVALID`) holding every problem, and the
 *   partly checked mapping (`partial`) so that the columns can still be checked against each header.
 */
export function prepareMapping(spec: MappingSpec, template: Template, settings: MappingSettings = {}): PreparedMapping {
  const check = checkMapping(spec, template, settings);
  if (!check.ok) throw new MappingCheckError(spec.file, check.problems, { spec, template, check });
  return { spec, template, check };
}

/**
 * `MAPPING_INVALID` from the check against the template, with the mapping as far as it checked out
 * (the fields with problems left out): enough to bind to a header, so the column problems can be
 * listed with the template-level ones in one round (docs/mapping.md, Problems).
 */
export class MappingCheckError extends MappingInvalidError {
  constructor(
    file: string,
    problems: ConstructorParameters<typeof MappingInvalidError>[1],
    readonly partial: PreparedMapping,
  ) {
    super(file, problems);
  }
}
