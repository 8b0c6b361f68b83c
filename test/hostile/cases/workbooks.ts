import { readFileSync } from 'node:fs';
import type { HostileCase } from '../hostile-case.js';
import { ingest, write } from '../case-inputs.js';
import {
  inlineCell,
  lyingXlsx,
  odsContent,
  ODS_HEADER_ROW,
  odsZip,
  repeatedOds,
  rowsXlsx,
  spreadsheetXml,
} from '../../helpers/hostile-workbooks.js';
import { repeatedDeflate, SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts } from '../../helpers/write-zip.js';

const MIB = 1024 * 1024;
/** The steel sample's header, so the CLI's mapping check passes and the rows are read. */
const STEEL_HEADER = readFileSync('samples/steel_strength.csv', 'utf8').split('\n')[0]!.split(',');
const WIDE_XLS_ROWS = '<Row><Cell ss:Index="16384"><Data ss:Type="Number">1</Data></Cell></Row>'.repeat(300);

/** A one-sheet xlsx whose shared strings declare 100 bytes and inflate to `mib` MiB. */
function sharedStringsBomb(mib: number): Buffer {
  const strings = repeatedDeflate(Buffer.from('<sst>'), Buffer.alloc(MIB, '<si><t>a</t></si>'), mib, Buffer.from('</sst>'));
  const sheet = {
    name: 'sheet',
    data: Buffer.concat([SHEET_HEAD, Buffer.from(`<row r="1">${inlineCell('A1', 'formula')}</row>`), SHEET_TAIL]),
  };
  return writeZip([...xlsxParts(sheet), { name: 'xl/sharedStrings.xml', deflated: { ...strings, crc: 0 }, declaredSize: 100 }]);
}

/** An .ods whose content.xml honestly declares, and inflates to, `mib` MiB of rows. */
function honestOdsBomb(mib: number): Buffer {
  const row = '<table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>';
  const [head, tail] = odsContent(`${ODS_HEADER_ROW}\u0000`).split('\u0000') as [string, string];
  const content = repeatedDeflate(Buffer.from(head), Buffer.from(row.repeat(Math.floor(MIB / row.length))), mib, Buffer.from(tail));
  return writeZip([
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
    { name: 'content.xml', deflated: { ...content, crc: 0 } },
  ]);
}

/** Workbooks built to expand (zip bombs, repeats, sheets filled to their edge) and workbooks that are broken. */
export const WORKBOOK_CASES: readonly HostileCase[] = [
  // Each expanding workbook ends alike: SOURCE_TOO_LARGE before its expansion is built (exit 2).
  ...(
    [
      [
        'xlsx: a sheet declaring 5,000 bytes that inflates to 1 GiB is SOURCE_TOO_LARGE, nothing sent',
        'gigabyte.xlsx',
        () => lyingXlsx(1024, 5000),
      ],
      [
        'xlsx: shared strings declaring 100 bytes that inflate to 300 MiB are SOURCE_TOO_LARGE',
        'strings.xlsx',
        () => sharedStringsBomb(300),
      ],
      [
        'xlsx: 200,000 rows each reaching column XFD are SOURCE_TOO_LARGE at a row',
        'wide.xlsx',
        () => rowsXlsx((r) => `<row r="${r}">${inlineCell(`XFD${r}`, 'x')}</row>`, 200_000, STEEL_HEADER),
      ],
      [
        'xlsx: an xlsx named .xls declaring 5,000 bytes and inflating to 256 MiB is SOURCE_TOO_LARGE',
        'lying.xls',
        () => lyingXlsx(256, 5000),
      ],
      [
        'ods: repeat attributes naming every cell of a 1,048,576 × 16,384 sheet are SOURCE_TOO_LARGE before they are built',
        'repeated.ods',
        () => odsZip(repeatedOds(1_048_576, 16_384)),
      ],
      [
        'ods: content.xml honestly inflating to 300 MiB (past the 256 MiB of a read-whole workbook) is SOURCE_TOO_LARGE',
        'big.ods',
        () => honestOdsBomb(300),
      ],
      ['xls: an XML spreadsheet of 300 rows reaching column 16,384 is SOURCE_TOO_LARGE', 'wide.xls', () => spreadsheetXml(WIDE_XLS_ROWS)],
    ] as const
  ).map(([name, file, bytes]): HostileCase => ({
    name,
    make: (c) => write(c, file, bytes()),
    args: () => ingest(file),
    exit: 2,
    code: 'SOURCE_TOO_LARGE',
  })),
  {
    name: 'xlsx: a zip holding no workbook has no sheet to read (SOURCE_SHEET_NOT_FOUND)',
    make: (c) => write(c, 'not-a-book.xlsx', writeZip([{ name: 'readme.txt', data: Buffer.from('nothing here') }])),
    args: () => ingest('not-a-book.xlsx'),
    exit: 2,
    code: 'SOURCE_SHEET_NOT_FOUND',
  },
  {
    name: 'xlsx: the first half of a real workbook is SOURCE_CORRUPT',
    make: (c) => {
      const book = readFileSync('samples/steel_composition_rows.xlsx');
      write(c, 'half.xlsx', book.subarray(0, book.length >> 1));
    },
    args: () => ingest('half.xlsx'),
    exit: 2,
    code: 'SOURCE_CORRUPT',
  },
];
