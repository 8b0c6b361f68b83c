import path from 'node:path';
import type { ProblemCollector } from '../report/html/collect-problems.js';
import type { ValidationSummary } from '../report/validation-summary.js';
import { displayPath } from '../util/display-path.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { TemplateChangedWarning } from './pipeline-warning.js';
import type { RunValidateOptions, ValidateResult } from './validate-types.js';

/** Writes `validate --html`: the page of what this validation found (see `buildValidateView`). */
export async function writeValidateHtml(
  options: RunValidateOptions,
  found: {
    readonly template: ValidateResult['template'];
    readonly summary: ValidationSummary;
    readonly interrupted: boolean;
    readonly templateChanged: TemplateChangedWarning | undefined;
  },
  problems: ProblemCollector,
  inputs: readonly PreparedInput[],
  clock: () => number,
): Promise<{ bytes: number }> {
  const { cwd } = options;
  const [{ describeInputs }, { buildValidateView }, { writeHtmlReport }, { workbookMappingName }] = await Promise.all([
    import('../report/describe-inputs.js'),
    import('../report/html/build-validate-view.js'),
    import('../report/html/write-html-report.js'),
    import('./job/layout-steps.js'),
  ]);
  const [mapping] = options.mappingFile === undefined ? [] : await describeInputs([path.resolve(cwd, options.mappingFile)]);
  // Hashed after the check, as ingest hashes them for its run line: the page names what was checked.
  const hashed = await describeInputs(inputs.map((i) => i.openPath));
  const settings: [string, string][] = [
    ['methods-width', String(options.methodsWidth)],
    ['max-errors', options.maxErrors === undefined ? 'none' : String(options.maxErrors)],
  ];
  const view = buildValidateView({
    mapping: { file: options.mappingFile ?? workbookMappingName(inputs[0]?.file ?? ''), fingerprint: mapping?.sha256 },
    template: found.template,
    inputs: inputs.map((i, n) => ({ file: displayPath(cwd, i.file), bytes: i.bytes, sha256: hashed[n]?.sha256 ?? '' })),
    settings,
    summary: found.summary,
    interrupted: found.interrupted,
    templateChanged: found.templateChanged?.message,
    problems,
    errorsFile: options.errorsFile,
    generatedAt: new Date(clock()).toISOString(),
    toolVersion: options.version,
  });
  return writeHtmlReport(view, path.resolve(cwd, options.htmlFile ?? ''));
}
