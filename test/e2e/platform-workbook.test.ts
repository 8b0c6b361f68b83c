import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import { readXlsxList } from '../helpers/read-xlsx-list.js';
import { runBuiltCli, type CliResult } from '../cli/run-built-cli.js';
import { runCliInProcess } from '../cli/run-cli-in-process.js';
import { envFor } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

const browserOf = useBrowser();

/** A run through runCli in this process, what the bin runs. */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInProcess(args, { env });

/**
 * Runs a script with exceljs in its own process (rows made in jest's module realm reach exceljs'
 * writer empty) and returns what it printed as JSON.
 */
function excel<T>(script: string, ...args: string[]): T {
  const out = execFileSync(
    process.execPath,
    [
      '-e',
      `const ExcelJS = require('exceljs'); (async () => { ${script} })().catch((e) => { console.error(e); process.exit(1); });`,
      ...args,
    ],
    { cwd: process.cwd(), encoding: 'utf8' },
  );
  return (out.trim() === '' ? undefined : JSON.parse(out)) as T;
}

/** What the generated workbook holds for a curator: sheets, headers, notes, drop-downs, the hidden id. */
interface Generated {
  sheets: { name: string; state: string }[];
  headers: Record<string, string[]>;
  idCell: { value: string; hidden: boolean };
  choiceList: string | undefined;
  requiredColor: string | undefined;
  noteOfTemperature: string;
}

const INSPECT_GENERATED = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  const headers = {};
  book.worksheets.forEach((s) => { headers[s.name] = (s.getRow(1).values || []).slice(1).map(String); });
  const meta = book.getWorksheet('元数据');
  const root = book.getWorksheet('1');
  const choice = root.getRow(1).values.indexOf('热处理状态');
  const v = root.getCell(2, choice).dataValidation;
  const temp = root.getRow(1).values.indexOf('试验温度 (℃)');
  const note = root.getCell(1, temp).note;
  console.log(JSON.stringify({
    sheets: book.worksheets.map((s) => ({ name: s.name, state: s.state })),
    headers,
    idCell: { value: String(meta.getCell('L1').value), hidden: meta.getColumn(12).hidden === true },
    choiceList: v && v.type === 'list' ? v.formulae[0] : undefined,
    requiredColor: root.getCell(1, 2).font && root.getCell(1, 2).font.color ? root.getCell(1, 2).font.color.argb : undefined,
    noteOfTemperature: typeof note === 'string' ? note : note.texts.map((t) => t.text).join(''),
  }));`;

/**
 * The curator's filling: three records. R2 has a heat treatment that is not an option (1!F3); the
 * composition table sheet holds its rows out of record order (R2's first, R1's split around R3's),
 * and R3's content is no number (3!C4). R1 also fills an array sheet and a container and a generator.
 */
const FILL = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  const meta = book.getWorksheet('元数据');
  ['R1', 'R2', 'R3'].forEach((id, i) => { meta.getRow(i + 2).values = [id, 'GH4169 ' + id, 'Tensile tests of ' + id, 'superalloy, tensile', '示例项目(P01)/示例课题(S01)', '公开']; });
  const root = book.getWorksheet('1');
  root.getRow(2).values = ['R1', 'GH4169', 650, '(8, 10)', '1035±12.5', '固溶+时效', null, null, '空气', 2, 'RDL-50', '示例仪器厂', 18.5];
  root.getRow(3).values = ['R2', 'GH4169', 700, null, null, '退火', null, null, '真空'];
  root.getRow(4).values = ['R3', 'IN718', 600, null, null, '锻态'];
  const stress = book.getWorksheet('2');
  stress.getRow(2).values = ['R1', 1, 690];
  stress.getRow(3).values = ['R1', 2, 720];
  const table = book.getWorksheet('3');
  table.getRow(2).values = ['R2', 'Ni', 53.1, 'XRF'];
  table.getRow(3).values = ['R1', 'Ni', 52.8, 'ICP-AES'];
  table.getRow(4).values = ['R3', 'Cr', 'abc'];
  table.getRow(5).values = ['R1', 'Cr', 19.1, 'ICP-AES'];
  await book.xlsx.writeFile(process.argv[2]);`;

/** The annotated copy: sheet order, the marked cells with their notes, the status column, the Problems sheet. */
interface Annotated {
  order: string[];
  marked: { ref: string; note: string }[];
  statuses: string[];
  links: { text: string; hyperlink: string }[];
  summary: Record<string, unknown>;
  kept: unknown;
}

