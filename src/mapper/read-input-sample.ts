import { openTable } from '../sources/open-table.js';
import type { SourceOptions } from '../sources/source-options.js';
import type { CellValue } from '../sources/source-types.js';

/** An input's header and its first rows: what the pickers and `init`'s proposals are made from. */
export interface InputSample {
  readonly names: readonly string[];
  readonly rows: readonly (readonly CellValue[])[];
}

/** Reads the header and the first `limit` rows of an input (never more, whatever its size), as `init --input` does. */
export async function readInputSample(file: string, source: SourceOptions, limit = 1000): Promise<InputSample> {
  const table = await openTable(file, source);
  try {
    const rows: (readonly CellValue[])[] = [];
    for await (const row of table.rows()) {
      if (rows.length >= limit) break;
      rows.push(row.values);
    }
    return { names: table.header.names, rows };
  } finally {
    await table.close();
  }
}
