import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { openTable } from '../../src/sources/open-table.js';
import type { SourceRow } from '../../src/sources/source-types.js';
import { runCliInProcess } from '../cli/run-cli-in-process.js';
import { useBrowser } from '../helpers/launch-browser.js';
import { collect } from '../helpers/iterables.js';
import { runExcelJs } from '../helpers/run-exceljs.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import { envFor } from './ingest-harness.js';

const browserOf = useBrowser();
const root = path.resolve('.');

/** Per code: the problems with it and the records they are in. */
type Counts = Record<string, { problems: number; records: number }>;

/** One input with its mapping and templates; `prepare` writes the copy to run on into `dir`. */
interface Case {
  readonly name: string;
  readonly mapping: string;
  readonly templates: string;
  readonly prepare: (dir: string) => Promise<string>;
  /** What the windows must say, where the case's slips make it known. */
  readonly expected?: Counts;
}

/** A CSV cell as written back: quoted when it holds a delimiter, a quote or a line break. */
const csvCell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** Slips made in a copy of a CSV sample. */
interface Slips {
  /** Cells set, by data row (0-based) and header. */
  readonly cells: readonly (readonly [row: number, header: string, value: string])[];
  /** Row `to` given the key cells of row `from`. */
  readonly key: { readonly headers: readonly string[]; readonly from: number; readonly to: number };
  /** Data rows kept, from the first. */
  readonly rows: number;
}

/** A copy of a CSV sample's first rows with slips. */
function csvWithSlips(input: string, slips: Slips): (dir: string) => Promise<string> {
  return async (dir) => {
    const [header = [], ...all] = parse(await readFile(path.join(root, input), 'utf8'));
    const rows = all.slice(0, slips.rows);
    const at = (name: string): number => header.indexOf(name);
    for (const [row, name, value] of slips.cells) rows[row]![at(name)] = value;
    const { headers, from, to } = slips.key;
    for (const name of headers) rows[to]![at(name)] = rows[from]![at(name)]!;
    const file = path.join(dir, path.basename(input));
    await writeFile(file, [header, ...rows].map((r) => `${r.map(csvCell).join(',')}\n`).join(''));
    return file;
  };
}

/** A shared dataset's slice as it is: its own invalid rows are the case. */
const asItIs = (input: string) => (): Promise<string> => Promise.resolve(path.join(root, input));

const SAMPLES = path.join(root, 'samples/templates.json');
const SHARED = path.join(root, 'test/fixtures/shared-datasets/templates.json');
const HEADER_MATCH = path.join(root, 'test/fixtures/header-match/templates.json');

/**
 * Every sample with its mapping, each with slips (the samples are clean), and every shared dataset
 * (test/fixtures/shared-datasets/README.md; steel_strength and ucsb_thermoelectrics are the samples)
 * with its own invalid rows.
 */
