import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { inspectWorkbook } from '../helpers/inspect-workbook.js';
import { platformWorkbookSheets, writeZipWorkbook } from '../helpers/platform-workbook-zip.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import { envFor, ingestArgs, sampleCsv } from './ingest-harness.js';

/** The warning fill of a problem cell (docs/platform-workbook.md → The annotated copy). */
const WARNING = 'FFFFC7CE';

const inProcess = (args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> => runCliInTurn(args, { env });

/** The page's tables (`<script id="mge-data">`), each row's cells as the texts they stand for. */
async function pageTables(file: string): Promise<Map<string, Record<string, string | null>[]>> {
  const html = await readFile(file, 'utf8');
  const json = /<script type="application\/json" id="mge-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
  const data = JSON.parse(json) as { tables: { id: string; cols: { n: string }[]; rows: unknown[][] }[]; s: string[] };
  const text = (cell: unknown): string | null =>
    cell === null ? null : typeof cell === 'number' ? (data.s[cell] ?? '?') : Array.isArray(cell) ? cell.map(text).join('') : String(cell);
  return new Map(
    data.tables.map((t) => [t.id, t.rows.map((row) => Object.fromEntries(t.cols.map((c, i) => [c.n, text(row[i])])))] as const),
  );
}

/** The status column's text on `row` of a sheet of an annotated copy. */
function statusAt(cells: Readonly<Record<string, { value: unknown }>>, row: number): unknown {
  const header = Object.entries(cells).find(([ref, c]) => /^[A-Z]+1$/.test(ref) && c.value === 'mge-ingest status');
  return cells[`${header?.[0].replace(/1$/, '') ?? '?'}${row}`]?.value;
}

describe('rows of no record and changed rows in the outputs a curator fixes from (sandbox over HTTP)', () => {
  test('a workbook row of no record: report --annotate, --failed-out and --html list it at its 数据ID cell, as validate does', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const book = path.join(dir, 'book.xlsx');
      // Template 101's workbook of R1–R3, and a composition row (sheet 3, row 8) of an id sheet 1 does not have.
      writeZipWorkbook(book, platformWorkbookSheets({ records: 3, extraComposition: [['R9', 'Ni', 52.8, 'ICP-AES']] }));
      const report = path.join(dir, 'r.jsonl');
      const workbook = ['--template-file', 'samples/templates.json', '--no-template-cache', '--source', '10', '--methods', 'experiment'];
      const ingest = await inProcess(['ingest', book, '--report', report, ...workbook, '--quiet'], envFor(sandbox, dir));
      expect(ingest.code).toBe(1);
      expect(sandbox.records()).toHaveLength(3);

      const [copy, fix, html] = ['copy.xlsx', 'fix.jsonl', 'page.html'].map((f) => path.join(dir, f)) as [string, string, string];
      const shown = await inProcess(['report', report, '--annotate', copy, '--failed-out', fix, '--html', html]);
      expect(shown.stderr).toBe('');
      expect(shown.code).toBe(1);
      expect(shown.stdout).toContain(
        `0 record(s) not known to be stored (invalid, failed, uncertain) and 1 row(s) of no record written to ${fix}`,
      );

      const sheet3 = inspectWorkbook(copy).sheets['3']?.cells ?? {};
      expect(sheet3['A8']).toMatchObject({ value: 'R9', fill: WARNING });
      expect(sheet3['A8']?.note).toContain('WORKBOOK_UNKNOWN_ID');
      expect(statusAt(sheet3, 8)).toBe('no record: 1 problem(s)');
      expect(statusAt(sheet3, 7)).not.toBe('no record: 1 problem(s)');

      const lines = (await readFile(fix, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ status: 'stray', sheet: '3', row: 8, rows: [8], codes: ['WORKBOOK_UNKNOWN_ID'] });
      expect(lines[0]?.['problems']).toMatchObject([{ code: 'WORKBOOK_UNKNOWN_ID', cell: 'A8', header: '数据ID', found: 'R9' }]);

      const problems = (await pageTables(html)).get('problems') ?? [];
      expect(problems.map((p) => [p['status'], p['code'], p['ref']])).toEqual([['stray', 'WORKBOOK_UNKNOWN_ID', "book.xlsx!'3'!A8"]]);
      expect(await readFile(html, 'utf8')).toMatch(/data-count="stray"[^>]*>[^]*?1/);

      // validate's own outputs list the same row with the same status.
      const [errors, validateHtml] = ['errors.jsonl', 'validate.html'].map((f) => path.join(dir, f)) as [string, string];
      expect((await inProcess(['validate', book, ...workbook, '--errors', errors, '--html', validateHtml, '--quiet'])).code).toBe(1);
      const errorLines = (await readFile(errors, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(errorLines.map((l) => [l['status'], l['sheet'], l['row'], l['codes']])).toEqual([['stray', '3', 8, ['WORKBOOK_UNKNOWN_ID']]]);
      const validateProblems = (await pageTables(validateHtml)).get('problems') ?? [];
      expect(validateProblems.map((p) => [p['status'], p['code'], p['ref']])).toEqual([
        ['stray', 'WORKBOOK_UNKNOWN_ID', "book.xlsx!'3'!A8"],
      ]);
    });
  }, 60_000);

  test('a changed row: the annotated copy and the page name the fields that differ, as report --changed-out does', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const env = envFor(sandbox, dir);
      const input = await sampleCsv(dir, 5, 'steel.csv');
      const report = path.join(dir, 'r.jsonl');
      expect((await inProcess(ingestArgs(input, report, '--quiet'), env)).code).toBe(0);
      // Row 3's yield strength (column P) is corrected: a known key with new content, reported, not sent.
      const lines = (await readFile(input, 'utf8')).split('\n');
      const cells = lines[2]!.split(',');
      cells[15] = String(Number(cells[15]) + 7);
      lines[2] = cells.join(',');
      await writeFile(input, lines.join('\n'));
      expect((await inProcess(ingestArgs(input, report, '--quiet'), env)).code).toBe(1);

      const [changed, copy, html] = ['changed.csv', 'copy.xlsx', 'page.html'].map((f) => path.join(dir, f)) as [string, string, string];
      const shown = await inProcess(['report', report, '--changed-out', changed, '--annotate', copy, '--html', html]);
      expect(shown.stderr).toBe('');
      const listed = parse<Record<string, string>>(await readFile(changed, 'utf8'), { bom: true, columns: true });
      expect(listed.map((r) => r['row'])).toEqual(['3']);
      const fields = listed[0]?.['fields that differ'] ?? '';
      expect(fields).toMatch(/屈服强度/);

      const sheet = inspectWorkbook(copy).sheets['steel.csv']?.cells ?? {};
      expect(sheet['A3']?.note).toContain(`new content in ${fields}`);
      expect(statusAt(sheet, 3)).toMatch(new RegExp(`^changed: differs from record \\d+ in ${fields.replace(/\./g, '\\.')}$`));

      const shownChanged = (await pageTables(html)).get('changed') ?? [];
      expect(shownChanged.map((r) => [r['ref'], r['fields']])).toEqual([['steel.csv!3:3', fields]]);
    });
  }, 60_000);
});
