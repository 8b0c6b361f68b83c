import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openCsv } from '../../src/sources/open-csv.js';
import { readAll } from './read-all.js';

/**
 * Every case of csv-spectrum (Max Ogden and contributors, https://github.com/maxogden/csv-spectrum,
 * BSD-2-Clause as its package.json says; a devDependency, read where npm installed it): a CSV file
 * and the records it holds, as JSON objects keyed by the header. `openCsv` must read each file to its
 * JSON, delimiter guessed and header found on its own, except where {@link DIFFERENCES} says why not.
 */

const SPECTRUM = path.dirname(createRequire(import.meta.url).resolve('csv-spectrum/package.json'));
const CASES = readdirSync(path.join(SPECTRUM, 'csvs'))
  .filter((f) => f.endsWith('.csv'))
  .map((f) => path.basename(f, '.csv'))
  .sort();

type Json = Record<string, string | null>;

/** The cases read otherwise than their JSON on purpose: why, and the records read instead. */
const DIFFERENCES: Readonly<Record<string, { readonly why: string; readonly expected: (json: unknown) => Json[] }>> = {
  empty: { why: 'an empty cell is null, quoted (`""`) or not', expected: (json) => emptyAsNull(json as Json[]) },
  empty_crlf: { why: 'an empty cell is null, quoted (`""`) or not', expected: (json) => emptyAsNull(json as Json[]) },
  location_coordinates: {
    why: "csv-spectrum's own slip: its JSON is one object, not a list, and a phone number the CSV does not hold",
    expected: (json) => [{ ...(json as Json), 'Contact Phone Number': '2095257564' }],
  },
};

function emptyAsNull(records: readonly Json[]): Json[] {
  return records.map((record) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === '' ? null : v])));
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(path.join(SPECTRUM, 'json', `${name}.json`), 'utf8'));
}

async function readRecords(name: string): Promise<Json[]> {
  const table = await openCsv(path.join(SPECTRUM, 'csvs', `${name}.csv`));
  const rows = await readAll(table);
  return rows.map((row) => Object.fromEntries(table.header.names.map((n, i) => [n, row.values[i] as string | null])));
}

test('the installed csv-spectrum has its cases, and each difference names one that differs', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(12);
  for (const name of Object.keys(DIFFERENCES)) expect(CASES).toContain(name);
});

test.each(CASES.map((name) => [name, DIFFERENCES[name]?.why ?? 'as its JSON']))('%s: %s', async (name) => {
  const json = readJson(name);
  const difference = DIFFERENCES[name];
  const records = await readRecords(name);
  if (difference === undefined) {
    expect(records).toEqual(json);
  } else {
    expect(records).toEqual(difference.expected(json));
    // A difference no longer there is taken out of the table.
    expect(records).not.toEqual(json);
  }
});
