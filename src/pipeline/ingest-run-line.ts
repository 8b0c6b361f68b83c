import { randomUUID } from 'node:crypto';
import { describeInputs } from '../report/describe-inputs.js';
import type { ReportLineInput } from '../report/report-lines.js';
import type { Template } from '../template/template-types.js';
import type { PreparedInput } from './map-inputs.js';

/** What the `run` line of an ingest records. */
export interface IngestRunLineOptions {
  readonly version: string;
  readonly startedAt: number;
  /** Effective settings; the caller leaves the token out (it is never in a settings record). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The mapping file as the user named it, and the path it is read from. */
  readonly mappingFile: string;
  readonly mappingPath: string;
  readonly template: Template;
  readonly inputs: readonly PreparedInput[];
  /** @default false */
  readonly dryRun?: boolean;
}

/**
 * Builds the `run` line: version, settings, the mapping's sha256, the template's `pub_date` (it changes
 * on every edit) and every input with its size and sha256 (one streamed read each, no memory).
 */
export async function ingestRunLine(options: IngestRunLineOptions): Promise<ReportLineInput> {
  const [mapping] = await describeInputs([options.mappingPath]);
  const described = await describeInputs(options.inputs.map((input) => input.openPath));
  return {
    type: 'run',
    runId: randomUUID(),
    version: options.version,
    startedAt: new Date(options.startedAt).toISOString(),
    settings: options.settings,
    mapping: { file: options.mappingFile, fingerprint: mapping?.sha256 ?? '' },
    template: { id: options.template.id, fingerprint: options.template.pubDate },
    inputs: described.map((d, i) => ({ ...d, file: options.inputs[i]?.file ?? d.file })),
    ...(options.dryRun === true ? { dryRun: true } : {}),
  };
}
