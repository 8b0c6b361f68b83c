import type { ValidationSummary } from '../validation-summary.js';
import { earlyStopText } from '../early-stop-text.js';
import type { ProblemCollector } from './collect-problems.js';
import type { HtmlReportView, StatusCount } from './html-report-view.js';

/** What {@link buildValidateView} is built from: what `validate` computed. */
export interface ValidateViewInput {
  readonly mapping: { readonly file: string; readonly fingerprint: string | undefined };
  readonly template: { readonly id: number; readonly pubDate: string; readonly from: string };
  /** The inputs as the user named them, with their sizes and sha256 (hex), as a report's `run` line holds them. */
  readonly inputs: readonly { readonly file: string; readonly bytes: number; readonly sha256: string }[];
  readonly settings: readonly (readonly [string, string])[];
  readonly summary: ValidationSummary;
  /** The run was stopped by a signal. */
  readonly interrupted: boolean;
  /** The `TEMPLATE_CHANGED` warning's text, if any. */
  readonly templateChanged: string | undefined;
  /** The problems of the invalid rows, gathered while they passed. */
  readonly problems: ProblemCollector;
  /** The `--errors` file of the same run, if any: it holds every invalid row. */
  readonly errorsFile: string | undefined;
  readonly generatedAt: string;
  readonly toolVersion: string;
}

/**
 * The page of `validate --html OUT`: the counts of the tally (files, rows, records, valid, invalid),
 * the mapping, template and inputs checked, and every problem (the first `limit` the collector kept).
 * Pure.
 */
export function buildValidateView(input: ValidateViewInput): HtmlReportView {
  const s = input.summary;
  const counts: StatusCount[] = [
    { name: 'files', label: 'files', count: s.files, tone: 'plain' },
    { name: 'rows', label: 'rows', count: s.rows, tone: 'plain' },
    { name: 'records', label: 'records', count: s.records, tone: 'plain' },
    { name: 'valid', label: 'valid', count: s.valid, tone: 'good' },
    { name: 'invalid', label: 'invalid', count: s.invalid, tone: 'bad' },
    // Rows of no record (a workbook's table row whose 数据ID is on no root row): shown only when there are some.
    ...(s.stray > 0 ? [{ name: 'stray', label: 'rows of no record', count: s.stray, tone: 'bad' as const }] : []),
  ];
  const notices: string[] = [];
  if (input.interrupted) notices.push('interrupted: the rest of the input was not read');
  else if (s.stoppedBy !== undefined) notices.push(earlyStopText(s.stoppedBy));
  if (input.templateChanged !== undefined) notices.push(input.templateChanged);
  const allRowsHint =
    input.errorsFile === undefined
      ? `mge-ingest validate --mapping ${input.mapping.file} … --errors rows.csv`
      : `${input.errorsFile} (every invalid row, written by --errors in the same run)`;
  return {
    kind: 'validate',
    subject: input.mapping.file,
    generatedAt: input.generatedAt,
    toolVersion: input.toolVersion,
    counts,
    notices,
    runs: [
      {
        title: 'the mapping, template and inputs',
        startedAt: undefined,
        version: input.toolVersion,
        mapping: input.mapping,
        template: { id: input.template.id, fingerprint: input.template.pubDate, from: input.template.from },
        inputs: input.inputs.map((i) => ({ file: i.file, size: i.bytes, sha256: i.sha256 })),
        settings: input.settings,
        outcome: undefined,
      },
    ],
    problems: input.problems.view(allRowsHint),
    uncertain: undefined,
    changed: undefined,
    uploaded: undefined,
  };
}
