import type { XlsxBook } from '../sources/open-xlsx.js';
import { openFirstSheet } from './open-workbook-sheet.js';
import { CATALOG_SHEET_NAMES } from './platform-layout.js';
import { idText, readAll } from './workbook-cells.js';

/**
 * The platform workbook's catalog sheet: numbered sheet name → the dotted path of the field it holds
 * (its second column, `'<dotted path>'的内容`, as `init --workbook` writes it). Empty when the
 * workbook has no catalog; the sheet numbers of the current layout are used then.
 */
export async function readCatalogPaths(book: XlsxBook): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const catalog = await openFirstSheet(book, CATALOG_SHEET_NAMES);
  if (catalog === undefined) return paths;
  for (const row of await readAll(catalog)) {
    const name = idText(row.values[0] ?? null);
    const m = /^'(.+)'的内容$/.exec(idText(row.values[1] ?? null));
    if (name !== '' && m !== null) paths.set(name, m[1]!);
  }
  return paths;
}
