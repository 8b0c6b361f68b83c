import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts } from '../helpers/write-zip.js';
import { tempDirSync } from '../helpers/temp-dir.js';
import { openXlsxRawSheet } from '../../src/sources/open-xlsx.js';
import { xlsxCellValue } from '../../src/sources/xlsx/xlsx-cell-value.js';
import { classifyNumberFormat, type NumberFormats } from '../../src/sources/xlsx/classify-number-format.js';
import * as XLSX from '@e965/xlsx';

const formats = XLSX.SSF as NumberFormats;
const context = { sharedStrings: ['zero', ''], date1904: false, formats };
const general = classifyNumberFormat(formats, 'General');

/** Open file descriptors of this process (Linux). */
function openFiles(): number {
  return readdirSync('/proc/self/fd').length;
}

test('closing a sheet read part-way releases its file at once, not at garbage collection', async () => {
  // Deflated at level 0, so the zip holds the sheet's ~900 KB as they are: far more than one 64 KiB
  // read, and the first batch leaves the file open (a well-compressed sheet is read whole at once).
  const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');
  const data = Buffer.concat([SHEET_HEAD, Buffer.from(rows), SHEET_TAIL]);
  const file = path.join(tempDirSync('mge-early-close-'), 'long.xlsx');
  const sheetPart = { name: 'sheet', deflated: { raw: deflateRawSync(data, { level: 0 }), size: data.length, crc: crc32(data) } };
  writeFileSync(file, writeZip(xlsxParts(sheetPart)));
  const before = openFiles();
  const sheet = await openXlsxRawSheet(file, 1);
  const batches = sheet.rows()[Symbol.asyncIterator]();
  expect((await batches.next()).done).toBe(false);
  expect(openFiles()).toBeGreaterThan(before);
  await sheet.close();
  // The stream's close is asynchronous: give it the turns it needs.
  for (let i = 0; i < 20 && openFiles() > before; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(openFiles()).toBe(before);
});

describe('cell values as ECMA-376 defines the types', () => {
  const cell = (type: string, v: string | undefined, more: { formula?: string; inline?: string; code?: string } = {}) =>
    xlsxCellValue(
      { type, v, inline: more.inline, formula: more.formula, format: more.code ? classifyNumberFormat(formats, more.code) : general },
      context,
    );

  test.each([
    ['an empty <v/> of a number is an empty cell', cell('n', ''), { value: null }],
    [
      'an empty <v/> under a formula is a formula without a result',
      cell('n', '', { formula: 'A1' }).issue?.code,
      'SOURCE_FORMULA_NO_RESULT',
    ],
    ['an empty text result is an empty cell', cell('str', '', { formula: '""' }), { value: null }],
    ['a shared string by index', cell('s', '0'), { value: 'zero' }],
    ['a shared string past the table is unreadable', cell('s', '7').issue?.code, 'SOURCE_UNREADABLE_CELL'],
    ['an empty shared string is an empty cell', cell('s', '1'), { value: null }],
    ['a text result is unescaped once', cell('str', '_x005F_x0041_ &lt;'), { value: '_x0041_ &lt;' }],
    ['a boolean written as a word', cell('b', 'true'), { value: true }],
    ['an error keeps its text', cell('e', '#N/A').issue, { code: 'SOURCE_ERROR_CELL', found: '#N/A' }],
    [
      'an ISO date cell rounds to the second',
      cell('d', '2014-02-14T08:27:48.765Z'),
      { value: { kind: 'date', iso: '2014-02-14T08:27:49' } },
    ],
    [
      'an ISO date at midnight under a date format is a date',
      cell('d', '2024-03-15T00:00:00', { code: 'yyyy-mm-dd' }),
      { value: { kind: 'date', iso: '2024-03-15' } },
    ],
    ['units escaped into the format keep a number', cell('n', '1.5', { code: '0.0\\ \\m\\m' }), { value: 1.5 }],
    ['a duration reads as the text it shows', cell('n', '1.5104166666666667', { code: '[h]:mm:ss' }), { value: '36:15:00' }],
    ['a negative date serial is SOURCE_BAD_DATE', cell('n', '-3', { code: 'yyyy-mm-dd' }).issue, { code: 'SOURCE_BAD_DATE', found: '-3' }],
    ['LibreOffice\u2019s boolean format', cell('n', '0', { code: '"TRUE";"TRUE";"FALSE"' }), { value: false }],
    ['a percent keeps its fraction and says so', cell('n', '0.075', { code: '0.0%' }), { value: 0.075, percent: true }],
  ])('%s', (_name, received, expected) => {
    // toMatchObject: a read cell may also say how its type was inferred (preview shows it).
    if (typeof expected === 'object') expect(received).toMatchObject(expected);
    else expect(received).toEqual(expected);
  });
});
