import type { SourceHeader, SourceIssue, CellValue } from './source-types.js';
import type { MergeRange } from './raw-row.js';
import { cellText } from './cell-text.js';
import { columnLetter } from './column-letter.js';
import { sourceError } from './source-error.js';

/** What the header rows of one table say. */
export interface HeaderInput {
  readonly file: string;
  readonly sheet: string | undefined;
  /** 1-based number of the last header row. */
  readonly headerRow: number;
  /** Cells of each header row, top to bottom (an absent row is `[]`). */
  readonly rows: readonly (readonly CellValue[])[];
  /**
   * Merged ranges of the sheet when the reader knows them; `undefined` when it does not (a reader
   * that failed to read them), in which case an upper header row's title is carried rightwards across its empty
   * cells, which is what a merged group title means in a header.
   */
  readonly merges: readonly MergeRange[] | undefined;
}

/** A header plus the 0-based column where the table starts. */
export interface BuiltHeader {
  readonly header: SourceHeader;
  /** 0-based column of the first header column. */
  readonly offset: number;
}

/**
 * Joins the header rows into one name per column (`upper / lower`, empty parts skipped), trims
 * trailing columns whose name is empty, records empty names inside the table as
 * `SOURCE_EMPTY_HEADER` issues on the header, and rejects duplicate names.
 * @throws MgeError `SOURCE_DUPLICATE_HEADER` naming every column letter of each duplicate.
 */
export function buildHeader(input: HeaderInput): BuiltHeader {
  const { rows, headerRow } = input;
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const firstRow = headerRow - rows.length + 1;
  const texts = rows.map((row) => {
    const out: string[] = [];
    for (let c = 0; c < width; c++) out.push(cellText(row[c]));
    return out;
  });
  if (input.merges) applyMerges(texts, input.merges, firstRow);
  else carryGroupTitles(texts);

  const joined: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (const row of texts) {
      const part = row[c] ?? '';
      if (part !== '' && parts[parts.length - 1] !== part) parts.push(part);
    }
    joined.push(parts.join(' / '));
  }
  // Leading unnamed columns stay (a spreadsheet program's index column holds data); trailing ones go.
  const start = 0;
  let end = joined.length;
  while (end > start && joined[end - 1] === '') end--;

  const names = joined.slice(start, end);
  const columns = names.map((_, i) => columnLetter(start + i));
  const issues: SourceIssue[] = [];
  const seen = new Map<string, number[]>();
  names.forEach((name, i) => {
    if (name === '') {
      issues.push({
        code: 'SOURCE_EMPTY_HEADER',
        message: `column ${columns[i]} has no header name; its values can only be reached by position`,
        columnIndex: i,
        found: undefined,
      });
      return;
    }
    const at = seen.get(name);
    if (at) at.push(i);
    else seen.set(name, [i]);
  });
  const duplicates = [...seen].filter(([, at]) => at.length > 1);
  if (duplicates.length > 0) {
    const list = duplicates.map(([name, at]) => `"${name}" in ${at.map((i) => columns[i]).join(', ')}`);
    const [firstName, firstAt] = duplicates[0]!;
    throw sourceError(
      'SOURCE_DUPLICATE_HEADER',
      `duplicate header names: ${list.join('; ')}`,
      {
        file: input.file,
        ...(input.sheet === undefined ? {} : { sheet: input.sheet }),
        row: headerRow,
        column: columns[firstAt[1]!]!,
        header: firstName,
        ...(input.sheet === undefined ? {} : { cell: `${columns[firstAt[1]!]!}${headerRow}` }),
      },
      'rename the columns so every header is unique (e.g. add the unit or a number)',
    );
  }
  const header: SourceHeader = {
    file: input.file,
    sheet: input.sheet,
    row: headerRow,
    names,
    columns,
    ...(issues.length > 0 ? { issues } : {}),
  };
  return { header, offset: start };
}

/** Copies each merge's top-left text across the merge's span within the header rows. */
function applyMerges(texts: string[][], merges: readonly MergeRange[], firstRow: number): void {
  for (const m of merges) {
    const value = texts[m.top + 1 - firstRow]?.[m.left];
    if (value === undefined || value === '') continue;
    for (let r = Math.max(m.top + 1 - firstRow, 0); r <= Math.min(m.bottom + 1 - firstRow, texts.length - 1); r++) {
      const row = texts[r]!;
      for (let c = m.left; c <= m.right && c < row.length; c++) row[c] = value;
    }
  }
}

/**
 * Without merge ranges: an upper header row's title covers the empty cells to its right, up to the
 * next title or the end of the table (the last column with any header text).
 */
function carryGroupTitles(texts: string[][]): void {
  const last = texts[texts.length - 1];
  if (!last) return;
  for (let r = 0; r < texts.length - 1; r++) {
    const row = texts[r]!;
    let carry = '';
    for (let c = 0; c < row.length; c++) {
      if (row[c] !== '') carry = row[c]!;
      else if (carry !== '' && last[c] !== '') row[c] = carry;
      else carry = '';
    }
  }
}
