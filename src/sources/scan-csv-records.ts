const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Longest record the scan reads, in characters (UTF-16 code units): 1 Mi, at most 3 MiB of UTF-8,
 * under csv-parse's bound (`MAX_CSV_RECORD_BYTES`, 4 MiB), so the scan never reads a record csv-parse
 * would refuse. A longer one is left to csv-parse.
 */
export const SCAN_MAX_RECORD_CHARS = 1024 * 1024;

/** Where {@link scanCsvRecords} stopped. */
export interface CsvScanStop {
  /** Index of the first character of `text` not read: the start of the record it stopped at. */
  readonly end: number;
  /**
   * `more`: the record at `end` may go on past the text; `csv-parse`: it has a form left to csv-parse
   * (text after a closing quote, an unclosed quote at the end, past {@link SCAN_MAX_RECORD_CHARS}).
   */
  readonly next: 'more' | 'csv-parse';
}

/**
 * Reads the complete records at the start of `text` into `out` exactly as csv-parse would with
 * `csvRecords`' options, and leaves to csv-parse whatever needs more rules ({@link CsvScanStop}).
 * `delimiter` is a character code; with `final` the text's end ends its last record. Some four times
 * faster than csv-parse (docs/toolchain.md#csv); the tests compare both on random texts.
 */
export function scanCsvRecords(text: string, delimiter: number, final: boolean, out: string[][]): CsvScanStop {
  const n = text.length;
  let at = 0;
  for (;;) {
    if (at >= n) return { end: at, next: 'more' };
    const start = at;
    const fields: string[] = [];
    let i = at;
    for (;;) {
      let c: number;
      if (i < n && text.charCodeAt(i) === QUOTE) {
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) return { end: start, next: final ? 'csv-parse' : 'more' };
          if (q + 1 < n && text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
        fields.push(value);
        if (i >= n) {
          if (!final) return { end: start, next: 'more' };
          if (n - start > SCAN_MAX_RECORD_CHARS) return { end: start, next: 'csv-parse' };
          out.push(fields);
          return { end: n, next: 'more' };
        }
        c = text.charCodeAt(i);
        if (c !== delimiter && c !== LF && c !== CR) return { end: start, next: 'csv-parse' };
      } else {
        let j = i;
        c = -1;
        while (j < n) {
          c = text.charCodeAt(j);
          if (c === delimiter || c === LF || c === CR) break;
          j++;
        }
        if (j >= n) {
          if (!final) return { end: start, next: 'more' };
          if (n - start > SCAN_MAX_RECORD_CHARS) return { end: start, next: 'csv-parse' };
          fields.push(text.slice(i, j));
          out.push(fields);
          return { end: n, next: 'more' };
        }
        fields.push(text.slice(i, j));
        i = j;
      }
      if (c === delimiter) {
        i++;
        continue;
      }
      // A line ending: CR LF, LF or CR alone. A CR at the text's end may be the first half of a CR LF.
      if (c === CR) {
        if (i + 1 >= n && !final) return { end: start, next: 'more' };
        i += i + 1 < n && text.charCodeAt(i + 1) === LF ? 2 : 1;
      } else i++;
      if (i - start > SCAN_MAX_RECORD_CHARS) return { end: start, next: 'csv-parse' };
      out.push(fields);
      at = i;
      break;
    }
  }
}
