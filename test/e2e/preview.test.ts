import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { envFor, runCli, tempDir } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';
import { runBuiltCli } from '../cli/run-built-cli.js';

const root = path.resolve('.');
const UCSB = path.join(root, 'samples', 'ucsb_thermoelectrics.csv');
const UCSB_MAPPING = path.join(root, 'mappings', 'ucsb_thermoelectrics.yaml');

interface PreviewJson {
  records: {
    file: string;
    row: number;
    rows: number[];
    key: string;
    valid: boolean;
    record: unknown;
    body: string | undefined;
    values: {
      path: string;
      value: unknown;
      unit?: string;
      from: string;
      at?: string;
      header?: string;
      found?: unknown;
      convertedFrom?: string;
    }[];
    problems: { code: string; at: string; header: string; field: string; found: string }[];
  }[];
  more: boolean;
  template: { id: number };
}

/** The thermoelectrics sample with its first rows cut to `rows` and, optionally, one cell broken. */
async function ucsbCopy(dir: string, rows: number, edit?: (records: string[][]) => void): Promise<string> {
  const all: string[][] = parse(readFileSync(UCSB), { relax_column_count: true });
  const records = all.slice(0, rows + 1);
  edit?.(records);
  const file = path.join(dir, 'thermo.csv');
  await writeFile(
    file,
    records.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n',
  );
  return file;
}

describe('mge-ingest preview', () => {
  test('--json: each record is the very body ingest then POSTs, each value beside its cell and its unit conversion', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const input = await ucsbCopy(dir, 3);
      const env = envFor(sandbox, dir);
      const preview = await runCli(['preview', '--mapping', UCSB_MAPPING, input, '--rows', '2', '--json'], env);
      expect(preview.stderr).toBe('');
      expect(preview.code).toBe(0);
      const shown = JSON.parse(preview.stdout) as PreviewJson;
      expect(shown.template.id).toBe(202);
      expect(shown.more).toBe(true);
      expect(shown.records.map((r) => [r.row, r.valid])).toEqual([
        [2, true],
        [3, true],
      ]);
      const [first] = shown.records;
      expect(first!.body).toBe(JSON.stringify(first!.record));
      const temperature = first!.values.find((v) => v.path === 'content.测试温度');
      expect(temperature).toMatchObject({
        value: 126.85,
        unit: '℃',
        from: 'cell',
        at: `${input}!L2`,
        header: 'T [K]',
        found: '400.0',
        convertedFrom: 'K',
      });
      expect(first!.values.find((v) => v.path === 'meta.source.source')).toMatchObject({ from: 'mapping', value: '01' });
      expect(first!.values.find((v) => v.path === 'content.结晶性')).toMatchObject({
        value: '多晶',
        found: 'Polycrystalline',
        at: `${input}!C2`,
      });

      const ingest = await runCli(['ingest', '--mapping', UCSB_MAPPING, '--report', path.join(dir, 'r.jsonl'), input, '--rate', '0'], env);
      expect(ingest.code).toBe(0);
      const sent = sandbox.records().map((r) => r.sent);
      expect(sent.slice(0, 2)).toEqual(shown.records.map((r) => JSON.parse(r.body!) as unknown));
    });
  });

  test('a terminal tree: values beside file!cell with the conversion; an invalid record with its problems at their cells, exit 1', async () => {
    const dir = await tempDir();
    await ucsbCopy(dir, 3, (records) => {
      records[1]![5] = 'abc'; // F2: rho (ohm.cm), a number column
    });
    const run = await runBuiltCli(
      [
        'preview',
        '--template-file',
        path.join(root, 'samples', 'templates.json'),
        '--no-template-cache',
        '--mapping',
        UCSB_MAPPING,
        'thermo.csv',
      ],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^record 1 · thermo\.csv row 2 · key \["1"\] · invalid, 1 problem\(s\): not sent$/m);
    expect(run.stdout).toMatch(/^ {4}测试温度: 126\.85 ℃ +← thermo\.csv!L2 {2}400\.0 K → 126\.85 ℃$/m);
    expect(run.stdout).toMatch(/^ {4}电导率: 80639 S\/m +← thermo\.csv!K2 {2}806\.39 S\/cm → 80639 S\/m$/m);
    expect(run.stdout).toMatch(/^ {6}source: "01" +\(from the mapping\)$/m);
    expect(run.stdout).toMatch(
      /^ {4}VALUE_NOT_A_NUMBER at thermo\.csv!F2 \(rho \(ohm\.cm\)\) content\.电阻率: the cell is not a number; expected a number in mΩ·cm, found "abc"$/m,
    );
    expect(run.stdout).toMatch(/^record 2 · thermo\.csv row 3 · key \["2"\] · valid: sent as shown$/m);
    expect(run.stdout).toMatch(/3 record\(s\) shown: 2 valid, 1 invalid; that is all the input holds\n$/);
  });

  test('a workbook: the sheet in every cell reference, one record over its grouped rows', async () => {
    const dir = await tempDir();
    await copyFile(path.join(root, 'samples', 'steel_composition_rows.xlsx'), path.join(dir, 'rows.xlsx'));
    const run = await runBuiltCli(
      [
        'preview',
        '--sandbox',
        '--mapping',
        path.join(root, 'mappings', 'steel_composition_rows.yaml'),
        'rows.xlsx',
        '--rows',
        '1',
        '--json',
      ],
      { cwd: dir, env: { XDG_CACHE_HOME: path.join(dir, 'cache') } },
    );
    expect(run.code).toBe(0);
    const [record] = (JSON.parse(run.stdout) as PreviewJson).records;
    expect(record!.rows).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(record!.values.find((v) => v.path === 'content.化学成分[1].含量')).toMatchObject({ at: '[rows.xlsx]钢材!D4', from: 'cell' });
  });

  test('bad input: a clear error with its code and place, exit 2, no stack', async () => {
    const dir = await tempDir();
    const [rows, missing] = await Promise.all([
      runBuiltCli(['preview', '--sandbox', '--mapping', UCSB_MAPPING, UCSB, '--rows', '0'], { cwd: dir }),
      runBuiltCli(['preview', '--sandbox', '--mapping', 'nope.yaml', UCSB], { cwd: dir }),
    ]);
    expect([rows.code, missing.code]).toEqual([2, 2]);
    expect(rows.stderr).toMatch(/^error OPTION_INVALID: --rows must be an integer ≥ 1, got "0"\n {2}at field --rows\n$/);
    expect(missing.stderr).toMatch(/^error MAPPING_NOT_FOUND: the mapping file does not exist\n {2}at nope\.yaml\n/);
    expect(missing.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });
});