const CASES: readonly Case[] = [
  {
    // Yield strength no number (rows 3–5), tensile strength too in rows 4–5 (two problems of one code
    // in one record), a formula (the key) repeated (row 8): the first 40 rows.
    name: 'steel_strength.csv (sample, with slips)',
    mapping: 'mappings/steel_strength.yaml',
    templates: SAMPLES,
    prepare: csvWithSlips('samples/steel_strength.csv', {
      cells: [1, 2, 3].flatMap((r) => [[r, 'yield strength', 'n/a'] as const, ...(r > 1 ? [[r, 'tensile strength', 'x'] as const] : [])]),
      key: { headers: ['formula'], from: 0, to: 6 },
      rows: 40,
    }),
    expected: { DUPLICATE_KEY: { problems: 1, records: 1 }, VALUE_NOT_A_NUMBER: { problems: 5, records: 3 } },
  },
  {
    name: 'ucsb_thermoelectrics.csv (sample, with slips)',
    mapping: 'mappings/ucsb_thermoelectrics.yaml',
    templates: SAMPLES,
    // A zT no number, another a bound, a temperature no number, a crystallinity no option, an id repeated.
    prepare: csvWithSlips('samples/ucsb_thermoelectrics.csv', {
      cells: [
        [4, 'zT', 'n/a'],
        [5, 'zT', '<0.01'],
        [5, 'T [K]', 'x'],
        [9, 'crystallinity', 'glassy'],
      ],
      key: { headers: ['id'], from: 0, to: 12 },
      rows: 200,
    }),
  },
  {
    name: 'steel_composition_rows.xlsx (sample, grouped rows, with slips)',
    mapping: 'mappings/steel_composition_rows.yaml',
    templates: SAMPLES,
    prepare: (dir) => {
      // Two element contents of S001 no number, S002's interval not one, S003 numbered S001.
      const file = path.join(dir, 'steel_composition_rows.xlsx');
      runExcelJs(
        `const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(process.argv[1]);
        const sheet = book.worksheets[0];
        sheet.getCell('D4').value = 'n/a';
        sheet.getCell('D5').value = 'x';
        sheet.getCell('E14').value = 'strong';
        sheet.getCell('A26').value = 'S001';
        await book.xlsx.writeFile(process.argv[2]);`,
        path.join(root, 'samples/steel_composition_rows.xlsx'),
        file,
      );
      return Promise.resolve(file);
    },
  },
  {
    name: 'citrine_thermal_conductivity.csv (shared dataset)',
    mapping: 'test/fixtures/shared-datasets/citrine_thermal_conductivity.yaml',
    templates: SHARED,
    prepare: asItIs('test/fixtures/header-match/citrine_thermal_conductivity.csv'),
  },
  {
    name: 'heusler_magnetic.csv (shared dataset)',
    mapping: 'test/fixtures/shared-datasets/heusler_magnetic.yaml',
    templates: SHARED,
    prepare: asItIs('test/fixtures/header-match/heusler_magnetic.csv'),
  },
  {
    name: 'glass_ternary_landolt.csv (shared dataset)',
    mapping: 'test/fixtures/shared-datasets/glass_ternary_landolt.yaml',
    templates: HEADER_MATCH,
    prepare: asItIs('test/fixtures/header-match/glass_ternary_landolt.csv'),
  },
  {
    name: 'wolverton_oxides.csv (shared dataset)',
    mapping: 'test/fixtures/shared-datasets/wolverton_oxides.yaml',
    templates: HEADER_MATCH,
    prepare: asItIs('test/fixtures/header-match/wolverton_oxides.csv'),
  },
];

/** The bars of the page's chart by code. */
async function pageCounts(file: string): Promise<Counts> {
  const page = await browserOf().open(file);
  const bars = await page
    .locator('[data-chart="code"] .bar')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-value'), e.getAttribute('data-problems'), e.getAttribute('data-records'), e.textContent]),
    );
  await page.close();
  const out: Counts = {};
  for (const [code, problems, records, text] of bars) {
    out[code!] = { problems: Number(problems), records: Number(records) };
    expect(text).toContain(`${problems} problem(s) in ${records} record(s)`);
  }
  return out;
}

/** The rows of an annotated copy's Problems sheet under the header on row `headerRow` (the project's own reader). */
async function problemsSheet(file: string, headerRow: number): Promise<{ names: readonly string[]; rows: SourceRow[] }> {
  const table = await openTable(file, { sheet: 'Problems', headerRow });
  try {
    return { names: table.header.names, rows: await collect(table.rows()) };
  } finally {
    await table.close();
  }
}

/** The code column of an annotated copy's problem table (headed `cell` in column A, below the summary): problems per code. */
async function copyProblems(file: string): Promise<Record<string, number>> {
  const title = (await problemsSheet(file, 1)).rows.find((row) => row.values[0] === 'cell')?.rowNumber;
  expect(title).toBeDefined();
  const { names, rows } = await problemsSheet(file, title!);
  expect(names[1]).toBe('code');
  const out: Record<string, number> = {};
  for (const { values } of rows) {
    const code = values[1];
    if (typeof code === 'string' && code !== '') out[code] = (out[code] ?? 0) + 1;
  }
  return out;
}

const problemsOnly = (counts: Counts): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).map(([code, c]) => [code, c.problems]));

