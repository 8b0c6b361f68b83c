import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { CellValue, SourceHeader, SourceRow } from '../../src/sources/source-types.js';
import { columnLetter } from './read-table-for-tests.js';

function cellValue(cell: XLSX.CellObject | undefined): CellValue {
  if (!cell || cell.v === undefined || cell.v === null || cell.v === '') return null;
  if (cell.t === 'd' && cell.v instanceof Date) return { kind: 'date', iso: cell.v.toISOString().slice(0, 10) };
  if (typeof cell.v === 'string' || typeof cell.v === 'number' || typeof cell.v === 'boolean') return cell.v;
  return null;
}

/**
 * Reads an xlsx sample whole (tests only; the product reads xlsx with a streaming reader), with a header
 * of `headerRows` rows ending at `headerRow`, merged cells applying across their span.
 */
export function readXlsxForTests(path: string, file: string, headerRow: number, headerRows: number): { header: SourceHeader; rows: SourceRow[] } {
  const wb = XLSX.read(readFileSync(path), { cellDates: true });
  const name = wb.SheetNames[0]!;
  const ws = wb.Sheets[name]!;
  const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1');
  const width = range.e.c + 1;
  const at = (r: number, c: number): CellValue => {
    for (const m of ws['!merges'] ?? []) {
      if (r >= m.s.r && r <= m.e.r && c >= m.s.c && c <= m.e.c) return cellValue(ws[XLSX.utils.encode_cell(m.s)] as XLSX.CellObject | undefined);
    }
    return cellValue(ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined);
  };
  const names: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (let r = headerRow - headerRows; r < headerRow; r++) {
      const text = String(at(r, c) ?? '').trim();
      if (text !== '' && parts[parts.length - 1] !== text) parts.push(text);
    }
    names.push(parts.join(' / '));
  }
  const header: SourceHeader = { file, sheet: name, row: headerRow, names, columns: names.map((_n, i) => columnLetter(i)) };
  const rows: SourceRow[] = [];
  for (let r = headerRow; r <= range.e.r; r++) {
    const values = names.map((_n, c) => cellValue(ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined));
    if (values.every((v) => v === null)) continue;
    rows.push({ header, rowNumber: r + 1, values, issues: [] });
  }
  return { header, rows };
}
