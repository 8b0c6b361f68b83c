import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RawTemplate } from '../../src/platform/sandbox/list-templates-page.js';
import { fixture } from '../sources/read-all.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, runCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/*
 * Workbooks saved by openpyxl (see "Workbooks written by other programs" in
 * test/fixtures/sources/README.md), through the built CLI against the sandbox: the platform's own
 * workbook filled in and saved by openpyxl, and a pandas `to_excel` workbook read with a mapping.
 * openpyxl rewrites the whole package with absolute part names (`/xl/worksheets/sheet1.xml`).
 */

/** The template the platform workbook was made from (committed beside it). */
async function template201(): Promise<RawTemplate> {
  return JSON.parse(await readFile(fixture('foreign/template-201.json'), 'utf8')) as RawTemplate;
}

const SOURCE = ['--source', '01', '--methods', 'experiment', '--reference', 'openpyxl fixture'];

/** The records the sandbox stored, by title. */
function byTitle(records: readonly { sent: unknown }[]): Record<string, unknown> {
  return Object.fromEntries(records.map((r) => [(r.sent as { meta: { title: string } }).meta.title, r.sent]));
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('workbooks saved by openpyxl, through the built CLI (sandbox)', () => {
  test('the platform workbook filled by openpyxl validates and ingests both records whole', async () => {
    await withSandbox({ templates: [await template201()] }, async (sandbox, dir) => {
      const env = envFor(sandbox, dir);
      const filled = fixture('foreign/platform-201-openpyxl.xlsx');

      // Through the built CLI (exit code and output as a shell sees them); the other runs in this process.
      const checked = await runCli(['validate', filled, ...SOURCE], env);
      expect(checked.stderr).toBe('');
      expect(checked.stdout).toContain('2 record(s): 2 valid, 0 invalid');
      expect(checked.code).toBe(0);

      const ingested = await inProcess(['ingest', filled, '--report', path.join(dir, 'run.jsonl'), ...SOURCE, '--rate', '100'], env);
      // stderr holds the progress line only.
      expect(ingested.stderr).not.toMatch(/SOURCE_|WORKBOOK_|error|warn/i);
      expect(ingested.stdout).toMatch(/uploaded\s+2\s/);
      expect(ingested.code).toBe(0);
      const meta = (id: string, title: string, keywords: string[]): Record<string, unknown> => ({
        tid: 201,
        title,
        abstract: `Tensile test of ${id}`,
        keywords,
        source: { source: '01', methods: '010', reference: 'openpyxl fixture' },
        other_info: { project: 'P01', subject: 'S01' },
        public_date: 0,
        public_range: 0,
      });
      expect(byTitle(sandbox.records())).toEqual({
        'Fe-0.18C steel': {
          meta: meta('R1', 'Fe-0.18C steel', ['steel', 'tensile']),
          content: {
            化学式: 'Fe-0.18C-0.01Mn',
            // R1's composition rows, in their order on sheet 2, though R2's rows come between.
            化学成分: [
              { 元素: 'C', 含量: 0.18 },
              { 元素: 'Mn', 含量: 0.01 },
            ],
            屈服强度: 1123.1,
            抗拉强度: 1929.2,
            延伸率: 8,
          },
        },
        'Fe-0.02C steel': {
          meta: meta('R2', 'Fe-0.02C steel', ['steel']),
          content: {
            化学式: 'Fe-0.02C-0.05Mn',
            化学成分: [
              { 元素: 'C', 含量: 0.02 },
              { 元素: 'Mn', 含量: 0.05 },
            ],
            屈服强度: 2411.5,
            抗拉强度: 2473.5,
            延伸率: 7.5,
          },
        },
      });
    });
  });

  test('a pandas to_excel workbook validates and ingests with a mapping naming its sheet', async () => {
    await withSandbox({ templates: [await template201()] }, async (sandbox, dir) => {
      const env = envFor(sandbox, dir);
      const input = fixture('foreign/pandas-steel.xlsx');
      const mapping = path.join(dir, 'pandas-steel.yaml');
      await writeFile(
        mapping,
        [
          'version: 1',
          'template: 201',
          'templatePubDate: "2024-06-01 10:00:00"',
          'input:',
          '  sheet: steel',
          '  headerRow: 1',
          'key: [formula]',
          'meta:',
          '  title: "{formula} tensile test"',
          '  abstract: "Tensile test of {formula}, written by pandas."',
          '  keywords: [steel, pandas]',
          '  source:',
          '    source: "01"',
          '    methods: [experiment]',
          '    reference: "pandas fixture"',
          '  public_date: 0',
          '  public_range: 0',
          'content:',
          '  化学式: formula',
          '  化学成分:',
          '    fromColumns:',
          '      columns: {C: c, Mn: mn}',
          '      label: 元素',
          '      value: 含量',
          '  屈服强度: yield strength',
          '  抗拉强度: tensile strength',
          '  延伸率: elongation',
          '',
        ].join('\n'),
      );

      const checked = await inProcess(['validate', '--mapping', mapping, input], env);
      expect(checked.stderr).toBe('');
      expect(checked.stdout).toContain('3 record(s): 3 valid, 0 invalid');
      expect(checked.code).toBe(0);

      const ingested = await inProcess(
        ['ingest', '--mapping', mapping, '--report', path.join(dir, 'run.jsonl'), input, '--rate', '100'],
        env,
      );
      // stderr holds the progress line only.
      expect(ingested.stderr).not.toMatch(/SOURCE_|WORKBOOK_|error|warn/i);
      expect(ingested.stdout).toMatch(/uploaded\s+3\s/);
      expect(ingested.code).toBe(0);
      const record = (formula: string, c: number, mn: number, strengths: Record<string, number>): Record<string, unknown> => ({
        meta: {
          tid: 201,
          title: `${formula} tensile test`,
          abstract: `Tensile test of ${formula}, written by pandas.`,
          keywords: ['steel', 'pandas'],
          source: { source: '01', methods: '010', reference: 'pandas fixture' },
          public_date: 0,
          public_range: 0,
        },
        content: {
          化学式: formula,
          化学成分: [
            { 元素: 'C', 含量: c },
            { 元素: 'Mn', 含量: mn },
          ],
          ...strengths,
        },
      });
      expect(byTitle(sandbox.records())).toEqual({
        'Fe-0.18C-0.01Mn tensile test': record('Fe-0.18C-0.01Mn', 0.18, 0.01, { 屈服强度: 1123.1, 抗拉强度: 1929.2, 延伸率: 8 }),
        'Fe-0.02C-0.05Mn tensile test': record('Fe-0.02C-0.05Mn', 0.02, 0.05, { 屈服强度: 2411.5, 抗拉强度: 2473.5, 延伸率: 7 }),
        // The empty elongation cell: no value.
        'Fe-0.01C-0.05Mn tensile test': record('Fe-0.01C-0.05Mn', 0.01, 0.05, { 屈服强度: 2487.3, 抗拉强度: 2514.9 }),
      });
    });
  });
});