const INSPECT_ANNOTATED = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  const marked = [];
  const statuses = [];
  for (const s of book.worksheets) {
    if (s.name === 'Problems') continue;
    s.eachRow((row, r) => row.eachCell((cell) => {
      if (cell.fill && cell.fill.fgColor && cell.fill.fgColor.argb === 'FFFFC7CE') {
        const n = cell.note;
        marked.push({ ref: s.name + '!' + cell.address, note: typeof n === 'string' ? n : n.texts.map((t) => t.text).join('') });
      }
    }));
    const status = (s.getRow(1).values || []).indexOf('mge-ingest status');
    if (status > 0) s.eachRow((row, r) => { if (r > 1 && row.getCell(status).value) statuses.push(s.name + '!' + r + ' ' + row.getCell(status).value); });
  }
  const problems = book.getWorksheet('Problems');
  const links = [];
  const summary = {};
  problems.eachRow((row) => {
    const a = row.getCell(1).value;
    if (a && typeof a === 'object' && a.hyperlink) links.push({ text: a.text, hyperlink: a.hyperlink });
    else if (typeof a === 'string' && row.getCell(2).value !== null) summary[a] = row.getCell(2).value;
  });
  console.log(JSON.stringify({ order: book.worksheets.map((s) => s.name), marked, statuses, links, summary, kept: book.getWorksheet('1').getCell('E2').value }));`;

const texts = (page: Page, col: string): Promise<string[]> => page.locator(`#table-problems tbody td[data-col="${col}"]`).allTextContents();

