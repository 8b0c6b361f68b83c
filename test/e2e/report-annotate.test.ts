import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { inspectWorkbook } from '../helpers/inspect-workbook.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, SAMPLE } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** The warning fill of a problem cell (docs/platform-workbook.md → The annotated copy). */
const WARNING = 'FFFFC7CE';

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/** The status column of a sheet of the copy: its header's column, and the text on each row below. */
function statusColumn(cells: Readonly<Record<string, { value: unknown }>>): { column: string; byRow: Map<number, unknown> } {
  const header = Object.entries(cells).find(([ref, c]) => /^[A-Z]+1$/.test(ref) && c.value === 'mge-ingest status');
  const column = header?.[0].replace(/1$/, '') ?? '?';
  const byRow = new Map<number, unknown>();
  for (const [ref, c] of Object.entries(cells)) {
    const m = /^([A-Z]+)(\d+)$/.exec(ref);
    if (m?.[1] === column && m[2] !== '1') byRow.set(Number(m[2]), c.value);
  }
  return { column, byRow };
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('report --annotate (CLI, sandbox over HTTP)', () => {
  test("after a run against a faulty platform: every row's latest status in the status column, problem cells and unstored rows marked", async () => {
    // 502/503 and stored-then-500 answers, no retries: some rows fail, some end uncertain.
    await withSandbox({ failRate: 0.25, commitThenFailRate: 0.1, seed: 5 }, async (sandbox, dir) => {
      const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
      // Five rows with a yield strength (column P) that is no number.
      const lines = rows.slice(0, 60).map((line, i) =>
        i % 12 === 5
          ? line
              .replace(/\r$/, '')
              .split(',')
              .map((c, j) => (j === 15 ? 'n/a' : c))
              .join(',')
          : line,
      );
      const input = path.join(dir, 'steel.csv');
      await writeFile(input, [header, ...lines, ''].join('\n'));
      const report = path.join(dir, 'steel.report.jsonl');
      expect((await inProcess(ingestArgs(input, report, '--max-retries', '0', '--quiet'), envFor(sandbox, dir))).code).toBe(1);

      const out = path.join(dir, 'steel-checked.xlsx');
      const result = await inProcess(['report', report, '--annotate', out], {});
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);

      const { state } = await loadReportState(report, { whole: true });
      const keys = [...state.keys.values()];
      const count = (status: string): number => keys.filter((k) => k.status === status).length;
      expect(keys).toHaveLength(60);
      expect(count('invalid')).toBe(5);
      expect(count('failed')).toBeGreaterThan(0);
      expect(count('uncertain')).toBeGreaterThan(0);
      expect(count('uploaded')).toBeGreaterThan(0);

      const copy = inspectWorkbook(out);
      expect(copy.order).toEqual(['Problems', 'steel.csv']);
      const cells = copy.sheets['steel.csv']?.cells ?? {};
      const { column, byRow } = statusColumn(cells);
      expect(column).toBe('S');
      // Each row's status as the report has it: the platform id, the problems, the code and HTTP status of the answer.
      for (const k of keys) {
        const text = byRow.get(k.location.row);
        if (k.status === 'uploaded')
          expect({ row: k.location.row, text }).toEqual({ row: k.location.row, text: `uploaded: id ${k.uploaded?.id}` });
        else if (k.status === 'invalid')
          expect({ row: k.location.row, text }).toEqual({ row: k.location.row, text: 'invalid: 1 problem(s)' });
        else
          expect({ row: k.location.row, text }).toEqual({
            row: k.location.row,
            text: expect.stringMatching(new RegExp(`^${k.status}: ${k.failure?.code} \\(HTTP ${k.failure?.status}[,)]`)),
          });
      }
      expect(byRow.size).toBe(60);
      expect(keys.filter((k) => k.status === 'uncertain').every((k) => [500, 502].includes(k.failure?.status ?? 0))).toBe(true);

      // Marked: the bad cell of each invalid row, the first cell of each row not stored.
      const marked = Object.entries(cells)
        .filter(([, c]) => c.fill === WARNING)
        .map(([ref]) => ref)
        .sort();
      const expected = keys
        .flatMap((k) =>
          k.status === 'invalid' ? [`P${k.location.row}`] : k.status === 'failed' || k.status === 'uncertain' ? [`A${k.location.row}`] : [],
        )
        .sort();
      expect(marked).toEqual(expected);
      expect(cells[expected.find((ref) => ref.startsWith('P'))!]?.note).toContain('VALUE_NOT_A_NUMBER');
    });
  }, 90_000);

  test('--input picks the input of a report that holds several; without it, or naming a file the report has no rows of, ANNOTATE_INPUT (exit 2), nothing written', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
      await writeFile(path.join(dir, 'a.csv'), [header, ...rows.slice(0, 3), ''].join('\n'));
      await writeFile(path.join(dir, 'b.csv'), [header, ...rows.slice(3, 7), ''].join('\n'));
      await writeFile(path.join(dir, 'c.csv'), [header, ...rows.slice(3, 7), ''].join('\n'));
      const report = path.join(dir, 'r.jsonl');
      const ingested = await inProcess([...ingestArgs(path.join(dir, 'a.csv'), report), path.join(dir, 'b.csv')], envFor(sandbox, dir));
      expect(ingested.code).toBe(0);

      const out = path.join(dir, 'b-checked.xlsx');
      const unnamed = await runBuiltCli(['report', report, '--annotate', out], { cwd: dir });
      expect(unnamed.code).toBe(2);
      expect(unnamed.stderr).toContain('error ANNOTATE_INPUT');
      expect(await exists(out)).toBe(false);
      const stranger = await runBuiltCli(['report', report, '--annotate', out, '--input', 'c.csv'], { cwd: dir });
      expect(stranger.code).toBe(2);
      expect(stranger.stderr).toContain('error ANNOTATE_INPUT');
      expect(await exists(out)).toBe(false);

      // Named relative to where report runs, though the run recorded it by its full path.
      const named = await runBuiltCli(['report', report, '--annotate', out, '--input', 'b.csv', '--json'], { cwd: dir });
      expect(named.code).toBe(0);
      expect((JSON.parse(named.stdout) as { annotated: { input: string } }).annotated.input).toBe('b.csv');
      const copy = inspectWorkbook(out);
      expect(copy.order).toEqual(['Problems', 'b.csv']);
      const { byRow } = statusColumn(copy.sheets['b.csv']?.cells ?? {});
      const { state } = await loadReportState(report, { whole: true });
      const ofB = [...state.keys.values()].filter((k) => k.location.file === path.join(dir, 'b.csv'));
      expect(ofB).toHaveLength(4);
      expect([...byRow].sort(([a], [b]) => a - b)).toEqual(
        ofB.map((k) => [k.location.row, `uploaded: id ${k.uploaded?.id}`]).sort(([a], [b]) => Number(a) - Number(b)),
      );
    });
  }, 60_000);
});
