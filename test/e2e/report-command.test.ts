import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { readXlsxList } from '../helpers/read-xlsx-list.js';
import { runExcelJs } from '../helpers/run-exceljs.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, SAMPLE, tempDir } from './ingest-harness.js';

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('report command (built CLI)', () => {
  test('counts and errors by code; --failed-out rows, fixed and fed back to ingest, upload', async () => {
    const dir = await tempDir();
    const sandbox = await startSandbox();
    try {
      const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
      // Two yield strengths a curator mistyped.
      const broken = rows
        .slice(0, 12)
        .map((line, i) => (i === 3 || i === 8 ? line.replace(/,([\d.]+),([\d.]+),([\d.]+)(\r?)$/, ',n/a,$2,$3$4') : line));
      const input = path.join(dir, 'typos.csv');
      await writeFile(input, [header, ...broken, ''].join('\n'));
      const report = path.join(dir, 'typos.report.jsonl');
      const logFile = path.join(dir, 'nightly.log');
      expect((await inProcess(ingestArgs(input, report, '--log-file', logFile), envFor(sandbox, dir))).code).toBe(1);
      const log = (await readFile(logFile, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string });
      expect(log.map((l) => l.msg)).toEqual(['ingest started', 'row invalid', 'row invalid', 'ingest finished']);

      const failedOut = path.join(dir, 'failed.csv');
      const shown = await inProcess(['report', report, '--json', '--failed-out', failedOut], {});
      expect(shown.code).toBe(1);
      const json = JSON.parse(shown.stdout) as {
        counts: Record<string, number>;
        errors: { code: string; count: number }[];
        failedOut: { rows: number };
      };
      expect(json.counts).toMatchObject({ uploaded: 10, invalid: 2 });
      expect(json.errors.map((e) => [e.code, e.count])).toEqual([['VALUE_NOT_A_NUMBER', 2]]);
      expect(json.failedOut.rows).toBe(2);

      const exported = await readFile(failedOut, 'utf8');
      const lines = exported.trimEnd().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/,yield strength,tensile strength,elongation,_status,_file,_sheet,_row,_cells,_codes,_errors$/);
      await writeFile(failedOut, exported.replaceAll(',n/a,', ',1234.5,'));
      const refed = await inProcess(ingestArgs(failedOut, report, '--json'), envFor(sandbox, dir));
      expect(refed.code).toBe(0);
      expect((JSON.parse(refed.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ uploaded: 2 });

      const after = await inProcess(['report', report], {});
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/uploaded\s+12/);
      expect(sandbox.records()).toHaveLength(12);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  test('--uploaded-out: each uploaded row as the curator wrote it, then its platform id, key and time (CSV and xlsx)', async () => {
    const dir = await tempDir();
    const sandbox = await startSandbox();
    try {
      const [headerLine = '', ...lines] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
      const header = headerLine.replace(/\r$/, '').split(',');
      const rows = lines.slice(0, 3).map((l) => l.replace(/\r$/, '').split(','));
      const csvInput = path.join(dir, 'steel.csv');
      await writeFile(csvInput, [headerLine, ...lines.slice(0, 3), ''].join('\n'));
      // The same rows in a workbook, numbers as numbers.
      const xlsxInput = path.join(dir, 'steel.xlsx');
      runExcelJs(
        `const book = new ExcelJS.Workbook(); const sheet = book.addWorksheet('steel');
         for (const row of JSON.parse(process.argv[2])) sheet.addRow(row);
         await book.xlsx.writeFile(process.argv[1]);`,
        xlsxInput,
        JSON.stringify([header, ...rows.map((r) => r.map((c, i) => (i === 1 ? c : Number(c))))]),
      );
      const time = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
      const tail = ['platform id', 'key', 'uploaded at', 'file', 'sheet', 'row', 'note'];

      const csvReport = path.join(dir, 'csv.report.jsonl');
      expect((await inProcess(ingestArgs(csvInput, csvReport), envFor(sandbox, dir))).code).toBe(0);
      const csvIds = rows.map((r) => sandbox.records().find((s) => s.body.content['化学式'] === r[1])?.id);
      const csvOut = path.join(dir, 'uploaded.csv');
      const fromCsv = await inProcess(['report', csvReport, '--uploaded-out', csvOut], {});
      expect(fromCsv.code).toBe(0);
      const listed: string[][] = parse(await readFile(csvOut, 'utf8'), { bom: true });
      expect(listed[0]).toEqual([...header, ...tail]);
      expect(listed.slice(1).map((r) => r.map((c, i) => (i === header.length + 2 && time.test(c) ? 'time' : c)))).toEqual(
        rows.map((r, i) => [...r, String(csvIds[i]), r[1], 'time', csvInput, '', String(i + 2), '']),
      );

      const xlsxReport = path.join(dir, 'xlsx.report.jsonl');
      expect((await inProcess(ingestArgs(xlsxInput, xlsxReport), envFor(sandbox, dir))).code).toBe(0);
      const xlsxIds = rows.map((r) => sandbox.records().findLast((s) => s.body.content['化学式'] === r[1])?.id);
      expect(xlsxIds.every((id, i) => id !== undefined && id !== csvIds[i])).toBe(true);
      const xlsxOut = path.join(dir, 'uploaded.xlsx');
      expect((await inProcess(['report', xlsxReport, '--uploaded-out', xlsxOut], {})).code).toBe(0);
      const list = await readXlsxList(xlsxOut);
      expect(list.header).toEqual([...header, ...tail]);
      expect(list.rows.map((r) => r.map((c, i) => (i === header.length + 2 && time.test(String(c)) ? 'time' : c)))).toEqual(
        rows.map((r, i) => [...r.map((c, j) => (j === 1 ? c : Number(c))), xlsxIds[i], r[1], 'time', xlsxInput, 'steel', i + 2, null]),
      );
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  test('a report that does not exist is a usage error (exit 2)', async () => {
    // Through the built CLI: a user error's exit code and stderr as a shell sees them.
    const result = await runCli(['report', path.join(await tempDir(), 'none.jsonl')], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error REPORT_NOT_FOUND');
  }, 30_000);
});
