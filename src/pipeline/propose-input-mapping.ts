import { proposeMapping } from '../mapping/header-match/propose-mapping.js';
import type { MappingProposal } from '../mapping/header-match/proposal-types.js';
import { openTable } from '../sources/open-table.js';
import type { SourceOptions } from '../sources/source-options.js';
import type { CellValue, SourceHeader } from '../sources/source-types.js';
import type { Template } from '../template/template-types.js';

/** Options of {@link proposeInputMapping}. */
export interface ProposeInputOptions {
  /** How to read the input (sheet, header rows). @default {} */
  readonly source?: SourceOptions;
  /** Rows read for the proposal: enough to see a column's values, never the whole of a large file. @default 1000 */
  readonly sampleRows?: number;
}

/** A file's header and what the matcher proposes for it. */
export interface InputProposal {
  readonly header: SourceHeader;
  readonly proposal: MappingProposal;
}

/**
 * Opens an input, reads its header and its first rows (a bounded sample) and proposes a mapping of
 * it to the template (`proposeMapping`): what `init --input` writes.
 */
export async function proposeInputMapping(file: string, template: Template, options: ProposeInputOptions = {}): Promise<InputProposal> {
  const limit = options.sampleRows ?? 1000;
  const table = await openTable(file, options.source ?? {});
  try {
    const rows: (readonly CellValue[])[] = [];
    if (limit > 0) {
      for await (const row of table.rows()) {
        rows.push(row.values);
        if (rows.length >= limit) break;
      }
    }
    return { header: table.header, proposal: proposeMapping(template, { names: table.header.names, rows }) };
  } finally {
    await table.close();
  }
}
