#!/usr/bin/env node
/**
 * Generates samples/steel_composition_rows.xlsx from samples/steel_strength.csv: a workbook with a
 * two-row header (group titles merged over the sub-headers), one row per element of each steel
 * (the composition table is built from several rows sharing the sample id) and the strength as an
 * interval "(yield, tensile)" in one cell. Run: node scripts/make-samples.mjs
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

const root = fileURLToPath(new URL('..', import.meta.url));
const rows = parse(readFileSync(`${root}samples/steel_strength.csv`), { columns: true, bom: true });
const elements = ['c', 'mn', 'si', 'cr', 'ni', 'mo', 'v', 'n', 'nb', 'co', 'w', 'al', 'ti'];
const symbol = (e) => e.charAt(0).toUpperCase() + e.slice(1);

const wb = new ExcelJS.Workbook();
// Fixed document dates: the workbook properties do not change between runs (the zip entries still carry their write time).
wb.created = new Date(Date.UTC(2024, 0, 1));
wb.modified = wb.created;
const ws = wb.addWorksheet('钢材');
ws.addRow(['样品', '', '化学成分', '', '力学性能', '']);
ws.addRow(['编号', '化学式', '元素', '含量 (wt.%)', '强度区间 (MPa)', '延伸率 (%)']);
ws.mergeCells('A1:B1');
ws.mergeCells('C1:D1');
ws.mergeCells('E1:F1');
ws.getRow(1).font = { bold: true };
ws.getRow(2).font = { bold: true };

rows.slice(0, 24).forEach((r, i) => {
  const present = elements.filter((e) => Number(r[e]) > 0);
  present.forEach((e, j) => {
    const first = j === 0;
    ws.addRow([
      first ? `S${String(i + 1).padStart(3, '0')}` : null,
      first ? r.formula : null,
      symbol(e),
      Number(r[e]),
      first ? `(${r['yield strength']}, ${r['tensile strength']})` : null,
      first && r.elongation !== '' ? Number(r.elongation) : null,
    ]);
  });
});
ws.columns.forEach((c) => {
  c.width = 16;
});
await wb.xlsx.writeFile(`${root}samples/steel_composition_rows.xlsx`);
console.log('wrote samples/steel_composition_rows.xlsx');
