import type { CompiledMapping } from '../mapping/compile/compile-mapping.js';
import { groupRows } from '../mapping/rows/group-rows.js';
import type { MappedRow } from '../mapping/rows/mapped-row.js';
import { groupMapper } from '../mapping/rows/to-mapped-rows.js';
import { openTable } from '../sources/open-table.js';
import type { SourceRow } from '../sources/source-types.js';
import type { PlatformRecord, RowLocation, RowProblem } from '../template/record-types.js';
import type { TemplateSource } from './job/fetch-template.js';
import { loadJob, type LoadJobOptions } from './job/load-job.js';
import { guardDuplicateKeys } from './stages/guard-duplicate-keys.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import type { OnWarning } from './pipeline-warning.js';
import { previewValues, statedUnits, type PreviewValue } from './preview-values.js';
import { FormatTypedCells, type FormatTypedColumn } from './format-typed-cells.js';

/** Options of {@link runPreview}: those of `validate`'s loading, and how many records to show. */
export interface RunPreviewOptions extends LoadJobOptions {
  /** Records to map and show, from the start of the first input. */
  readonly rows: number;
}

/** One record as `ingest` would send it, with where each value came from. */
export interface PreviewRecord {
  /** The record's first row. */
  readonly location: RowLocation;
  /** Every source row of the record (several with `groupBy`). */
  readonly rowNumbers: readonly number[];
  /** The key `ingest` files it under (the mapping's `key` columns, else the record hash). */
  readonly key: string;
  /**
   * The record as POSTed (its canonical JSON, parsed back); for an invalid one, what could be built,
   * which is never sent.
   */
  readonly record: PlatformRecord;
  /** The body of the POST, byte for byte; undefined for an invalid record (not sent). */
  readonly body: string | undefined;
  readonly values: readonly PreviewValue[];
  /** Empty: the record is valid and would be uploaded. */
  readonly problems: readonly RowProblem[];
}

/** What `preview` found: facts; the CLI draws them as a tree or prints them as JSON. */
export interface PreviewResult {
  readonly mapping: string;
  readonly template: { readonly id: number; readonly title: string; readonly pubDate: string; readonly from: 'platform' | 'file' };
  readonly records: readonly PreviewRecord[];
  /**
   * The cells of the records shown whose type the reader took from their number format (a workbook's
   * date, percent, duration or boolean format), a few per column and kind: what each held and became.
   */
  readonly typedCells: readonly FormatTypedColumn[];
  /** The inputs hold more records than were shown. */
  readonly more: boolean;
  /** The inputs held no table file. */
  readonly nothingToDo: boolean;
}

/** The record groups of one input, as `mapInputs` reads them (one row each, or `groupBy` groups). */
async function* groupsOf(input: PreparedInput): AsyncIterable<SourceRow[]> {
  // A joined workbook reads its other sheets only as far as the first records need.
  const table =
    input.open === undefined ? await openTable(input.openPath, input.sourceOptions) : await input.open({ firstRecordsOnly: true });
  try {
    for await (const rows of groupRows(table.rows(), input.compiled.groupColumns)) yield rows;
  } finally {
    await table.close();
  }
}

/** A record as the stage judged it, with the rows and compiled mapping it came from (for the trace). */
interface Judged {
  readonly rows: readonly SourceRow[];
  readonly compiled: CompiledMapping;
  /** The record before the duplicate-key guard (its own key, not the report key of a duplicate). */
  readonly mapped: MappedRow;
}

/**
 * The inputs' records mapped, validated and guarded as `validate` does, so each verdict is the one
 * `validate` gives (a duplicate is always of an earlier record, however far either reads).
 */
async function* judgedRecords(inputs: readonly PreparedInput[]): AsyncIterable<{ judged: Judged; row: MappedRow }> {
  const pending: Judged[] = [];
  async function* mapped(): AsyncIterable<MappedRow> {
    for (const input of inputs) {
      const map = groupMapper(input.compiled);
      for await (const rows of groupsOf(input)) {
        const row = map(rows);
        // Rows of no record are not shown as one; validate reports them.
        if (row.stray === true) continue;
        pending.push({ rows, compiled: input.compiled, mapped: row });
        yield row;
      }
    }
  }
  const identicalOk = inputs[0]?.compiled.spec.duplicates === 'identical-ok';
  for await (const row of guardDuplicateKeys(mapped(), undefined, { identicalOk })) yield { judged: pending.shift()!, row };
}

/**
 * The `preview` pipeline: the first `rows` records judged exactly as `validate` judges them, each mapped
 * once more with the cell trace. Reads one record past what it shows; uploads nothing.
 * @throws mapping, template and input errors (exit 2).
 */
export async function runPreview(
  options: RunPreviewOptions,
  deps: { readonly template: TemplateSource; readonly onWarning?: OnWarning },
): Promise<PreviewResult> {
  const { checked: job, inputs } = await loadJob(options, deps);
  const template = { id: job.template.id, title: job.template.title, pubDate: job.template.pubDate, from: job.templateFrom };
  const stated = statedUnits([job.prepared.check.content, job.prepared.check.meta]);
  const records: PreviewRecord[] = [];
  const typed = new FormatTypedCells();
  let more = false;
  for await (const { judged, row: mapped } of judgedRecords(inputs)) {
    if (records.length >= options.rows) {
      more = true;
      break;
    }
    const { rows, compiled } = judged;
    for (const row of rows) typed.add(row);
    const traced = compiled.mapRows(rows, true);
    const body = mapped.problems.length === 0 ? mapped.body : undefined;
    const record = body === undefined ? traced.partial : (JSON.parse(body) as PlatformRecord);
    records.push({
      location: mapped.location,
      rowNumbers: mapped.rowNumbers,
      key: judged.mapped.key,
      record,
      body,
      values: previewValues(record, traced.trace, job.template, stated),
      problems: mapped.problems,
    });
  }
  return { mapping: job.mappingFile, template, records, typedCells: typed.columns(), more, nothingToDo: inputs.length === 0 };
}
