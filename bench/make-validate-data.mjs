/**
 * Writes the `validate` benchmark input: samples/ucsb_thermoelectrics.csv (data credited in
 * samples/README.md) cycled to `rows` data rows, each cycle's numbers nudged so no two rows are equal
 * while every value stays one the mapping and the template accept.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeCsvLines } from './write-csv-lines.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Columns holding numbers: `T [K]` is scaled too, so keys (composition, T, src) vary between cycles. */
const NUMERIC = ['rho (ohm.cm)', 'S [muV/K]', 'PF [W/mK^2]', 'zT', 'kappa [W/mK]', 'sigma [S/cm]', 'T [K]'];

function quote(cell) {
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The thermoelectrics sample as `{columns, rows}` of text cells. */
export function sampleRows(root) {
  const { parse } = createRequire(`${root}/package.json`)('csv-parse/sync');
  const [columns, ...rows] = parse(readFileSync(path.join(root, 'samples/ucsb_thermoelectrics.csv')), { relax_column_count: true });
  return { columns, rows };
}

/** A CSV of `rows` data rows shaped like the sample; returns its path (kept between runs). */
export async function makeValidateCsv(root, file, rows) {
  if (existsSync(file)) return file;
  const { columns, rows: sample } = sampleRows(root);
  const numeric = NUMERIC.map((name) => columns.indexOf(name)).filter((i) => i >= 0);
  return writeCsvLines(file, columns.map(quote).join(','), rows, (i) => {
    const cycle = Math.floor(i / sample.length);
    const cells = [...sample[i % sample.length]];
    cells[0] = String(i + 1);
    if (cycle > 0) {
      // A relative nudge under 1 %: signs, zeros and ranges stay as in the sample.
      const factor = 1 + (cycle % 997) * 1e-5;
      for (const c of numeric) {
        const n = Number(cells[c]);
        if (cells[c] !== '' && Number.isFinite(n)) cells[c] = String(Number((n * factor).toPrecision(10)));
      }
    }
    return cells.map(quote).join(',');
  });
}
