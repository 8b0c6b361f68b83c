import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SandboxError } from './sandbox-errors.js';
import { PACKAGE_ROOT } from '../../util/package-info.js';
import type { RawTemplate } from './list-templates-page.js';
import type { SandboxCategory } from './sandbox-fixtures.js';
import { isObject } from '../../util/is-object.js';

/** The default templates file of the sandbox: the templates the samples use. */
export const DEFAULT_TEMPLATES_FILE = resolve(PACKAGE_ROOT, 'samples', 'templates.json');

export interface SandboxData {
  readonly templates: readonly RawTemplate[];
  readonly categories?: readonly SandboxCategory[] | undefined;
  readonly projects?: readonly Record<string, unknown>[] | undefined;
}

/** Reads a templates file: `{templates: [...], categories?, projects?}` (other keys such as `_about` ignored) or a bare array. */
export function loadSandboxData(file: string = DEFAULT_TEMPLATES_FILE): SandboxData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SandboxError('SANDBOX_TEMPLATES_UNREADABLE', `cannot read the sandbox templates file: ${(error as Error).message}`, {
      location: { file },
      hint: 'Give --templates a JSON file holding {"templates": [...]} or an array of templates in the API shape.',
    });
  }
  const templates = Array.isArray(parsed) ? parsed : isObject(parsed) ? parsed['templates'] : undefined;
  if (!Array.isArray(templates) || !templates.every(isObject)) {
    throw new SandboxError('SANDBOX_TEMPLATES_INVALID', 'the sandbox templates file holds no array of template objects', {
      location: { file, field: 'templates' },
      hint: 'Expected {"templates": [...]} or a bare array of templates.',
    });
  }
  const extra = isObject(parsed) ? parsed : {};
  return {
    templates: templates,
    categories: Array.isArray(extra['categories']) ? (extra['categories'] as SandboxCategory[]) : undefined,
    projects: Array.isArray(extra['projects']) ? (extra['projects'] as Record<string, unknown>[]) : undefined,
  };
}
