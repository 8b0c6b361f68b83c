import { runExcelJs } from './run-exceljs.js';

/** One non-empty cell as exceljs reads it back (rich text as its plain text). */
export interface InspectedCell {
  readonly value: unknown;
  readonly numFmt: string | undefined;
  readonly formula: string | undefined;
  /** The solid fill's color, if any. */
  readonly fill: string | undefined;
  readonly note: string | undefined;
}

/** A sheet: its merged ranges, and its cells by address. */
export interface InspectedSheet {
  readonly merges: readonly string[];
  readonly cells: Readonly<Record<string, InspectedCell>>;
}

/** A workbook as read back: the sheets in order, each by name. */
export interface InspectedBook {
  readonly order: readonly string[];
  readonly sheets: Readonly<Record<string, InspectedSheet>>;
}

const INSPECT = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  const sheets = {};
  for (const s of book.worksheets) {
    const cells = {};
    s.eachRow((row) => row.eachCell((c) => {
      // A merged range's other cells repeat its first one: only the first is the curator's.
      if (c.isMerged && c.master !== c) return;
      const n = c.note;
      // Text written as an inline string (a streamed copy) reads back as rich text of one run: its text.
      const v = c.value;
      cells[c.address] = {
        value: v && typeof v === 'object' && Array.isArray(v.richText) ? v.richText.map((t) => t.text).join('') : v,
        numFmt: c.numFmt,
        formula: c.formula,
        fill: c.fill && c.fill.type === 'pattern' && c.fill.pattern === 'solid' ? c.fill.fgColor.argb : undefined,
        note: n === undefined ? undefined : typeof n === 'string' ? n : n.texts.map((t) => t.text).join(''),
      };
    }));
    sheets[s.name] = { merges: s.model.merges, cells };
  }
  console.log(JSON.stringify({ order: book.worksheets.map((s) => s.name), sheets }));`;

/** Every sheet, merge and non-empty cell (value, format, formula, fill, note) of an xlsx file. */
export function inspectWorkbook(file: string): InspectedBook {
  return runExcelJs<InspectedBook>(INSPECT, file);
}
