import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { inspectWorkbook } from '../helpers/inspect-workbook.js';
import { runExcelJs } from '../helpers/run-exceljs.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { tempDir } from './ingest-harness.js';

const META = ['--source', '10', '--methods', 'experiment'];

// The first run goes through the built CLI; the rest through runCli in this process (what the bin runs).
describe("the platform's flat export and JSON import file, read without a mapping (CLI, in-process sandbox)", () => {
  test('flat export: dotted headers with indices fill arrays and tables; problems at their cells; an old column warned of', async () => {
    const dir = await tempDir();
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const flat = path.join(dir, 'export.csv');
    await writeFile(
      flat,
      '序号,牌号,试验温度,热处理状态,应力序列.1,应力序列.2,化学成分.元素.1,化学成分.含量.1,化学成分.元素.2,化学成分.含量.2,试验条件.设备.型号,旧字段\n' +
        '1,GH4169,650,锻态,690,720,Ni,52.8,Cr,19.1,RDL-50,x\n' +
        '2,IN718,abc,退火,,,Ni,,,,,\n',
    );
    const args = [
      'validate',
      '--sandbox',
      flat,
      '--layout',
      'flat',
      '--template',
      '101',
      ...META,
      '--title',
      '{牌号} test',
      '--abstract',
      'tensile',
      '--keywords',
      'a, b',
    ];
    const result = await runBuiltCli(args, { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('WORKBOOK_COLUMNS_CHANGED');
    expect(result.stderr).toContain('"旧字段"');
    const lines = result.stdout.split('\n').filter((l) => l.startsWith('export.csv') || l.includes('export.csv '));
    expect(lines.map((l) => l.split(/\s+/).slice(1, 2)[0])).toEqual(['C3', 'D3']);
    expect(result.stdout).toContain('2 record(s): 1 valid, 1 invalid');

    // The flat export names no template and holds no meta: each is asked for, exit 2, before a row is read.
    const noTemplate = await runCliInTurn(['validate', '--sandbox', flat, '--layout', 'flat', ...META], { env });
    expect(noTemplate.code).toBe(2);
    expect(noTemplate.stderr).toContain('WORKBOOK_NO_TEMPLATE');
    const noTitle = await runCliInTurn(['validate', '--sandbox', flat, '--layout', 'flat', '--template', '101', ...META], { env });
    expect(noTitle.code).toBe(2);
    expect(noTitle.stderr).toContain('--title, --abstract, --keywords');
  }, 60_000);

  test('JSON import file: ranges as text, tables and arrays; a problem at its record and path; --mapping with --layout refused', async () => {
    const dir = await tempDir();
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const file = path.join(dir, 'import.json');
    await writeFile(
      file,
      JSON.stringify({
        template: { _id: 101 },
        data: [
          {
            meta: { 数据ID: 'J1', 数据标题: 't1', 摘要: 'a', 关键词: ['k1', 'k2'], 可见范围: '私有' },
            content: {
              牌号: 'GH',
              试验温度: 650,
              热处理状态: '锻态',
              保温时间: '(8, 10)',
              化学成分: [{ 元素: 'Ni', 含量: 52.8 }],
              应力序列: [1, 2],
            },
          },
          { meta: { 数据ID: 'J2', 数据标题: 't2', 摘要: 'a', 关键词: 'k' }, content: { 牌号: 'GH', 试验温度: 'hot', 热处理状态: '锻态' } },
        ],
      }),
    );
    const errors = path.join(dir, 'errors.jsonl');
    const result = await runCliInTurn(['validate', '--sandbox', file, ...META, '--errors', errors], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('2 record(s): 1 valid, 1 invalid');
    const { readFile } = await import('node:fs/promises');
    const rows = (await readFile(errors, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { key: string; row: number; problems: { code: string; header: string; found: string }[] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: '["J2"]', row: 2, problems: [{ code: 'VALUE_NOT_A_NUMBER', header: '试验温度', found: 'hot' }] });

    const both = await runCliInTurn(
      ['validate', '--sandbox', file, '--mapping', 'mappings/steel_strength.yaml', '--layout', 'json', ...META],
      { env },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('leave out --mapping');
    const notJson = path.join(dir, 'broken.json');
    await writeFile(notJson, '{"data": [');
    const broken = await runCliInTurn(['validate', '--sandbox', notJson, '--template', '101', ...META], { env });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('JSON_IMPORT_INVALID');
  }, 60_000);

  test('platform workbook: a record without meta, a repeated 数据ID, a row without one and table rows of no record are each reported at their cell; hidden list cells are no rows', async () => {
    const dir = await tempDir();
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const blank = path.join(dir, 'blank.xlsx');
    const book = path.join(dir, 'book.xlsx');
    expect((await runCliInTurn(['init', '201', '--sandbox', '--workbook', blank], { env })).code).toBe(0);
    const fill = `const ExcelJS = require('exceljs'); (async () => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(process.argv[1]);
      book.getWorksheet('元数据').getRow(2).values = ['S1', 'steel S1', 'tensile', 'steel'];
      const root = book.getWorksheet('1');
      root.getRow(2).values = ['S1', 'Fe0.7C0.3', 500];
      root.getRow(3).values = ['S2', 'Fe', 400];
      root.getRow(4).values = ['S1', 'Fe', 300];
      root.getRow(5).values = [null, 'Fe', 200];
      // The platform keeps its drop-down lists in cells right of the header, rows 2 on: not data.
      ['公开', '私有', '铸态', '锻态', '真空', '空气'].forEach((o, i) => { root.getCell(2 + i, 26).value = o; });
      const table = book.getWorksheet('2');
      table.getRow(2).values = ['S9', 'Ni', 1];
      table.getRow(3).values = ['S1', 'C', 0.3];
      await book.xlsx.writeFile(process.argv[2]);
    })();`;
    execFileSync(process.execPath, ['-e', fill, blank, book], { cwd: process.cwd() });
    const errors = path.join(dir, 'fix.jsonl');
    const result = await runCliInTurn(['validate', '--sandbox', book, ...META, '--errors', errors], { env });
    expect(result.code).toBe(1);
    // S9's table row belongs to no record: a row to check, not a fifth record.
    expect(result.stdout).toContain('4 record(s): 1 valid, 3 invalid');
    expect(result.stdout).toContain('1 row(s) of no record');
    const rows = (await readFile(errors, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { problems: { code: string; cell: string }[] });
    const at = (code: string): string[] => rows.flatMap((r) => r.problems.filter((p) => p.code === code).map((p) => p.cell));
    expect(at('WORKBOOK_NO_META')).toEqual(['A3']);
    expect(at('WORKBOOK_DUPLICATE_ID')).toEqual(['A4']);
    expect(at('WORKBOOK_NO_ID')).toEqual(['A5']);
    expect(at('WORKBOOK_UNKNOWN_ID')).toEqual(['A2']);
  }, 60_000);
  test('platform workbook without its template-id cell: --layout platform reads it with --template, every problem at its cell, and without --template says so', async () => {
    const dir = await tempDir();
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const blank = path.join(dir, 'blank.xlsx');
    const book = path.join(dir, 'no-id.xlsx');
    expect((await runCliInTurn(['init', '201', '--sandbox', '--workbook', blank], { env })).code).toBe(0);
    // A copy saved by a program that dropped the hidden cell (or a curator who cleared it).
    runExcelJs(
      `const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(process.argv[1]);
      const meta = book.getWorksheet('元数据');
      meta.getCell('L1').value = null;
      meta.getRow(2).values = ['S1', 'steel S1', 'tensile', 'steel'];
      meta.getRow(3).values = ['S2', 'steel S2', 'tensile', 'steel'];
      book.getWorksheet('1').getRow(2).values = ['S1', 'Fe0.7C0.3', 500];
      book.getWorksheet('1').getRow(3).values = ['S2', 'Fe0.8C0.2', 'n/a'];
      book.getWorksheet('2').getRow(2).values = ['S2', 'C', 0.2];
      book.getWorksheet('2').getRow(3).values = ['S1', 'C', 0.3];
      await book.xlsx.writeFile(process.argv[2]);`,
      blank,
      book,
    );

    for (const layout of [['--layout', 'platform'], []]) {
      const unnamed = await runCliInTurn(['validate', '--sandbox', book, ...layout, ...META], { env });
      expect(unnamed.code).toBe(2);
      expect(unnamed.stderr).toContain('error WORKBOOK_NO_TEMPLATE');
      expect(unnamed.stderr).toContain('--template');
    }

    const annotated = path.join(dir, 'checked.xlsx');
    const errors = path.join(dir, 'fix.jsonl');
    const checked = await runCliInTurn(
      [
        'validate',
        '--sandbox',
        book,
        '--layout',
        'platform',
        '--template',
        '201',
        ...META,
        '--errors',
        errors,
        '--annotate',
        annotated,
        '--quiet',
      ],
      { env },
    );
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain('2 record(s): 1 valid, 1 invalid');
    const fix = (await readFile(errors, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { key: string; problems: { code: string; cell: string }[] });
    expect(fix.map((r) => [r.key, r.problems.map((p) => [p.code, p.cell])])).toEqual([['["S2"]', [['VALUE_NOT_A_NUMBER', 'C3']]]]);
    const copy = inspectWorkbook(annotated);
    expect(copy.order[0]).toBe('Problems');
    // Marked with the warning fill (the header cells carry the workbook's own field notes).
    expect(
      Object.entries(copy.sheets['1']?.cells ?? {})
        .filter(([, c]) => c.fill === 'FFFFC7CE')
        .map(([ref]) => ref),
    ).toEqual(['C3']);
    expect(copy.sheets['1']?.cells['C3']?.note).toContain('VALUE_NOT_A_NUMBER');

    // The valid record uploads, keyed by its 数据ID with its table row from sheet 2.
    const report = path.join(dir, 'r.jsonl');
    const ingested = await runCliInTurn(
      ['ingest', '--sandbox', book, '--layout', 'platform', '--template', '201', ...META, '--report', report, '--json', '--quiet'],
      { env },
    );
    expect(ingested.code).toBe(1);
    expect((JSON.parse(ingested.stdout) as { counts: Record<string, number> }).counts).toMatchObject({ uploaded: 1, invalid: 1 });
    const { state } = await loadReportState(report, { whole: true });
    expect([...state.keys.values()].map((k) => [k.key, k.status])).toEqual([
      ['["S1"]', 'uploaded'],
      ['["S2"]', 'invalid'],
    ]);
  }, 60_000);
});
