import path from 'node:path';
import { PipelineError } from '../pipeline-errors.js';
import type { InputLayout, LayoutJobOptions } from './job.js';

/** `<file> (platform layout)`: how messages name the mapping written for an input of the platform's layouts. */
export function workbookMappingName(file: string, layout: InputLayout = 'platform'): string {
  return `${file} (${layout} layout)`;
}

/** The path a layout's one input is opened with. */
export function layoutInputPath(options: Pick<LayoutJobOptions, 'file' | 'cwd'>): string {
  return options.cwd === undefined ? path.resolve(options.file) : path.resolve(options.cwd, options.file);
}

/** The records' source facts, which none of the platform's layouts holds: from flags, or exit 2 before anything is read. */
export function requireSource(options: LayoutJobOptions): void {
  const missing = [
    options.meta.source === undefined ? '--source (10 or 01)' : undefined,
    options.meta.methods === undefined ? '--methods (e.g. experiment,computation)' : undefined,
  ].filter((m): m is string => m !== undefined);
  if (missing.length > 0) {
    throw new PipelineError(
      'WORKBOOK_META_MISSING',
      `the input does not hold the records' source and methods: give ${missing.join(' and ')}`,
      {
        location: { file: options.file },
        hint: 'with --source 01 give --reference too; see docs/platform-workbook.md → Meta',
      },
    );
  }
}

/** Warns of the columns that fit no field of the template now, and the fields with no column. */
export function warnColumns(options: LayoutJobOptions, tid: number, lines: readonly string[]): void {
  if (lines.length > 0)
    options.onWarning?.({
      code: 'WORKBOOK_COLUMNS_CHANGED',
      file: options.file,
      lines,
      message: `${options.file} does not match template ${tid} as it is now (${lines.length} difference(s))`,
    });
}
