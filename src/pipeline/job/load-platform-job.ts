import { stat } from 'node:fs/promises';
import { compileMapping } from '../../mapping/compile/compile-mapping.js';
import { openXlsxBook } from '../../sources/open-xlsx-book.js';
import { identifyPlatformWorkbook } from '../../workbook/identify-platform-workbook.js';
import { joinPlatformWorkbook } from '../../workbook/read-platform-workbook.js';
import type { PreparedInput } from './prepare-inputs.js';
import { PipelineError } from '../pipeline-errors.js';
import { checkMappingText } from './check-mapping-text.js';
import { fetchTemplate } from './fetch-template.js';
import type { Job, LayoutJobOptions } from './job.js';
import { layoutInputPath, requireSource, warnColumns, workbookMappingName } from './layout-steps.js';

/**
 * `validate` and `ingest` of the platform's own workbook without a mapping file
 * (docs/platform-workbook.md#how-it-is-read): the sheets joined, the written mapping checked as a file is.
 * @throws PipelineError `WORKBOOK_NOT_PLATFORM`, `WORKBOOK_NO_TEMPLATE`, `WORKBOOK_META_MISSING`
 *   (exit 2); the errors of `checkMappingText` and of the workbook reader.
 */
export async function loadPlatformJob(options: LayoutJobOptions): Promise<Job> {
  const { file } = options;
  const openPath = layoutInputPath(options);
  requireSource(options);
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
  // The mapping written for the workbook always has a key (数据ID), so no missing key is warned of.
  const checked = await checkMappingText(workbook.mappingText, {
    ...options,
    mappingFile,
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const compiled = compileMapping(checked.prepared, workbook.header);
  const input: PreparedInput = {
    file,
    openPath,
    header: workbook.header,
    compiled,
    sourceOptions: {},
    bytes: (await stat(openPath)).size,
    open: (how) => workbook.open(how),
  };
  return { layout: 'platform', checked, inputs: [input], mappingText: workbook.mappingText };
}
