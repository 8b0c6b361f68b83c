#!/usr/bin/env node
/**
 * Generates two header-matching evaluation files from samples/ucsb_thermoelectrics.csv, in layouts the
 * published table does not have (test/fixtures/header-match/README.md credits the data):
 * - ucsb_thermoelectrics_grouped.xlsx: one sample per compound and source, its measurements over
 *   temperature on consecutive rows, the sample's own cells merged down its rows;
 * - ucsb_thermoelectrics_mean_sd.csv: the reports of one compound at one temperature averaged, each
 *   quantity with a sibling column of its standard deviation, blank where only one report gave it.
 * Run: node scripts/make-header-match-fixtures.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}test/fixtures/header-match/`;
const rows = parse(readFileSync(`${root}samples/ucsb_thermoelectrics.csv`), { columns: true, bom: true });
const QUANTITIES = ['rho (ohm.cm)', 'S [muV/K]', 'PF [W/mK^2]', 'zT', 'kappa [W/mK]', 'sigma [S/cm]'];
/** Rows of the grouped workbook: whole samples, until at least this many rows. */
const GROUPED_ROWS = 300;

/** Groups rows by a key, in the order each key first appears. */
function groupBy(list, key) {
  const groups = new Map();
  for (const r of list) {
    const k = key(r);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(r);
  }
  return [...groups.values()];
}

const num = (text) => (text === '' ? null : Number(text));

async function writeGrouped() {
  const wb = new ExcelJS.Workbook();
  // Fixed document dates: the workbook properties do not change between runs.
  wb.created = new Date(Date.UTC(2024, 0, 1));
  wb.modified = wb.created;
  const ws = wb.addWorksheet('measurements');
  ws.addRow([
    'Sample',
    'Compound',
    'Crystallinity',
    'Synthesis',
    'Space group',
    'Source',
    'T (K)',
    'Resistivity (Ω·cm)',
    'Seebeck (μV/K)',
    'Power factor (W/m·K²)',
    'zT',
    'κ (W/m·K)',
    'σ (S/cm)',
  ]);
  ws.getRow(1).font = { bold: true };
  const samples = groupBy(rows, (r) => `${r.composition}\u0000${r.src}`);
  let written = 0;
  for (const [i, sample] of samples.entries()) {
    if (written >= GROUPED_ROWS) break;
    sample.sort((a, b) => (num(a['T [K]']) ?? -1) - (num(b['T [K]']) ?? -1));
    const first = ws.rowCount + 1;
    for (const [j, r] of sample.entries()) {
      const shared = [
        `TE-${String(i + 1).padStart(3, '0')}`,
        r.composition,
        r.crystallinity,
        r.synthesis,
        num(r.spacegroup),
        r.src || null,
      ];
      ws.addRow([...(j === 0 ? shared : shared.map(() => null)), num(r['T [K]']), ...QUANTITIES.map((q) => num(r[q]))]);
    }
    const last = ws.rowCount;
    if (last > first) for (const column of 'ABCDEF') ws.mergeCells(`${column}${first}:${column}${last}`);
    written += sample.length;
  }
  ws.columns.forEach((c) => {
    c.width = 16;
  });
  await wb.xlsx.writeFile(`${out}ucsb_thermoelectrics_grouped.xlsx`);
}

/** Four significant digits, as text without exponent noise. */
const round = (x) => String(Number(x.toPrecision(4)));

function meanSd(values) {
  const n = values.length;
  if (n === 0) return ['', ''];
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n === 1) return [round(mean), ''];
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  return [round(mean), round(sd)];
}

function writeMeanSd() {
  const header = [
    'compound',
    'temp_k',
    'n_reports',
    'elec_res',
    'elec_res_sd',
    'seeb_coef',
    'seeb_coef_sd',
    'pow_fac',
    'pow_fac_sd',
    'zt',
    'zt_sd',
    'therm_cond',
    'therm_cond_sd',
    'elec_cond',
    'elec_cond_sd',
  ];
  const lines = [header.join(',')];
  const measured = rows.filter((r) => r['T [K]'] !== '');
  for (const group of groupBy(measured, (r) => `${r.composition}\u0000${r['T [K]']}`).slice(0, 300)) {
    const cells = QUANTITIES.flatMap((q) =>
      meanSd(
        group
          .map((r) => r[q])
          .filter((v) => v !== '')
          .map(Number),
      ),
    );
    lines.push([group[0].composition, round(Number(group[0]['T [K]'])), group.length, ...cells].join(','));
  }
  writeFileSync(`${out}ucsb_thermoelectrics_mean_sd.csv`, `${lines.join('\n')}\n`);
}

await writeGrouped();
writeMeanSd();
console.log('wrote ucsb_thermoelectrics_grouped.xlsx and ucsb_thermoelectrics_mean_sd.csv in test/fixtures/header-match/');