/** `by code: A 1 problem(s) in 1 record(s), B …` of validate's text. */
function validateTextCounts(stdout: string): Counts {
  const line = stdout.split('\n').find((l) => l.startsWith('by code: '));
  expect(line).toBeDefined();
  const out: Counts = {};
  for (const m of line!.matchAll(/([A-Z][A-Z0-9_]+) (\d+) problem\(s\) in (\d+) record\(s\)/g))
    out[m[1]!] = { problems: Number(m[2]), records: Number(m[3]) };
  return out;
}

/** The `code status records problems example` table of report's text: its invalid rows. */
function reportTextCounts(stdout: string): Counts {
  expect(stdout).toMatch(/code\s+status\s+records\s+problems\s+example/);
  const out: Counts = {};
  for (const l of stdout.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]+)\s+invalid\s+(\d+)\s+(\d+)\s/.exec(l);
    if (m !== null) out[m[1]!] = { problems: Number(m[3]), records: Number(m[2]) };
  }
  return out;
}

/** Every window of one input: validate (text, --json, the page, the copy), then ingest and report (the same four). */
async function windows(c: Case, sandbox: Sandbox, dir: string): Promise<Record<string, Counts | Record<string, number>>> {
  const input = await c.prepare(dir);
  const cli = (args: readonly string[]) => runCliInProcess(args, { env: envFor(sandbox, dir), cwd: dir });
  const mapping = path.join(root, c.mapping);

  // One pass per command for the text with the page and the copy, one for --json (which replaces the text).
  const vPage = path.join(dir, 'validate.html');
  const vCopy = path.join(dir, 'validate-checked.xlsx');
  const text = await cli(['validate', '--mapping', mapping, input, '--quiet', '--html', vPage, '--annotate', vCopy]);
  expect(text.code).toBe(1);
  const json = await cli(['validate', '--mapping', mapping, input, '--json']);
  const v = JSON.parse(json.stdout) as {
    invalidByCode: Record<string, number>;
    problemsByCode: Record<string, number>;
    problemCount: number;
  };
  const vJson: Counts = Object.fromEntries(
    Object.entries(v.invalidByCode).map(([code, records]) => [code, { problems: v.problemsByCode[code]!, records }]),
  );
  expect(v.problemCount).toBe(Object.values(vJson).reduce((n, x) => n + x.problems, 0));

  const report = path.join(dir, 'r.jsonl');
  const ingest = await cli(['ingest', '--mapping', mapping, '--report', report, input, '--rate', '0', '--concurrency', '8', '--quiet']);
  expect(ingest.code).toBe(1);
  const rPage = path.join(dir, 'report.html');
  const rCopy = path.join(dir, 'report-checked.xlsx');
  const rText = await cli(['report', report, '--html', rPage, '--annotate', rCopy]);
  expect([rText.code, rText.stderr]).toEqual([1, '']);
  const rJson = JSON.parse((await cli(['report', report, '--json'])).stdout) as {
    errors: { code: string; count: number; problems: number }[];
  };

  return {
    'validate text': validateTextCounts(text.stdout),
    'validate --json': vJson,
    'validate page': await pageCounts(vPage),
    'validate copy': await copyProblems(vCopy),
    'report text': reportTextCounts(rText.stdout),
    'report --json': Object.fromEntries(rJson.errors.map((e) => [e.code, { problems: e.problems, records: e.count }])),
    'report page': await pageCounts(rPage),
    'report copy': await copyProblems(rCopy),
  };
}

describe('one count per code in every window, for every sample and shared dataset (in-process CLI, sandbox, chromium)', () => {
  test.each(CASES)(
    '$name: validate and report, as text, --json, page and annotated copy',
    async (c) => {
      await withSandbox({ templatesFile: c.templates }, async (sandbox, dir) => {
        const seen = await windows(c, sandbox, dir);
        const counts = seen['validate --json'] as Counts;
        // Every case has problems of its own, so the comparison says something.
        expect(Object.keys(counts).length).toBeGreaterThan(0);
        if (c.expected !== undefined) expect(counts).toEqual(c.expected);
        const expected = Object.fromEntries(Object.keys(seen).map((w) => [w, w.endsWith(' copy') ? problemsOnly(counts) : counts]));
        expect(seen).toEqual(expected);
      });
    },
    120_000,
  );
});