describe('the platform workbook: init --workbook, fill, validate, ingest, annotate, html (CLI, sandbox, chromium)', () => {
  test('every problem at its cell, the valid record uploaded whole, the same problems in the annotated copy and the page', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const env = envFor(sandbox, dir);
      const out = await testOutputDir('platform-workbook');
      const blank = path.join(dir, 'blank.xlsx');
      const filled = path.join(dir, '101 filled.xlsx');
      // The built CLI once (start-up, exit code, stderr); the other runs through runCli in this process.
      const made = await runBuiltCli(['init', '101', '--workbook', blank], { env });
      expect(made.stderr).toContain('3 data sheet(s)');
      expect(made.code).toBe(0);

      const generated = excel<Generated>(INSPECT_GENERATED, blank);
      expect(generated.sheets.map((s) => s.name)).toEqual(['目录', '元数据', '1', '2', '3', '选项']);
      expect(generated.sheets.at(-1)?.state).toBe('veryHidden');
      expect(generated.headers['元数据']?.slice(0, 6)).toEqual(['数据ID', '数据标题', '摘要', '关键词', '机构', '可见范围']);
      expect(generated.headers['1']).toEqual(
        expect.arrayContaining(['试验温度 (℃)', '屈服强度 (MPa)', '试验条件.设备.型号', '强化相.体积分数 (%)']),
      );
      expect(generated.headers['2']).toEqual(['数据ID', '元素序号', '元素 (MPa)']);
      expect(generated.headers['3']).toEqual(['数据ID', '化学成分.元素', '化学成分.含量 (wt.%)', '化学成分.测量方法']);
      expect(generated.idCell.value).toMatch(/^101\|2024-05-08 14:03:11\|/);
      expect(generated.idCell.hidden).toBe(true);
      expect(generated.choiceList).toMatch(/^'选项'!\$[A-Z]+\$1:\$[A-Z]+\$4$/);
      expect(generated.requiredColor).toBe('FFC00000');
      expect(generated.noteOfTemperature).toContain('必填 required');
      expect(generated.noteOfTemperature).toContain('℃');

      excel(FILL, blank, filled);
      const meta = ['--source', '01', '--methods', 'experiment', '--reference', 'lab notebook 7'];
      const annotated = path.join(out, 'annotated.xlsx');
      const html = path.join(out, 'platform-workbook.html');
      const checked = await inProcess(['validate', filled, ...meta, '--annotate', annotated, '--html', html], env);
      expect(checked.stderr).toBe('');
      expect(checked.code).toBe(1);
      const problemLines = checked.stdout.split('\n').filter((l) => l.includes(filled));
      expect(problemLines).toHaveLength(2);
      expect(problemLines[0]).toMatch(
        /1!F3\s+热处理状态\s+content\.热处理状态\s+CHOICE_NOT_AN_OPTION\s+one of 铸态, 锻态, 固溶, 固溶\+时效\s+退火/,
      );
      expect(problemLines[1]).toMatch(
        /3!C4\s+化学成分\.含量 \(wt\.%\)\s+content\.化学成分\[0\]\.含量\s+VALUE_NOT_A_NUMBER\s+a number in wt\.%\s+abc/,
      );
      expect(checked.stdout).toContain('3 record(s): 1 valid, 2 invalid');

      // Without the source facts the workbook does not hold: a clear error, exit 2, nothing read.
      const noMeta = await inProcess(['validate', filled], env);
      expect(noMeta.code).toBe(2);
      expect(noMeta.stderr).toContain('WORKBOOK_META_MISSING');
      expect(noMeta.stderr).toContain('--source');

      const report = path.join(dir, 'run.jsonl');
      const ingested = await inProcess(['ingest', filled, '--report', report, ...meta, '--rate', '100'], env);
      expect(ingested.code).toBe(1);
      expect(ingested.stdout).toMatch(/uploaded\s+1\s/);
      expect(ingested.stdout).toMatch(/invalid\s+2\s/);
      const stored = sandbox.records();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.sent).toEqual({
        meta: {
          tid: 101,
          title: 'GH4169 R1',
          abstract: 'Tensile tests of R1',
          keywords: ['superalloy', 'tensile'],
          source: { source: '01', methods: '010', reference: 'lab notebook 7' },
          other_info: { project: 'P01', subject: 'S01' },
          public_date: 0,
          public_range: 0,
        },
        content: {
          牌号: 'GH4169',
          试验温度: 650,
          保温时间: { lb: 8, ub: 10 },
          屈服强度: { val: 1035, err: 12.5 },
          热处理状态: '固溶+时效',
          应力序列: [690, 720],
          // R1's table rows, in their order on the sheet, though R2's and R3's rows come between.
          化学成分: [
            { 元素: 'Ni', 含量: 52.8, 测量方法: 'ICP-AES' },
            { 元素: 'Cr', 含量: 19.1, 测量方法: 'ICP-AES' },
          ],
          试验条件: { 气氛: '空气', 加载速率: 2, 设备: { 型号: 'RDL-50', 制造商: '示例仪器厂' } },
          强化相: { 体积分数: 18.5 },
        },
      });
      // 数据ID is the resume key: a second run sends nothing again.
      const again = await inProcess(['ingest', filled, '--report', report, ...meta, '--rate', '100'], env);
      expect(again.stdout).toMatch(/skipped\s+1\s/);
      expect(sandbox.records()).toHaveLength(1);

      const copy = excel<Annotated>(INSPECT_ANNOTATED, annotated);
      expect(copy.order).toEqual(['Problems', '目录', '元数据', '1', '2', '3', '选项']);
      expect(copy.marked.map((m) => m.ref)).toEqual(['1!F3', '3!C4']);
      expect(copy.marked[0]?.note).toContain('CHOICE_NOT_AN_OPTION');
      expect(copy.marked[0]?.note).toContain('field: content.热处理状态');
      expect(copy.marked[0]?.note).toContain('found: 退火');
      expect(copy.marked[1]?.note).toContain('expected: a number in wt.%');
      expect(copy.statuses).toEqual(['1!3 invalid: 1 problem(s)', '1!4 invalid: 1 problem(s)']);
      expect(copy.links).toEqual([
        { text: '1!F3', hyperlink: "#'1'!F3" },
        { text: '3!C4', hyperlink: "#'3'!C4" },
      ]);
      expect(copy.summary).toMatchObject({ records: 3, valid: 1, invalid: 2, problems: 2 });
      // The curator's cells are kept as they were.
      expect(copy.kept).toBe('1035±12.5');

      // The report gives the same workbook back with the same problems, and each record's status.
      const fromReport = path.join(out, 'annotated-from-report.xlsx');
      const reported = await inProcess(
        [
          'report',
          report,
          '--annotate',
          fromReport,
          '--changed-out',
          path.join(dir, 'changed.csv'),
          '--uploaded-out',
          path.join(dir, 'uploaded.xlsx'),
        ],
        env,
      );
      expect(reported.stderr).toBe('');
      expect(reported.code).toBe(1);
      const copy2 = excel<Annotated>(INSPECT_ANNOTATED, fromReport);
      expect(copy2.marked).toEqual(copy.marked);
      expect(copy2.links).toEqual(copy.links);
      expect(copy2.statuses).toEqual([`1!2 uploaded: id ${stored[0]?.id}`, '1!3 invalid: 1 problem(s)', '1!4 invalid: 1 problem(s)']);
      // The success list: the one uploaded record as its sheet holds it, its id, key, when the platform took it and where it came from.
      const uploadedList = await readXlsxList(path.join(dir, 'uploaded.xlsx'));
      expect(uploadedList.header.slice(-7)).toEqual(['platform id', 'key', 'uploaded at', 'file', 'sheet', 'row', 'note']);
      expect(uploadedList.rows).toHaveLength(1);
      const [id, key, uploadedAt, file, sheet, row, note] = uploadedList.rows[0]?.slice(-7) ?? [];
      expect([id, key, file, sheet, row, note]).toEqual([stored[0]?.id, 'R1', filled, '1', 2, null]);
      expect(uploadedList.rows[0]?.[uploadedList.header.indexOf('数据ID')]).toBe('R1');
      expect(uploadedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // Written as the answer came: after the sandbox received the record, before the resume run.
      const receivedAt = Date.parse(stored[0]?.receivedAt ?? '');
      expect(Date.parse(String(uploadedAt))).toBeGreaterThanOrEqual(receivedAt);
      expect(Date.parse(String(uploadedAt)) - receivedAt).toBeLessThan(5_000);
      const overwrite = await inProcess(['report', report, '--annotate', filled], env);
      expect(overwrite.code).toBe(2);
      // The report's own input is refused like every file a report names (OUTPUT_IS_INPUT).
      expect(overwrite.stderr).toContain('OUTPUT_IS_INPUT');

      const browser = browserOf();
      const page = await browser.open(html);
      expect(Number(await page.locator('[data-count="invalid"] .n').innerText())).toBe(2);
      const name = path.basename(filled);
      expect(await texts(page, 'ref')).toEqual([`${name}!'1'!F3`, `${name}!'3'!C4`]);
      expect(await texts(page, 'code')).toEqual(['CHOICE_NOT_AN_OPTION', 'VALUE_NOT_A_NUMBER']);
      await page.locator('#table-problems [data-filter="code"]').fill('CHOICE');
      expect(await texts(page, 'ref')).toEqual([`${name}!'1'!F3`]);
      await page.screenshot({ path: path.join(out, 'platform-workbook.png'), fullPage: true });
      expect(browser.errors).toEqual([]);
      expect(browser.requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
      await page.close();
    });
  }, 90_000);
});

