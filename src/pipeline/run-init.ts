import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MappingProposal } from '../mapping/header-match/proposal-types.js';
import { fieldMatches } from '../mapping/scaffold/scaffold-field-lines.js';
import { scaffoldMapping, unmatchedFields } from '../mapping/scaffold/scaffold-mapping.js';
import type { SourceOptions } from '../sources/source-options.js';
import type { Template } from '../template/template-types.js';
import { fetchTemplate, type TemplateSource } from './job/fetch-template.js';
import { PipelineError } from './pipeline-errors.js';
import { proposeInputMapping } from './propose-input-mapping.js';
import { PACKAGE_ROOT } from '../util/package-info.js';

export type { SourceOptions } from '../sources/source-options.js';
export type { MappingProposal } from '../mapping/header-match/proposal-types.js';

/** Options of {@link runInit}. */
export interface RunInitOptions {
  readonly tid: number;
  /** A data file whose header and first rows are matched to the template's fields; undefined: none. */
  readonly input: string | undefined;
  /** How to read the input's header (sheet, header rows); also written into the mapping's `input:`. */
  readonly sourceOptions: SourceOptions;
  /** Write the mapping here; undefined: the text is returned for the caller to print. */
  readonly out: string | undefined;
  /** Overwrite an existing `out` file. */
  readonly force: boolean;
  /** Where relative paths are found. */
  readonly cwd: string;
}

/** What `init` made: the mapping text, and for the curator to check what the matcher proposed. */
export interface InitResult {
  readonly template: Template;
  /** The mapping file's text (written to `out` when one was given). */
  readonly text: string;
  /** `FILL_IN` placeholders left to fill (on lines that are not comments). */
  readonly placeholders: number;
  /** With an input: what was matched, guessed and left over. */
  readonly proposal: MappingProposal | undefined;
  /** Template fields no column was matched to (sure or guessed). */
  readonly unmatchedFields: readonly string[];
}

/** The package's JSON schema of a mapping file (`schema/mapping.schema.json`, shipped with the package). */
export const MAPPING_SCHEMA = path.join(PACKAGE_ROOT, 'schema', 'mapping.schema.json');

/**
 * The mapping's first line, for editors' YAML language server: the schema relative to the mapping
 * inside the package's own tree (survives a move or clone), else its absolute path (a global install).
 */
export function schemaLine(mappingDir: string): string {
  const relative = path.relative(mappingDir, MAPPING_SCHEMA);
  const inside = !path.relative(PACKAGE_ROOT, mappingDir).startsWith('..') && !path.isAbsolute(path.relative(PACKAGE_ROOT, mappingDir));
  const target = inside ? relative.split(path.sep).join('/') : MAPPING_SCHEMA;
  return `# yaml-language-server: $schema=${target}`;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * The `init` pipeline: fetch the template, with an input propose a mapping from its first rows, write
 * the commented mapping (sure matches live, guesses commented) to `out` or return it.
 * @throws PipelineError `OUTPUT_EXISTS` (kind `usage`) without `force`; template and source errors.
 */
export async function runInit(options: RunInitOptions, source: TemplateSource): Promise<InitResult> {
  const { template } = await fetchTemplate(options.tid, source);
  const found =
    options.input === undefined
      ? undefined
      : await proposeInputMapping(path.resolve(options.cwd, options.input), template, { source: options.sourceOptions });
  const scaffold = scaffoldMapping(template, {
    proposal: found?.proposal,
    inputName: options.input === undefined ? undefined : path.basename(options.input),
    input: options.sourceOptions,
  });
  const text = `${schemaLine(options.out === undefined ? options.cwd : path.dirname(path.resolve(options.cwd, options.out)))}\n${scaffold}`;
  if (options.out !== undefined) {
    const target = path.resolve(options.cwd, options.out);
    if (!options.force && (await exists(target))) {
      throw new PipelineError('OUTPUT_EXISTS', 'the mapping file already exists', {
        location: { file: options.out },
        hint: 'Choose another --out, or add --force to overwrite it.',
      });
    }
    await writeFile(target, text);
  }
  return {
    template,
    text,
    placeholders: (text.match(/^[^#\n]*FILL_IN/gm) ?? []).length,
    proposal: found?.proposal,
    unmatchedFields: found === undefined ? [] : unmatchedFields(template, fieldMatches(found.proposal)),
  };
}
