import type { CellValue, SourceRow, TableSource } from '../sources/source-types.js';

/** Cell texts the platform's filling template uses as placeholders: an empty cell (docs/platform-workbook.md, Cells). */
const PLACEHOLDERS = ['在这里填写', '从下拉列表中选择', '在下方填写', '此处填写'];

function isEmpty(v: CellValue): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * Whether a row holds a value in a column read as a field: cells under no header or an unknown one
 * (the platform's hidden drop-down lists, a curator's side notes) do not make a row a record.
 */
export function holdsData(row: SourceRow, feeds: ReadonlyMap<number, number>): boolean {
  for (const i of feeds.keys()) if (!isEmpty(clean(row.values[i] ?? null))) return true;
  return false;
}

/** A cell holding one of the platform's placeholder texts is empty. */
export function clean(v: CellValue): CellValue {
  return typeof v === 'string' && PLACEHOLDERS.some((p) => v.includes(p)) ? null : v;
}

/** A `数据ID` cell as text, trimmed; empty for an empty cell. */
export function idText(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'object') return v.iso;
  return String(v).trim();
}

/** Every row of a sheet, the sheet closed after (the workbook limits bound what is held). */
export async function readAll(table: TableSource): Promise<SourceRow[]> {
  const out: SourceRow[] = [];
  try {
    for await (const row of table.rows()) out.push(row);
  } finally {
    await table.close();
  }
  return out;
}

/** The header of a sheet's `数据ID` column, as the platform writes it in either language. */
export function isDataIdHeader(text: string): boolean {
  return /^(数据 ?ID|Data ID)$/i.test(text);
}
