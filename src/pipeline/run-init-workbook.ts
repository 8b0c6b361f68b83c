import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Template } from '../template/template-types.js';
import { writePlatformWorkbook } from '../workbook/write-platform-workbook.js';
import { fetchTemplate, type TemplateSource } from './job/fetch-template.js';
import { PipelineError } from './pipeline-errors.js';

/** What `init --workbook` wrote. */
export interface InitWorkbookResult {
  readonly template: Template;
  readonly file: string;
  readonly sheets: number;
  readonly columns: number;
  /** Fields the workbook has no place for (a table or array inside an array element). */
  readonly unsupported: readonly string[];
}

/**
 * `init <tid> --workbook FILE.xlsx`: the platform's filling workbook for a template
 * (docs/platform-workbook.md), which `validate` and `ingest` then read without a mapping.
 * @throws PipelineError `OUTPUT_EXISTS` when the file exists and `force` is not given; the template's errors.
 */
export async function runInitWorkbook(
  options: { readonly tid: number; readonly file: string; readonly force: boolean; readonly cwd: string },
  source: TemplateSource,
): Promise<InitWorkbookResult> {
  const target = path.resolve(options.cwd, options.file);
  const { template } = await fetchTemplate(options.tid, source);
  const taken = await access(target).then(
    () => true,
    () => false,
  );
  if (taken && !options.force)
    throw new PipelineError('OUTPUT_EXISTS', 'the workbook already exists', {
      location: { file: options.file },
      hint: 'Choose another --workbook, or add --force to overwrite it.',
    });
  const written = await writePlatformWorkbook(template, target);
  return { template, file: options.file, ...written };
}
