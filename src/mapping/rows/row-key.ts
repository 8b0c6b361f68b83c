import type { CellValue, SourceRow } from '../../sources/source-types.js';

/**
 * The place of `$row` among key columns (`key: $row`): the row's position, its file, sheet and row
 * number, for data with no natural key (docs/mapping.md → key).
 */
export const ROW_POSITION = -2;

/** The name a mapping writes for {@link ROW_POSITION}. */
export const ROW_POSITION_NAME = '$row';

/** The row's position as key texts: file (with `/` separators), sheet, row number. */
function positionTexts(row: Pick<SourceRow, 'header' | 'rowNumber'> | undefined): string[] {
  if (row === undefined) return ['', '', ''];
  return [row.header.file.replaceAll('\\', '/'), row.header.sheet ?? '', String(row.rowNumber)];
}

/**
 * The identity of a row across runs from its `key` columns: the values as a JSON array of texts
 * (`["GH4169","650"]`), which no separator inside a value can confuse. Without key columns, the hash.
 * {@link ROW_POSITION} stands for the row's file, sheet and row number (three texts); `row` gives them.
 */
export function rowKey(
  values: readonly CellValue[],
  keyColumns: readonly number[],
  hash: string,
  row?: Pick<SourceRow, 'header' | 'rowNumber'>,
): string {
  if (keyColumns.length === 0) return hash;
  // `JSON.stringify` of the texts, written out: a resume computes the key of every row, and the array
  // and the general serializer were a twentieth of its main thread.
  let out = '[';
  for (const i of keyColumns) {
    if (i === ROW_POSITION) {
      for (const text of positionTexts(row)) out += out.length === 1 ? jsonString(text) : `,${jsonString(text)}`;
      continue;
    }
    const v = values[i] ?? null;
    const text = v === null ? '' : typeof v === 'object' ? v.iso : String(v).trim();
    out += out.length === 1 ? jsonString(text) : `,${jsonString(text)}`;
  }
  return `${out}]`;
}

/**
 * `JSON.stringify(text)`: quoted as it is when no character needs an escape (a control character, a
 * quote, a backslash or a UTF-16 surrogate, which JSON.stringify writes as `\u` when unpaired), else by
 * JSON.stringify itself.
 */
function jsonString(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}
