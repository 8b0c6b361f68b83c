import { randomUUID } from 'node:crypto';
import { describeInputs } from '../report/describe-inputs.js';
import { createFieldDigester, recordFieldNames } from '../report/record-field-digests.js';
import type { AcceptedChange, ReportLineInput } from '../report/report-lines.js';
import type { Template } from '../template/template-types.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { RunFingerprints } from './run-fingerprints.js';

/** What the `run` line of an ingest records. */
export interface IngestRunLineOptions {
  readonly version: string;
  readonly startedAt: number;
  /** Effective settings; the caller leaves the token out (it is never in a settings record). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The mapping file as the user named it, and its sha256. */
  readonly mappingFile: string;
  readonly mappingSha256: string;
  readonly template: Template;
  /** The parsed mapping's parts and the template fields it fills. */
  readonly fingerprints: RunFingerprints;
  readonly inputs: readonly PreparedInput[];
  /** @default false */
  readonly dryRun?: boolean;
  /** A change of mapping or template the run was told to accept. */
  readonly accepted?: AcceptedChange;
}

/** sha256 of the mapping file, as the `run` line records it (one streamed read). */
export async function mappingSha256(mappingPath: string): Promise<string> {
  const [mapping] = await describeInputs([mappingPath]);
  return mapping?.sha256 ?? '';
}

/** The columns a number field of the input's mapping reads as they are, for `report --annotate`. */
function numberColumns(input: PreparedInput | undefined): { numberColumns?: number[] } {
  const columns = [...(input?.compiled.numberColumns ?? [])].sort((a, b) => a - b);
  return columns.length === 0 ? {} : { numberColumns: columns };
}

/**
 * Builds the `run` line: version, settings, the mapping's sha256 and parts, the template's `pub_date`
 * (it changes on every edit) and fields, and every input with its size and sha256 (one streamed read
 * each, no memory) and the columns read as numbers, and the record parts its lines digest.
 */
export async function ingestRunLine(options: IngestRunLineOptions): Promise<ReportLineInput> {
  const described = await describeInputs(options.inputs.map((input) => input.openPath));
  return {
    type: 'run',
    runId: randomUUID(),
    version: options.version,
    startedAt: new Date(options.startedAt).toISOString(),
    settings: options.settings,
    mapping: { file: options.mappingFile, fingerprint: options.mappingSha256, parts: options.fingerprints.mapping },
    template: { id: options.template.id, fingerprint: options.template.pubDate, fields: options.fingerprints.templateFields },
    inputs: described.map((d, i) => ({ ...d, file: options.inputs[i]?.file ?? d.file, ...numberColumns(options.inputs[i]) })),
    ...(options.dryRun === true ? { dryRun: true } : {}),
    ...(options.accepted !== undefined ? { accepted: options.accepted } : {}),
    recordFields: recordFieldNames(Object.keys(options.fingerprints.templateFields)),
  };
}

/** The part digests of a run's records, for its `uploaded` and `changed` lines, as its `run` line names the parts. */
export function runFieldDigester(fingerprints: RunFingerprints): (body: string) => string | undefined {
  return createFieldDigester(recordFieldNames(Object.keys(fingerprints.templateFields)));
}
