import { stat } from 'node:fs/promises';
import path from 'node:path';
import { compileMapping } from '../mapping/compile/compile-mapping.js';
import { openTable } from '../sources/open-table.js';
import { openXlsxBook } from '../sources/open-xlsx-book.js';
import type { SourceHeader } from '../sources/source-types.js';
import { FLAT_INDEX_HEADERS, flatLayoutMapping } from '../workbook/flat-layout-mapping.js';
import { identifyPlatformWorkbook } from '../workbook/identify-platform-workbook.js';
import { joinPlatformWorkbook } from '../workbook/read-platform-workbook.js';
import { sourceFlags } from '../workbook/workbook-meta-mapping.js';
import { loadJsonJob } from './load-json-job.js';
import { fetchTemplate } from './fetch-template.js';
import { loadJobFromText } from './load-job.js';
import { PipelineError } from './pipeline-errors.js';
import type { PreparedInput } from './map-inputs.js';
import type { InputLayout, LoadWorkbookJobOptions, WorkbookJob } from './workbook-job.js';

/** `<file> (platform layout)`: how messages name the mapping written for a workbook. */
export function workbookMappingName(file: string, layout: InputLayout = 'platform'): string {
  return `${file} (${layout} layout)`;
}

/**
 * `validate` and `ingest` of the platform's own workbook, with no mapping file
 * (docs/platform-workbook.md): identify it by its meta sheet and template-id cell, fetch that
 * template, join the sheets, and check the mapping written for the joined table as a mapping file is
 * checked. Warns of columns and fields that differ from the current template, and (through
 * `loadJob`) of a template changed since the workbook was made.
 * @throws PipelineError `WORKBOOK_NOT_PLATFORM`, `WORKBOOK_NO_TEMPLATE`, `WORKBOOK_META_MISSING`
 *   (exit 2); the errors of `loadJob` and of the workbook reader.
 */
export async function loadWorkbookJob(options: LoadWorkbookJobOptions): Promise<WorkbookJob> {
  const { file } = options;
  const openPath = options.cwd === undefined ? path.resolve(file) : path.resolve(options.cwd, file);
  const layout = options.layout ?? (/\.json$/i.test(file) ? 'json' : 'platform');
  requireSource(options);
  if (layout === 'flat') return loadFlatJob(options, openPath);
  if (layout === 'json') return loadJsonJob(options, openPath);
  if (!/\.xlsx$|\.xlsm$/i.test(file)) {
    throw new PipelineError('WORKBOOK_NOT_PLATFORM', "without --mapping the input must be the platform's workbook (.xlsx)", {
      location: { file },
      hint: 'give --mapping FILE for any other table',
    });
  }
  // Opened once for every sheet read, now and when the rows are: the shared strings are read once.
  const book = await openXlsxBook(openPath);
  const identity = await identifyPlatformWorkbook(book);
  if (identity === undefined) {
    throw new PipelineError(
      'WORKBOOK_NOT_PLATFORM',
      'the workbook has no meta sheet "元数据" (or "Data Info"): it is not the platform\'s workbook',
      {
        location: { file },
        hint: 'give --mapping FILE to read it as a table, or start from `mge-ingest init <tid> --workbook FILE.xlsx`',
      },
    );
  }
  const tid = options.tid ?? identity.tid;
  if (tid === undefined) {
    throw new PipelineError('WORKBOOK_NO_TEMPLATE', `the meta sheet "${identity.metaSheet}" holds no template-id cell`, {
      location: { file, sheet: identity.metaSheet },
      hint: 'give the template with --template TID',
    });
  }
  const { template } = await fetchTemplate(tid, options);
  const workbook = await joinPlatformWorkbook(book, identity, template, options.meta);
  const mappingFile = workbookMappingName(file);
  const lines = [
    ...workbook.unknownColumns.map((c) => `column ${c}: no such field in template ${tid} now; not read`),
    ...workbook.missingFields.map((f) => `field ${f}: no column in the workbook; left empty`),
    ...workbook.unsupported.map((f) => `field ${f}: a table or array inside an array element is not read from a workbook`),
  ];
  warnColumns(options, tid, lines);
  // The mapping written for the workbook always has a key (数据ID), so loadJob warns of no missing key.
  const job = await loadJobFromText(workbook.mappingText, {
    ...options,
    mappingFile,
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const compiled = compileMapping(job.prepared, workbook.header);
  const input: PreparedInput = {
    file,
    openPath,
    header: workbook.header,
    compiled,
    sourceOptions: {},
    bytes: (await stat(openPath)).size,
    open: (how) => workbook.open(how),
  };
  return { job, inputs: [input], mappingText: workbook.mappingText };
}

/** The records' source facts, which none of the platform's layouts holds: from flags, or exit 2 before anything is read. */
function requireSource(options: LoadWorkbookJobOptions): void {
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
function warnColumns(options: LoadWorkbookJobOptions, tid: number, lines: readonly string[]): void {
  if (lines.length > 0)
    options.onWarning?.({
      code: 'WORKBOOK_COLUMNS_CHANGED',
      file: options.file,
      lines,
      message: `${options.file} does not match template ${tid} as it is now (${lines.length} difference(s))`,
    });
}

/**
 * The platform's flat export (docs/platform-workbook.md → The flat export): one sheet or CSV, a record
 * per row, dotted headers with indices; the template from `--template`, the meta from flags.
 */
async function loadFlatJob(options: LoadWorkbookJobOptions, openPath: string): Promise<WorkbookJob> {
  const { file } = options;
  if (options.tid === undefined)
    throw new PipelineError('WORKBOOK_NO_TEMPLATE', 'the flat export does not name its template', {
      location: { file },
      hint: 'give the template with --template TID',
    });
  const missing = (['title', 'abstract', 'keywords'] as const).filter((k) => options.meta[k] === undefined).map((k) => `--${k}`);
  if (missing.length > 0) {
    throw new PipelineError('WORKBOOK_META_MISSING', `the flat export holds no record meta: give ${missing.join(', ')}`, {
      location: { file },
      hint: 'each may name cells as a text template, e.g. --title "{牌号} tensile test"; see docs/platform-workbook.md → The flat export',
    });
  }
  const { template } = await fetchTemplate(options.tid, options);
  const sourceOptions = { headerRow: 1 };
  const table = await openTable(openPath, sourceOptions);
  let header: SourceHeader;
  try {
    header = table.header;
  } finally {
    await table.close();
  }
  const flat = flatLayoutMapping(template.fields, header.names);
  const indexHeader = header.names.find((n) => (FLAT_INDEX_HEADERS as readonly string[]).includes(n.trim()));
  const mapping = {
    version: 1,
    template: template.id,
    input: sourceOptions,
    ...(indexHeader === undefined ? {} : { key: [indexHeader] }),
    meta: {
      title: options.meta.title,
      abstract: options.meta.abstract,
      keywords: options.meta.keywords,
      source: sourceFlags(options.meta),
    },
    content: flat.content,
  };
  warnColumns(
    options,
    template.id,
    flat.unknownColumns.map((c) => `column "${c}": no such field in template ${template.id} now; not read`),
  );
  const mappingText = `${JSON.stringify(mapping, null, 2)}\n`;
  const job = await loadJobFromText(mappingText, {
    ...options,
    mappingFile: workbookMappingName(file, 'flat'),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const compiled = compileMapping(job.prepared, header);
  return { job, inputs: [{ file, openPath, header, compiled, sourceOptions, bytes: (await stat(openPath)).size }], mappingText };
}
