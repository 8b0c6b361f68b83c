import { checkWorkbookFile } from '../../../src/sources/check-workbook-file.js';
import { inflateZipEntry } from '../../../src/sources/inflate-zip-entry.js';
import { loadExcelJs } from '../../../src/sources/load-exceljs.js';
import type { CaseRun, HostileCase } from '../hostile-case.js';
import { STEEL_HEADER, validate, write } from '../case-inputs.js';

/** Problems a copy marks and lists (README → Limits): the first ones, in row order. */
const MARKED = 10_000;

/** Number cells of the steel sample's header (all but the row number and the formula): each one's `x` is a problem. */
const NUMBER_CELLS = STEEL_HEADER.split(',').length - 2;

/** Rows whose every number cell is text: a few rows more than the problems the copy marks. */
const ROWS = Math.ceil(MARKED / NUMBER_CELLS) + 15;

/** A cell's text, a rich text's runs joined. */
const textOf = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('') : v;

/**
 * The copy read back: the Problems sheet's summary and the problems it lists (exceljs' streaming
 * reader), and the rows of the notes (the notes' own part: reading 10,000 notes into exceljs' document
 * model took seconds).
 */
async function readCopy(r: CaseRun): Promise<{ summary: Record<string, unknown>; listed: number; notedRows: number[] }> {
  const file = r.at('checked.xlsx');
  const reader = new (loadExcelJs().stream.xlsx.WorkbookReader)(file, { worksheets: 'emit', hyperlinks: 'ignore', styles: 'ignore' });
  const summary: Record<string, unknown> = {};
  let listed = -1;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const label = textOf(row.getCell(1).value);
      if (listed >= 0) listed += 1;
      else if (label === 'cell') listed = 0;
      else summary[String(label)] = textOf(row.getCell(2).value);
    }
    // The Problems sheet comes first.
    break;
  }
  let notes = '';
  for (const entry of (await checkWorkbookFile(file)).filter((e) => /^xl\/comments\d+\.xml$/.test(e.name)))
    for await (const chunk of await inflateZipEntry(file, entry)) notes += String(chunk);
  return { summary, listed, notedRows: [...notes.matchAll(/<comment ref="[A-Z]+(\d+)"/g)].map((m) => Number(m[1])) };
}

/** The annotated copy of an input with more problems than a copy marks. */
export const ANNOTATION_CASES: readonly HostileCase[] = [
  {
    name: `bounds: validate --annotate of ${ROWS * NUMBER_CELLS} problems marks the first ${MARKED}, says how many are not, in a 64 MiB heap`,
    make: (c) => {
      const lines = [STEEL_HEADER];
      for (let i = 0; i < ROWS; i++) lines.push([i, `Fe${i}`, ...Array.from({ length: NUMBER_CELLS }, () => 'x')].join(','));
      write(c, 'input.csv', `${lines.join('\n')}\n`);
    },
    args: () => validate('input.csv', '--annotate', 'checked.xlsx', '--quiet'),
    // The problems held for the copy and their notes and links are bounded, not the heap's default.
    env: () => ({ NODE_OPTIONS: '--max-old-space-size=64' }),
    exit: 1,
    writes: ['checked.xlsx'],
    check: async (r) => {
      const copy = await readCopy(r);
      const found = ROWS * NUMBER_CELLS;
      expect(copy.summary['problems']).toBe(found);
      const [marked, rest] = [MARKED, found - MARKED].map((n) => n.toLocaleString('en-US'));
      expect(copy.summary['marked']).toBe(
        `the first ${marked}: a copy marks and lists at most ${marked} problems; the other ${rest} are not marked here`,
      );
      expect({ listed: copy.listed, notes: copy.notedRows.length }).toEqual({ listed: MARKED, notes: MARKED });
      // The first problems in row order (every cell of a row has its own note): the rows after them carry none.
      const lastMarked = 1 + Math.ceil(MARKED / NUMBER_CELLS);
      expect({ last: Math.max(...copy.notedRows), rows: new Set(copy.notedRows).size }).toEqual({ last: lastMarked, rows: lastMarked - 1 });
    },
  },
];
