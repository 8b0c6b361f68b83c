import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { excelSerialDate } from '../../src/sources/excel-serial-date.js';
import { openTable } from '../../src/sources/open-table.js';
import { readAll } from './read-all.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Serials around the fictitious 1900-02-29 (serial 60), a time alone, and a modern date-time. */
const SERIALS = [0.5, 1, 2, 59, 60, 61, 45292, 45292.5];
const SHOWN_1900 = [
  '1899-12-30T12:00:00',
  '1900-01-01',
  '1900-01-02',
  '1900-02-28',
  '1900-02-29',
  '1900-03-01',
  '2024-01-01',
  '2024-01-01T12:00:00',
];
const SHOWN_1904 = [
  '1904-01-01T12:00:00',
  '1904-01-02',
  '1904-01-03',
  '1904-02-29',
  '1904-03-01',
  '1904-03-02',
  '2028-01-02',
  '2028-01-02T12:00:00',
];

describe('excelSerialDate', () => {
  test.each(SERIALS.map((s, i) => [s, SHOWN_1900[i], SHOWN_1904[i]]))(
    'serial %s is %s (1900 system) and %s (1904 system)',
    (serial, in1900, in1904) => {
      expect(excelSerialDate(serial, false, false)?.iso).toBe(in1900);
      expect(excelSerialDate(serial, true, false)?.iso).toBe(in1904);
    },
  );

  test('a format with a time keeps midnight; a time on the fictitious day keeps its time', () => {
    expect(excelSerialDate(1, false, true)?.iso).toBe('1900-01-01T00:00:00');
    expect(excelSerialDate(60.25, false, false)?.iso).toBe('1900-02-29T06:00:00');
    expect(excelSerialDate(59.999999, false, false)?.iso).toBe('1900-02-29');
  });

  test('a negative or non-finite serial is no date', () => {
    expect(excelSerialDate(-1, false, false)).toBeUndefined();
    expect(excelSerialDate(Number.NaN, true, false)).toBeUndefined();
  });
});

describe('both readers date early serials as Excel shows them, in both date systems', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDirSync('mge-serial-dates-');
    // Written in a child process: exceljs' writer gets empty rows from jest's module realm.
    const write = `const ExcelJS = require('exceljs');
      const XLSX = require('@e965/xlsx');
      const fs = require('fs');
      const [dir, serials] = [process.argv[1], JSON.parse(process.argv[2])];
      (async () => {
        for (const date1904 of [false, true]) {
          const book = new ExcelJS.Workbook();
          book.properties.date1904 = date1904;
          const sheet = book.addWorksheet('S');
          sheet.addRow(['date', 'date-time']);
          for (const s of serials) {
            const row = sheet.addRow([s, s]);
            row.getCell(1).numFmt = 'yyyy-mm-dd';
            row.getCell(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
          }
          await book.xlsx.writeFile(dir + '/dates-' + date1904 + '.xlsx');
          const ws = XLSX.utils.aoa_to_sheet([['date', 'date-time'], ...serials.map((s) => [s, s])]);
          serials.forEach((_s, i) => { ws['A' + (i + 2)].z = 'yyyy-mm-dd'; ws['B' + (i + 2)].z = 'yyyy-mm-dd hh:mm:ss'; });
          const wb = XLSX.utils.book_new();
          XLSX.utils.book_append_sheet(wb, ws, 'S');
          wb.Workbook = { WBProps: { date1904 } };
          fs.writeFileSync(dir + '/dates-' + date1904 + '.xls', XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }));
        }
      })();`;
    execFileSync(process.execPath, ['-e', write, dir, JSON.stringify(SERIALS)], { cwd: root });
  });

  test.each([
    ['xlsx', false, SHOWN_1900],
    ['xlsx', true, SHOWN_1904],
    ['xls', false, SHOWN_1900],
    ['xls', true, SHOWN_1904],
  ] as const)('.%s, date1904 %s', async (ext, date1904, shown) => {
    const rows = await readAll(await openTable(path.join(dir, `dates-${date1904}.${ext}`)));
    expect(rows.map((r) => (r.values[0] as { iso: string }).iso)).toEqual(shown);
    // The date-time format shows midnight too.
    expect((rows[1]!.values[1] as { iso: string }).iso).toBe(`${shown[1]}T00:00:00`);
  });

  test('.ods: ISO dates before 1900-03-01 (and 1900-02-28 itself) keep their day, a time alone sits on 1899-12-30', async () => {
    const cell = (attrs: string): string =>
      `<table:table-row><table:table-cell ${attrs}><text:p>x</text:p></table:table-cell></table:table-row>`;
    const file = path.join(dir, 'dates.ods');
    // Flat OpenDocument XML: what LibreOffice stores for date and time cells.
    writeFileSync(
      file,
      '<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body><office:spreadsheet><table:table table:name="S">' +
        '<table:table-row><table:table-cell office:value-type="string"><text:p>date</text:p></table:table-cell></table:table-row>' +
        ['1850-06-01', '1900-01-01', '1900-02-27', '1900-02-28', '1900-03-01', '2024-01-01T13:45:30']
          .map((d) => cell(`office:value-type="date" office:date-value="${d}"`))
          .join('') +
        cell('office:value-type="time" office:time-value="PT12H30M00S"') +
        '</table:table></office:spreadsheet></office:body></office:document>',
    );
    const rows = await readAll(await openTable(file));
    expect(rows.map((r) => (r.values[0] as { iso: string }).iso)).toEqual([
      '1850-06-01',
      '1900-01-01',
      '1900-02-27',
      '1900-02-28',
      '1900-03-01',
      '2024-01-01T13:45:30',
      '1899-12-30T12:30:00',
    ]);
  });
});
