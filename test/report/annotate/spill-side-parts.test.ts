import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { spillSideParts } from '../../../src/report/annotate/spill-side-parts.js';
import { loadExcelJs } from '../../../src/sources/load-exceljs.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

/** The parts of exceljs' streaming writer this test uses. */
interface Cell {
  value: unknown;
  note: unknown;
}
interface Sheet {
  getRow(n: number): { getCell(column: number): Cell; commit(): void };
  commit(): void;
}
interface Book {
  addWorksheet(name: string): Sheet;
  commit(): Promise<unknown>;
}

/** A streamed workbook of two sheets: links on the first, a note on each row of the second; its side parts spilled to `dirs`. */
async function writeBook(file: string, dirs: readonly string[], rows: number): Promise<void> {
  const stream = createWriteStream(file);
  await once(stream, 'open');
  const book = new (loadExcelJs().stream.xlsx.WorkbookWriter)({ stream, useStyles: true }) as unknown as Book;
  const parts = spillSideParts(book, dirs);
  try {
    const links = book.addWorksheet('links');
    for (let r = 1; r <= rows; r++) {
      const row = links.getRow(r);
      row.getCell(1).value = { text: `data!B${r}`, hyperlink: `#'data'!B${r}` };
      row.commit();
    }
    links.commit();
    const data = book.addWorksheet('data');
    for (let r = 1; r <= rows; r++) {
      const row = data.getRow(r);
      row.getCell(1).value = r;
      row.getCell(2).value = `value ${r}`;
      row.getCell(2).note = `note of row ${r}: ${'x'.repeat(r % 50)}`;
      row.commit();
      parts.check();
    }
    data.commit();
    await Promise.race([book.commit(), parts.failed]);
  } finally {
    parts.close();
  }
}

/** The workbook read back: every note and every link, by cell. */
async function readBook(file: string): Promise<{ notes: string[]; links: string[] }> {
  const book = new (loadExcelJs().Workbook)();
  await book.xlsx.readFile(file);
  const notes: string[] = [];
  book.getWorksheet('data')?.eachRow((row) => {
    const note = row.getCell(2).note;
    notes.push(typeof note === 'string' ? note : (note?.texts ?? []).map((t) => t.text).join(''));
  });
  const links: string[] = [];
  book.getWorksheet('links')?.eachRow((row) => links.push((row.getCell(1).value as { hyperlink: string }).hyperlink));
  return { notes, links };
}

describe('spillSideParts', () => {
  const rows = 3000;
  const expected = {
    notes: Array.from({ length: rows }, (_v, i) => `note of row ${i + 1}: ${'x'.repeat((i + 1) % 50)}`),
    links: Array.from({ length: rows }, (_v, i) => `#'data'!B${i + 1}`),
  };

  test('the notes and links, written to a file as they are made, are all in the workbook, in order', async () => {
    const dir = await makeTempDir('mge-spill-parts-');
    const file = path.join(dir, 'book.xlsx');
    await writeBook(file, [dir], rows);
    expect(await readBook(file)).toEqual(expected);
  });

  test('with no folder to write to, they are held in memory and come out the same', async () => {
    const dir = await makeTempDir('mge-spill-parts-');
    const file = path.join(dir, 'book.xlsx');
    await writeBook(file, [path.join(dir, 'no such folder')], rows);
    expect(await readBook(file)).toEqual(expected);
  });
});
