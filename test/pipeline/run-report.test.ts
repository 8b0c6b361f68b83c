import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { DEFAULT_SETTINGS } from '../../src/config/settings.js';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { runIngest } from '../../src/pipeline/run-ingest.js';
import { runReport } from '../../src/pipeline/run-report.js';
import { uploadStageOptions } from '../../src/pipeline/stage-options.js';
import { inspectWorkbook } from '../helpers/inspect-workbook.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import { MAPPING, sampleLines } from '../e2e/ingest-harness.js';

/** An ingest of `input` with the steel mapping into `report`, against the sandbox over HTTP. */
function ingestInto(sandbox: Sandbox, input: string, report: string): ReturnType<typeof runIngest> {
  const client = createPlatformClient({ baseUrl: sandbox.url, token: sandbox.token });
  return runIngest(
    {
      mappingFile: MAPPING,
      inputs: [input],
      reportFile: report,
      methodsWidth: 3,
      username: 'tester',
      stages: uploadStageOptions({ ...DEFAULT_SETTINGS, concurrency: 2, rate: 0, timeoutMs: 10_000 }),
      maxErrors: undefined,
      runSettings: {},
      version: 'test',
    },
    { template: { client }, submit: (body, opts) => client.submitRecord(body, opts) },
  );
}

describe('runReport (in-process, after an ingest against the sandbox)', () => {
  test('--annotate of a CSV: the cells the run read as numbers are number cells, other cells text as written', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const { header, rows } = await sampleLines();
      // Row 3's yield strength is no number (an invalid row), row 4's index has a leading zero.
      const lines = rows.slice(0, 5).map((line, i) => {
        const cells = line.replace(/\r$/, '').split(',');
        if (i === 1) cells[15] = 'n/a';
        if (i === 2) cells[0] = '007';
        return cells.join(',');
      });
      const input = path.join(dir, 'steel.csv');
      await writeFile(input, `${[header.replace(/\r$/, ''), ...lines].join('\n')}\n`);
      const report = path.join(dir, 'steel.report.jsonl');
      const ingest = await ingestInto(sandbox, input, report);
      expect(ingest.summary.counts).toMatchObject({ uploaded: 4, invalid: 1 });

      const out = path.join(dir, 'checked.xlsx');
      const result = await runReport({
        file: report,
        cwd: dir,
        failedOut: undefined,
        uploadedOut: undefined,
        annotate: out,
        html: undefined,
        version: 'test',
      });
      expect(result.annotated?.file).toBe(out);
      const cells = inspectWorkbook(out).sheets['steel.csv']!.cells;
      // The mapped numbers (carbon, yield and tensile strength, elongation) are numbers, as the CSV wrote them.
      expect([cells['C2']?.value, cells['P2']?.value, cells['Q2']?.value, cells['R2']?.value]).toEqual([0.02, 2411.5, 2473.5, 7]);
      // The index and the formula are no number field's: text, as is the yield strength that is no number.
      expect([cells['A2']?.value, cells['A4']?.value, cells['P3']?.value]).toEqual(['0', '007', 'n/a']);
      expect(typeof cells['B2']?.value).toBe('string');
      expect(cells['P3']?.fill).toBe('FFFFC7CE');

      // A report of an earlier version, whose run line does not say which columns were numbers, still
      // gives its copy: every cell as the CSV wrote it.
      const old = path.join(dir, 'old.report.jsonl');
      await writeFile(old, (await readFile(report, 'utf8')).replace(/,"numberColumns":\[[\d,]*\]/g, ''));
      const oldOut = path.join(dir, 'old-checked.xlsx');
      await runReport({
        file: old,
        cwd: dir,
        failedOut: undefined,
        uploadedOut: undefined,
        annotate: oldOut,
        html: undefined,
        version: 'test',
      });
      const oldCells = inspectWorkbook(oldOut).sheets['steel.csv']!.cells;
      expect([oldCells['C2']?.value, oldCells['P2']?.value, oldCells['R2']?.value]).toEqual(['0.02', '2411.5', '7.0']);
    });
  }, 30_000);

  test('--changed-out names the fields each changed row differs in from its uploaded record', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const { header, rows } = await sampleLines();
      const input = path.join(dir, 'steel.csv');
      const write = (lines: string[]) => writeFile(input, `${[header, ...lines].map((l) => l.replace(/\r$/, '')).join('\n')}\n`);
      await write(rows.slice(0, 4));
      const report = path.join(dir, 'steel.report.jsonl');
      expect((await ingestInto(sandbox, input, report)).summary.counts.uploaded).toBe(4);
      // The second row's yield strength is corrected, the fourth row's carbon and elongation.
      const edited = rows.slice(0, 4).map((line, i) => {
        const cells = line.replace(/\r$/, '').split(',');
        if (i === 1) cells[15] = '1123.2';
        if (i === 3) [cells[2], cells[17]] = ['0.5', '9.5'];
        return cells.join(',');
      });
      await write(edited);
      expect((await ingestInto(sandbox, input, report)).summary.counts.changed).toBe(2);

      const out = path.join(dir, 'changed.csv');
      const result = await runReport({
        file: report,
        cwd: dir,
        failedOut: undefined,
        uploadedOut: undefined,
        changedOut: out,
        html: undefined,
        version: 'test',
      });
      expect(result.changedOut?.rows).toBe(2);
      const listed = parse<Record<string, string>>(await readFile(out, 'utf8'), { bom: true, columns: true });
      expect(listed.map((r) => [r['row'], r['fields that differ']])).toEqual([
        ['3', '屈服强度'],
        ['5', '化学成分, 延伸率'],
      ]);
      expect(Object.keys(listed[0]!)).not.toContain('hash');
    });
  }, 30_000);
});
