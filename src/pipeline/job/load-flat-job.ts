import { stat } from 'node:fs/promises';
import { compileMapping } from '../../mapping/compile/compile-mapping.js';
import { openTable } from '../../sources/open-table.js';
import type { SourceHeader } from '../../sources/source-types.js';
import { FLAT_INDEX_HEADERS, flatLayoutMapping } from '../../workbook/flat-layout-mapping.js';
import { sourceFlags } from '../../workbook/workbook-meta-mapping.js';
import { PipelineError } from '../pipeline-errors.js';
import { checkMappingText } from './check-mapping-text.js';
import { fetchTemplate } from './fetch-template.js';
import type { Job, LayoutJobOptions } from './job.js';
import { layoutInputPath, requireSource, warnColumns, workbookMappingName } from './layout-steps.js';

/**
 * The platform's flat export (docs/platform-workbook.md → The flat export): one sheet or CSV, a record
 * per row, dotted headers with indices; the template from `--template`, the meta from flags.
 */
export async function loadFlatJob(options: LayoutJobOptions): Promise<Job> {
  const { file } = options;
  const openPath = layoutInputPath(options);
  requireSource(options);
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
  const checked = await checkMappingText(mappingText, {
    ...options,
    mappingFile: workbookMappingName(file, 'flat'),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const compiled = compileMapping(checked.prepared, header);
  const input = { file, openPath, header, compiled, sourceOptions, bytes: (await stat(openPath)).size };
  return { layout: 'flat', checked, inputs: [input], mappingText };
}
