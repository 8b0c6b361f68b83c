#!/usr/bin/env node
/**
 * Rebuilds the source-reader fixtures in test/fixtures/sources/ from the public steel and
 * thermoelectrics datasets (see test/fixtures/sources/README.md for their origin).
 * Usage: node scripts/make-source-fixtures.mjs <datasets-dir>
 * The outputs are committed, so tests never depend on running this.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';

const require = createRequire(import.meta.url);
// SheetJS' code-page tables: code page 936 (GBK) is the part of GB18030 that Chinese Excel writes.
const cptable = require('@e965/xlsx/dist/cpexcel.js');

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'test/fixtures/sources');
const datasets = process.argv[2];
if (!datasets) {
  console.error('usage: node scripts/make-source-fixtures.mjs <datasets-dir>');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const write = (name, data) => writeFileSync(path.join(out, name), data);

/** Minimal CSV line splitter for the two datasets (quoted fields with commas, no quoted newlines). */
function splitCsvLine(line) {
  const cells = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') ((cur += '"'), i++);
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') (cells.push(cur), (cur = ''));
    else cur += ch;
  }
  cells.push(cur);
  return cells;
}
const readRows = (name, n) =>
  readFileSync(path.join(datasets, name), 'utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .slice(0, n + 1)
    .map(splitCsvLine);
const toCsv = (rows, d = ',') =>
  rows.map((r) => r.map((v) => (/[",\n;|\t]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(d)).join('\n') +
  '\n';

const steel = readRows('steel_strength.csv', 12);
const thermo = readRows('ucsb_thermoelectrics.csv', 8);
const steelHead = ['formula', 'c', 'mn', 'si', 'yield strength', 'tensile strength', 'elongation'];
const steelPick = (r) => [r[1], r[2], r[3], r[4], r[15], r[16], r[17]];
const steelRows = steel.slice(1).map(steelPick);

// --- CSV / TSV ----------------------------------------------------------------------------------
write('steel-utf8.csv', toCsv(steel));
write('steel-utf8-bom.csv', '\uFEFF' + toCsv([steelHead, ...steelRows]));
write('thermo-utf16le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(toCsv(thermo), 'utf16le')]));
const zhHead = ['牌号', '碳含量 (wt%)', '屈服强度 (MPa)', '抗拉强度 (MPa)', '备注'];
const zhRows = steelRows.slice(0, 6).map((r, i) => [`钢样${i + 1}`, r[1], r[4], r[5], i % 2 ? '含铬，退火处理' : '淬火后回火']);
write('steel-gb18030.csv', Buffer.from(cptable.utils.encode(936, toCsv([zhHead, ...zhRows]))));
write('steel-semicolon.csv', toCsv([steelHead, ...steelRows], ';'));
write('steel-tab.tsv', toCsv([steelHead, ...steelRows], '\t'));
write('steel-pipe.txt', toCsv([steelHead, ...steelRows], '|'));
write(
  'title-rows.csv',
  'Steel strength export\nGenerated from the public steel dataset\n\n' +
    toCsv([steelHead, ...steelRows.slice(0, 4)]).replace(/\n(?=.)/, '\n(unit row),,,,MPa,MPa,%\n'),
);
write(
  'quoted.csv',
  'composition,synthesis,note\n' +
    `${thermo[1][1]},"${thermo[1][3]}","first line\nsecond line"\n` +
    `${thermo[2][1]},"${thermo[2][3]}",plain\n` +
    `${thermo[3][1]},"a ""quoted"" word","x"\n`,
);
write(
  'ragged.csv',
  'formula,c,mn\n' +
    `${steelRows[0][0]},0.02,0.05\n${steelRows[1][0]},0.18\n${steelRows[2][0]},0.01,0.02,extra\n${steelRows[3][0]},0.03,0.04\n`,
);
write('duplicate-header.csv', 'formula,c,mn,c,note,note\nFe,0.1,0.2,0.3,a,b\n');
write('empty-header.csv', 'formula,,mn\nFe,0.1,0.2\n');
write('trailing-empty.csv', 'formula,c,,\nFe,0.1,,\nFe2,0.2,,\n');
write('header-only.csv', toCsv([steelHead]));
write('empty.csv', '');
write('blank-lines.csv', '\n\n   \n');
write('blank-rows.csv', 'formula,c\n\nFe,0.1\n,\nFe2,0.2\n\n');
// 70 KiB of UTF-8 first (past the 64 KiB encoding sample), then one GBK-encoded line.
const longAscii = toCsv([steelHead, ...Array.from({ length: 600 }, (_, i) => steelRows[i % steelRows.length])]);
write('late-gbk.csv', Buffer.concat([Buffer.from(longAscii), Buffer.from(cptable.utils.encode(936, '钢样,1,2,3,4,5,6\n'))]));
// Not UTF-8 and not GB18030: Latin-1 (GB18030 would decode `Zürich` as `Z黵ich`); a GBK header over
// UTF-8 rows (an export appended to by another program).
write('latin1.csv', Buffer.from('formula,city,note\nFe,Zürich,café crème\nFe2,Köln,µm at 20 °C\n', 'latin1'));
write(
  'gb-then-utf8.csv',
  Buffer.concat([Buffer.from(cptable.utils.encode(936, '牌号,备注\n钢样1,淬火后回火\n')), Buffer.from('钢样2,含铬，退火处理\n')]),
);
// 70 KiB of GBK rows (past the sample, which decides GB18030), then one UTF-8 row.
const longGb = toCsv([zhHead, ...Array.from({ length: 2500 }, (_, i) => zhRows[i % zhRows.length])]);
write('late-utf8.csv', Buffer.concat([Buffer.from(cptable.utils.encode(936, longGb)), Buffer.from('钢样9,0.1,1,2,含铬，退火处理\n')]));
write(
  'two-row-header.csv',
  '牌号,化学成分,,,力学性能,\n,C,Mn,Si,屈服强度 (MPa),抗拉强度 (MPa)\n' + toCsv(steelRows.slice(0, 3).map((r) => r.slice(0, 6))),
);
write('unclosed-quote.csv', 'formula,note\nFe,ok\nFe2,"never closed\nFe3,x\n');
write('binary.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]));

// --- xlsx (exceljs writer) ----------------------------------------------------------------------
const book = new ExcelJS.Workbook();
const notes = book.addWorksheet('说明');
notes.addRow(['Steel strength, two-row header on sheet "数据"']);
const sheet = book.addWorksheet('数据');
sheet.addRow(['钢材力学性能']);
sheet.addRow([]);
sheet.addRow(['牌号', '化学成分', null, null, '力学性能', null, '测试日期', '测试时间', '合格', '链接', '备注']);
sheet.addRow([null, 'C', 'Mn', 'Si', '屈服强度 (MPa)', '抗拉强度 (MPa)', null, null, null, null, null]);
sheet.mergeCells('B3:D3');
sheet.mergeCells('E3:F3');
sheet.mergeCells('A3:A4');
sheet.mergeCells('G3:G4');
steelRows.slice(0, 6).forEach((r, i) => {
  const row = sheet.addRow([
    r[0],
    Number(r[1]),
    Number(r[2]),
    Number(r[3]),
    Number(r[4]),
    Number(r[5]),
    new Date(Date.UTC(2024, 0, 1 + i)),
    new Date(Date.UTC(2024, 0, 1 + i, 13, 45, 30)),
    i % 2 === 0,
    { text: `doi-${i}`, hyperlink: `https://doi.org/10.0/${i}` },
    null,
  ]);
  row.getCell(7).numFmt = 'yyyy-mm-dd';
  row.getCell(8).numFmt = 'yyyy-mm-dd hh:mm:ss';
});
// Row 5 onwards are data; decorate some cells with the cases a reader must handle.
sheet.getCell('K5').value = { richText: [{ text: '含', font: { bold: true } }, { text: '铬' }] };
sheet.getCell('F6').value = { formula: 'E6*1.5', result: Number(steelRows[1][4]) * 1.5 };
sheet.getCell('F7').value = { formula: 'E7*1.5' };
sheet.getCell('E8').value = { error: '#DIV/0!' };
sheet.getCell('C9').value = { error: '#N/A' };
sheet.getCell('K10').value = { formula: 'A10&"!"', result: `${steelRows[5][0]}!` };
await book.xlsx.writeFile(path.join(out, 'steel.xlsx'));

const simple = new ExcelJS.Workbook();
const ws = simple.addWorksheet('Sheet1');
ws.addRow(steelHead);
steelRows.forEach((r) => ws.addRow([r[0], ...r.slice(1).map(Number)]));
await simple.xlsx.writeFile(path.join(out, 'steel-simple.xlsx'));
const whole = readFileSync(path.join(out, 'steel-simple.xlsx'));
write('truncated.xlsx', whole.subarray(0, Math.floor(whole.length / 2)));
write('not-a-zip.xlsx', 'formula,c\nFe,0.1\n');

// An encrypted OOXML file is an OLE compound file (magic D0 CF 11 E0 A1 B1 1A E1), not a zip.
const cfb = Buffer.alloc(1536);
Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
cfb.writeUInt16LE(0x003e, 24);
cfb.writeUInt16LE(0x0003, 26);
cfb.writeUInt16LE(0xfffe, 28);
write('encrypted.xlsx', cfb);

// --- zip bomb: a valid workbook whose one sheet inflates to 64 MiB (over 300 times its size) -----------------------------
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBuf = Buffer.from(name);
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
const bombSheet = Buffer.concat([
  Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ),
  Buffer.alloc(64 * 1024 * 1024, row),
  Buffer.from('</sheetData></worksheet>'),
]);
const workbookParts = (sheetXml) => [
  {
    name: '[Content_Types].xml',
    data: Buffer.from(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: Buffer.from(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
  },
  {
    name: 'xl/workbook.xml',
    data: Buffer.from(
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: Buffer.from(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  },
  { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
];
write('bomb.xlsx', zip(workbookParts(bombSheet)));
// Sizes that do not lie, but a row past Excel's last one (what a bomb with lying sizes would reach).
const cell = (ref, text) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
write(
  'beyond-last-row.xlsx',
  zip(
    workbookParts(
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
          `<row r="1">${cell('A1', 'formula')}${cell('B1', 'c')}</row><row r="2">${cell('A2', 'Fe')}${cell('B2', '0.1')}</row>` +
          `<row r="1048577">${cell('A1048577', 'Fe')}${cell('B1048577', '0.2')}</row></sheetData></worksheet>`,
      ),
    ),
  ),
);

// --- xls and ods (SheetJS writer) ---------------------------------------------------------------
const aoa = [
  ['牌号', '力学性能', null, '测试日期'],
  [null, '屈服强度 (MPa)', '抗拉强度 (MPa)', null],
  ...steelRows.slice(0, 5).map((r, i) => [r[0], Number(r[4]), Number(r[5]), new Date(Date.UTC(2024, 0, 1 + i))]),
];
const sj = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, UTC: true });
sj['!merges'] = [XLSX.utils.decode_range('B1:C1'), XLSX.utils.decode_range('A1:A2'), XLSX.utils.decode_range('D1:D2')];
sj.B5 = { t: 'e', v: 0x07, w: '#DIV/0!' };
const sjBook = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(sjBook, XLSX.utils.aoa_to_sheet([['notes']]), 'notes');
XLSX.utils.book_append_sheet(sjBook, sj, 'data');
write('steel.xls', XLSX.write(sjBook, { type: 'buffer', bookType: 'biff8' }));
write('steel.ods', XLSX.write(sjBook, { type: 'buffer', bookType: 'ods' }));

// --- cell cases: an error-only row, a formula whose cached result is an error, percent formats --------
// Excel writes `<c t="e"><f>B3/0</f><v>#DIV/0!</v></c>` for a formula that evaluates to an error.
const cells = new ExcelJS.Workbook();
const cs = cells.addWorksheet('Sheet1');
cs.addRow(['formula', 'share', 'ratio', 0.1 + 0.2]);
cs.addRow([steelRows[0][0], 0.075, { formula: 'B3/0', result: { error: '#DIV/0!' } }, 'ok']);
cs.addRow([{ error: '#N/A' }, null, { error: '#REF!' }, null]);
cs.addRow([steelRows[1][0], 0.1, 2, 0.25]);
cs.getCell('B2').numFmt = '0.0%';
cs.getCell('C4').numFmt = '"%"0';
cs.getCell('D4').numFmt = '[Red]0%';
await cells.xlsx.writeFile(path.join(out, 'cells.xlsx'));
const cj = XLSX.utils.aoa_to_sheet([
  ['formula', 'share', 'ratio'],
  [steelRows[0][0], 0.075, 1],
  [steelRows[1][0], 0.1, 2],
]);
cj.B2.z = '0.0%';
cj.C3.z = '"%"0';
const cjBook = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(cjBook, cj, 'Sheet1');
write('cells.xls', XLSX.write(cjBook, { type: 'buffer', bookType: 'biff8' }));
write('cells.ods', XLSX.write(cjBook, { type: 'buffer', bookType: 'ods' }));

// --- junk named as workbooks: random-looking bytes SheetJS would otherwise read as rows ------------
let seed = 12345;
const junk = Buffer.alloc(2000);
for (let i = 0; i < junk.length; i++) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  junk[i] = seed >> 16;
}
write('junk.xls', junk);
write('junk.ods', junk);
console.log('fixtures written to', out);
