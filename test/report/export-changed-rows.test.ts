import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import { compactReport } from '../../src/report/compact-report.js';
import { exportChangedRows } from '../../src/report/export-changed-rows.js';
import { foldReport } from '../../src/report/fold-report.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { createFieldDigester, recordFieldNames } from '../../src/report/record-field-digests.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { L, tempDir } from './report-fixtures.js';
import { readXlsxList } from '../helpers/read-xlsx-list.js';

const recordFields = recordFieldNames(['温度', '牌号']);
const digest = createFieldDigester(recordFields);
const body = (牌号: string, 温度: number, title = `${牌号} at ${温度}`) =>
  canonicalJson({ meta: { tid: 101, title, abstract: 'a', keywords: ['k'], public_date: 0, public_range: 0 }, content: { 牌号, 温度 } });
const withDigests = (line: ReportLine, text: string): ReportLine => ({ ...line, fieldDigests: digest(text)! }) as ReportLine;

/** Key `d` changed its temperature (and so its title), `=e` only its title; `f` is an older report's change, without digests. */
const LINES: readonly ReportLine[] = [
  { ...L.run(), recordFields } as ReportLine,
  withDigests(L.uploaded('d', 'h4', 14, 5), body('d', 650)),
  withDigests(L.uploaded('=e', 'h8', 15, 6), body('=e', 700, 'E')),
  L.uploaded('f', 'h9', 16, 7),
  withDigests(L.changed('d', 'h5', 'h4', 14), body('d', 651)),
  withDigests(L.changed('=e', 'h6', 'h8', 15), body('=e', 700, 'E2')),
  L.changed('f', 'h10', 'h9', 16),
  L.invalid('c', 'h3', 4),
];

describe('exportChangedRows', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let report: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    report = join(dir, 'r.jsonl');
    await writeFile(report, LINES.map((l) => `${JSON.stringify(l)}\n`).join(''));
  });
  afterEach(() => cleanup());

  const state = () => foldReport([...LINES]);
  const readCsv = async (file: string) =>
    parse<Record<string, string>>(await readFile(file, 'utf8'), { bom: true, columns: true }).map((r) => [
      r['key'],
      r['differs from id'],
      r['fields that differ'],
      r['id'],
    ]);

  test('CSV: each changed row with the record it differs from, the fields it differs in, and its cells', async () => {
    const out = join(dir, 'changed.csv');
    expect(await exportChangedRows(state(), out, [report])).toEqual({ rows: 3 });
    expect(await readCsv(out)).toEqual([
      ['d', '14', '温度, meta.title', 'd'],
      ["'=e", '15', 'meta.title', "'=e"],
      // A report written before the digests: it cannot say, and says so.
      ['f', '16', '(not recorded)', 'f'],
    ]);
  });

  test('a compacted report names the same fields', async () => {
    await compactReport(report);
    const { state: compacted } = await loadReportState(report);
    const out = join(dir, 'changed.csv');
    await exportChangedRows(compacted, out, [report]);
    expect((await readCsv(out)).map((r) => r[2])).toEqual(['温度, meta.title', 'meta.title', '(not recorded)']);
  });

  test('xlsx by its extension; another extension is CHANGED_OUT_EXTENSION', async () => {
    const out = join(dir, 'changed.xlsx');
    expect(await exportChangedRows(state(), out, [report])).toEqual({ rows: 3 });
    const list = await readXlsxList(out);
    expect(list.header).toEqual(['key', 'file', 'sheet', 'row', 'differs from id', 'fields that differ', 'id']);
    expect(list.rows.map((r) => [r[0], r[4], r[5]])).toEqual([
      ['d', 14, '温度, meta.title'],
      ['=e', 15, 'meta.title'],
      ['f', 16, '(not recorded)'],
    ]);
    await expect(exportChangedRows(state(), join(dir, 'changed.json'), [report])).rejects.toMatchObject({
      code: 'CHANGED_OUT_EXTENSION',
      location: { field: '--changed-out' },
    });
  });
});
