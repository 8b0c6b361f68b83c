/**
 * How to read one input table. Filled from a mapping file's `input:` section and from flags; every
 * member is optional and has a documented default.
 */
export interface SourceOptions {
  /** Workbook sheet by name or 1-based index. @default 1 (the first sheet) */
  readonly sheet?: string | number;
  /**
   * 1-based row of the (last) header row. Absent: the first row with two or more filled cells among the
   * first 20 non-blank rows (title rows hold one), else the first non-blank one, `headerRows - 1` rows
   * further with `headerRows`; a one-name header under title rows needs this set.
   * @default detected (`SourceHeader.detected`)
   */
  readonly headerRow?: number;
  /**
   * How many rows make the header, ending at `headerRow` (e.g. 2 for a group title over a unit row);
   * their texts are joined with " / " per column, merged cells applying across their span. @default 1
   */
  readonly headerRows?: number;
  /** 1-based first data row. @default headerRow + 1 */
  readonly dataStartRow?: number;
  /** 1-based rows to skip (notes, unit rows below the header). @default [] */
  readonly skipRows?: readonly number[];
  /**
   * Text encoding of CSV/TSV. `auto`: BOM, then UTF-8 validity, else gb18030 when the bytes read
   * plausibly as GB18030 (else `SOURCE_ENCODING_UNCERTAIN`), checked on past the sample. @default 'auto'
   */
  readonly encoding?: 'auto' | 'utf8' | 'utf16le' | 'gb18030';
  /** CSV delimiter; `auto` sniffs among `,` `\t` `;` `|`. @default 'auto' */
  readonly delimiter?: 'auto' | ',' | '\t' | ';' | '|';
}