describe('a platform workbook made before its template changed (CLI in-process, sandbox)', () => {
  test('the changed fields are listed, a unit that changed is converted, a new field with no column is named, older sheet names read, the record uploads', async () => {
    const { readFile } = await import('node:fs/promises');
    const { startSandbox } = await import('../../src/platform/sandbox/start-sandbox.js');
    const samples = JSON.parse(await readFile('samples/templates.json', 'utf8')) as { templates: Record<string, unknown>[] };
    await withSandbox({}, async (first, dir) => {
      const blank = path.join(dir, 'blank.xlsx');
      const filled = path.join(dir, 'filled.xlsx');
      // Made for template 201 as it was (屈服强度 in MPa); the template's version is cached.
      const made = await inProcess(['init', '201', '--workbook', blank], envFor(first, dir));
      expect(made.code).toBe(0);
      excel(
        `const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(process.argv[1]);
        book.getWorksheet('元数据').getRow(2).values = ['S1', 'steel S1', 'tensile', 'steel'];
        book.getWorksheet('1').getRow(2).values = ['S1', 'Fe0.7C0.3', 500];
        book.getWorksheet('2').getRow(2).values = ['S1', 'C', 0.3];
        // The older platform's sheet and key names are read as the current ones.
        book.getWorksheet('元数据').name = 'Data Info';
        book.getWorksheet('目录').name = 'Sheet Info';
        book.getWorksheet('1').getCell('A1').value = 'Data ID';
        await book.xlsx.writeFile(process.argv[2]);`,
        blank,
        filled,
      );
      // Since then: 屈服强度 is in GPa and a field 硬度 was added.
      const changed = samples.templates.map((t) => {
        if (t['id'] !== 201) return t;
        const content = structuredClone(t['content']) as Record<string, unknown> & { _ord: string[] };
        (content['屈服强度'] as { misc: { unit: string } }).misc.unit = 'GPa';
        content._ord = [...content._ord, '硬度'];
        content['硬度'] = { t: 2, r: false, misc: { unit: 'HV' } };
        return { ...t, pub_date: '2024-07-01 09:00:00', content };
      });
      const later = await startSandbox({ port: 0, templates: changed, storeFile: path.join(dir, 'later.jsonl') });
      try {
        const env = { ...envFor(later, dir), XDG_CACHE_HOME: path.join(dir, 'cache') };
        const result = await inProcess(
          ['ingest', filled, '--report', path.join(dir, 'r.jsonl'), '--source', '10', '--methods', 'experiment', '--rate', '100'],
          env,
        );
        expect(result.code).toBe(0);
        expect(result.stderr).toContain('warning TEMPLATE_CHANGED');
        expect(result.stderr).toContain('2024-06-01 10:00:00 → 2024-07-01 09:00:00');
        expect(result.stderr).toMatch(/屈服强度.*MPa.*GPa/);
        expect(result.stderr).toContain('warning WORKBOOK_COLUMNS_CHANGED');
        expect(result.stderr).toContain('field 硬度: no column in the workbook');
        const [record] = later.records();
        expect((record?.sent as { content: Record<string, unknown> }).content).toEqual({
          化学式: 'Fe0.7C0.3',
          屈服强度: 0.5,
          化学成分: [{ 元素: 'C', 含量: 0.3 }],
        });
      } finally {
        await later.close();
      }
    });
  }, 60_000);
});
