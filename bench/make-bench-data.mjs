/** Writes the generated benchmark inputs (CSV and xlsx, 20 columns) unless they already exist. */
import { createWriteStream, existsSync, renameSync } from 'node:fs';
import { writeCsvLines } from './write-csv-lines.mjs';
import { once } from 'node:events';
import { createRequire } from 'node:module';

const COLUMNS = [
  'id',
  'formula',
  'synthesis',
  'c',
  'mn',
  'si',
  'cr',
  'ni',
  'mo',
  'v',
  'n',
  'nb',
  'co',
  'w',
  'al',
  'ti',
  'yield strength',
  'tensile strength',
  'elongation',
  'note',
];
const SYNTHESIS = ['"Arc-melted, vacuum"', 'Melted', 'Solid state reaction', '"Hot pressed, 1200 C"'];

/** One data row as plain values (deterministic in `i`). */
export function rowValues(i) {
  const f = (k) => ((i * 7919 + k * 104729) % 100000) / 1000;
  return [
    i,
    `Fe0.${600 + (i % 97)}C0.00${i % 9}Mn0.000${i % 7}Si0.00${i % 5}`,
    SYNTHESIS[i % 4].replace(/"/g, ''),
    f(1),
    f(2),
    f(3),
    f(4),
    f(5),
    f(6),
    f(7),
    f(8),
    f(9),
    f(10),
    f(11),
    f(12),
    f(13),
    1000 + f(14) * 10,
    1500 + f(15) * 10,
    f(16) / 10,
    i % 10 === 0 ? '' : `batch ${i % 1000}`,
  ];
}

/** A CSV of `rows` data rows; returns its path. */
export async function makeCsv(file, rows) {
  if (existsSync(file)) return file;
  return writeCsvLines(file, COLUMNS.join(','), rows, (i) => {
    const v = rowValues(i);
    v[2] = SYNTHESIS[i % 4];
    return v.join(',');
  });
}

/** An xlsx of `rows` data rows written with exceljs' streaming writer; returns its path. */
export async function makeXlsx(root, file, rows) {
  if (existsSync(file)) return file;
  const ExcelJS = createRequire(`${root}/package.json`)('exceljs');
  const tmp = `${file}.tmp.xlsx`;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useSharedStrings: true, useStyles: false });
  const sheet = book.addWorksheet('data');
  sheet.addRow(COLUMNS).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(rowValues(i)).commit();
  sheet.commit();
  await book.commit();
  renameSync(tmp, file);
  return file;
}
