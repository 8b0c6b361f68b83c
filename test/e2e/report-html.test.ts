import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import type { ReportState } from '../../src/report/fold-report.js';
import { keyAsWritten } from '../../src/util/key-as-written.js';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { envFor, ingestArgs, runCli, SAMPLE, tempDir } from './ingest-harness.js';
import { hostileReport, HOSTILE } from './hostile-report.js';

const browserOf = useBrowser();

/** The number a count card shows. */
async function shownCount(page: Page, name: string): Promise<number> {
  return Number((await page.locator(`[data-count="${name}"] .n`).innerText()).replaceAll(',', ''));
}

/** The texts of one column on the table's current page. */
function columnTexts(page: Page, table: string, col: string): Promise<string[]> {
  return page.locator(`#table-${table} tbody td[data-col="${col}"]`).allTextContents();
}

function pagerInfo(page: Page, table: string): Promise<string> {
  return page.locator(`#table-${table} .pager .info`).innerText();
}

/** Problems the page should list: every problem of an invalid row, one per failed or uncertain row. */
function problemsOf(state: ReportState): { code: string; field: string | undefined }[] {
  const out: { code: string; field: string | undefined }[] = [];
  for (const entry of state.keys.values()) {
    if (entry.status === 'invalid') for (const p of entry.problems ?? []) out.push({ code: p.code, field: p.field });
    else if (entry.status === 'failed' || entry.status === 'uncertain')
      out.push({ code: entry.failure?.code ?? 'UNKNOWN', field: undefined });
  }
  return out;
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('report --html in a real browser (CLI, sandbox over HTTP, chromium)', () => {
  test('counts match report --json; filter, sort, page through; uploaded ids and changed rows shown', async () => {
    const browser = browserOf();
    const dir = await tempDir();
    const out = await testOutputDir('report-html');
    // 502/503 and stored-then-500 answers, no retries: some rows fail, some end uncertain.
    const sandbox = await startSandbox({ failRate: 0.08, commitThenFailRate: 0.06, seed: 11 });
    try {
      const [header = '', ...rows] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
      // A curator's typos: 40 rows with a yield strength that is no number, 20 of them an elongation too.
      const broken = rows.slice(0, 150).map((line, i) => {
        if (i % 3 !== 1 || i > 120) return line;
        const cells = line.replace(/\r$/, '').split(',');
        cells[15] = 'n/a';
        if (i % 2 === 0) cells[17] = 'about 7';
        return cells.join(',');
      });
      const input = path.join(dir, 'steel.csv');
      await writeFile(input, [header, ...broken, ''].join('\n'));
      const report = path.join(dir, 'steel.report.jsonl');
      // Through the built CLI (exit code and output as a shell sees them); the other runs in this process.
      expect((await runCli(ingestArgs(input, report, '--max-retries', '0', '--quiet'), envFor(sandbox, dir))).code).toBe(1);

      // Run 2: one uploaded row comes back with another elongation: a changed row.
      const first = await loadReportState(report, { whole: true });
      const uploadedEntry = [...first.state.keys.values()].find((e) => e.status === 'uploaded')!;
      const line = broken[uploadedEntry.location.row - 2]!.split(',');
      line[17] = '99.5';
      const again = path.join(dir, 'steel-again.csv');
      await writeFile(again, `${header}\n${line.join(',')}\n`);
      // A changed row is reported, not uploaded (--on-change report): a row to check, exit 1.
      expect((await inProcess(ingestArgs(again, report, '--quiet'), envFor(sandbox, dir))).code).toBe(1);

      const html = path.join(out, 'report.html');
      const shown = await inProcess(['report', report, '--json', '--html', html], {});
      expect(shown.code).toBe(1);
      const json = JSON.parse(shown.stdout) as { counts: Record<string, number>; keys: number; html: { file: string; bytes: number } };
      expect(json.html.bytes).toBeGreaterThan(0);
      expect(json.counts['failed']).toBeGreaterThan(0);
      expect(json.counts['uncertain']).toBeGreaterThan(0);
      expect(json.counts['changed']).toBe(1);
      expect(json.counts['invalid']).toBe(40);
      const { state } = await loadReportState(report, { whole: true });
      const problems = problemsOf(state);

      const page = await browser.open(html);
      for (const status of ['uploaded', 'invalid', 'failed', 'uncertain', 'changed'])
        expect(await shownCount(page, status)).toBe(json.counts[status]);
      expect(await shownCount(page, 'keys')).toBe(json.keys);
      expect(await page.locator('#runs details.run').count()).toBe(2);
      expect(await pagerInfo(page, 'problems')).toBe(`rows 1–${Math.min(100, problems.length)} of ${problems.length}`);

      // Type a code: only its problems remain, as many as the report holds.
      await page.locator('#table-problems [data-filter="code"]').fill('not_a_number');
      const numberProblems = problems.filter((p) => p.code === 'VALUE_NOT_A_NUMBER').length;
      expect(numberProblems).toBe(60);
      expect(await pagerInfo(page, 'problems')).toBe(`rows 1–60 of 60 (filtered from ${problems.length})`);
      expect(new Set(await columnTexts(page, 'problems', 'code'))).toEqual(new Set(['VALUE_NOT_A_NUMBER']));
      const refs = await columnTexts(page, 'problems', 'ref');
      expect(refs[0]).toBe('steel.csv!P3');
      expect(refs.every((r) => /^steel\.csv![PR]\d+$/.test(r))).toBe(true);

      // Pick a field as well: the elongation problems only.
      const elongation = problems.filter((p) => p.field === 'content.延伸率').length;
      await page.locator('#table-problems select[data-filter="field"]').selectOption('=content.延伸率');
      expect(await pagerInfo(page, 'problems')).toBe(`rows 1–${elongation} of ${elongation} (filtered from ${problems.length})`);
      expect(new Set(await columnTexts(page, 'problems', 'field'))).toEqual(new Set(['content.延伸率']));

      // A bar of the code chart filters by its code (here a failed or uncertain upload's).
      await page.locator('#table-problems select[data-filter="field"]').selectOption('');
      const failedCode = problems.find((p) => p.field === undefined)!.code;
      await page.locator(`#charts button.bar[data-col="code"][data-value="${failedCode}"]`).click();
      const withCode = problems.filter((p) => p.code === failedCode).length;
      expect(await pagerInfo(page, 'problems')).toMatch(new RegExp(`of ${withCode} \\(filtered`));
      expect(new Set(await columnTexts(page, 'problems', 'ref')).size).toBe(Math.min(withCode, 100));
      expect((await columnTexts(page, 'problems', 'ref')).every((r) => /^steel\.csv!(\d+):\1$/.test(r))).toBe(true);

      // Sort by code, both ways.
      await page.locator('#table-problems [data-filter="code"]').fill('');
      await page.locator('#table-problems th[data-col="code"] button').click();
      const up = await columnTexts(page, 'problems', 'code');
      expect(up).toEqual([...up].sort());
      expect(await page.locator('#table-problems th[data-col="code"]').getAttribute('aria-sort')).toBe('ascending');
      await page.locator('#table-problems th[data-col="code"] button').click();
      const down = await columnTexts(page, 'problems', 'code');
      expect(down).toEqual([...down].sort().reverse());
      expect(down[0]! > up[0]!).toBe(true);

      // Page through, 25 at a time.
      await page.locator('#table-problems th[data-col="ref"] button').click();
      await page.locator('#table-problems .pager select.size').selectOption('25');
      const page1 = await columnTexts(page, 'problems', 'ref');
      await page.locator('#table-problems .pager button.next').click();
      expect(await pagerInfo(page, 'problems')).toBe(`rows 26–50 of ${problems.length}`);
      const page2 = await columnTexts(page, 'problems', 'ref');
      expect(page2).toHaveLength(25);
      expect(page2.filter((r) => page1.includes(r))).toEqual([]);
      await page.locator('#table-problems .pager button.last').click();
      expect(await pagerInfo(page, 'problems')).toMatch(new RegExp(`–${problems.length} of ${problems.length}$`));

      // Uploaded rows carry their platform ids; the changed row names the record it differs from.
      const keys = await columnTexts(page, 'uploaded', 'key');
      const platformIds = await columnTexts(page, 'uploaded', 'id');
      expect(keys.length).toBe(Math.min(25, json.counts['uploaded']!));
      // The page shows each key as the curator wrote it, not as the report files it.
      const idByShownKey = new Map([...state.keys.values()].map((entry) => [keyAsWritten(entry.key), entry.uploaded?.id] as const));
      expect(platformIds).toEqual(keys.map((k) => String(idByShownKey.get(k))));
      expect(await columnTexts(page, 'changed', 'key')).toEqual([keyAsWritten(uploadedEntry.key)]);
      expect(await columnTexts(page, 'changed', 'oldId')).toEqual([String(uploadedEntry.uploaded?.id)]);
      expect(await page.locator('#uncertain h2 .n').innerText()).toBe(`(${json.counts['uncertain']})`);

      // Every uploaded row with its id, beyond what a page holds.
      const ids = path.join(dir, 'uploaded.csv');
      const exported = await inProcess(['report', report, '--uploaded-out', ids, '--json'], {});
      expect((JSON.parse(exported.stdout) as { uploadedOut: { rows: number } }).uploadedOut.rows).toBe(json.counts['uploaded']);
      expect((await readFile(ids, 'utf8')).trimEnd().split('\r\n')).toHaveLength(json.counts['uploaded']! + 1);

      await page.locator('#table-problems .pager button.first').click();
      await page.screenshot({ path: path.join(out, 'report.png'), fullPage: true });
      expect(browser.errors).toEqual([]);
      expect(browser.requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
      await page.close();
    } finally {
      await sandbox.close();
    }
  }, 120_000);

  test('an --html file that cannot be written is HTML_FILE_UNWRITABLE (exit 2)', async () => {
    const dir = await tempDir();
    const report = path.join(dir, 'hostile.report.jsonl');
    await writeFile(report, hostileReport());
    const result = await inProcess(['report', report, '--html', path.join(dir, 'missing', 'page.html')], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error HTML_FILE_UNWRITABLE');
  }, 30_000);

  test('hostile texts from the data (cells, headers, files, platform answers, settings) show as text and inject nothing', async () => {
    const browser = browserOf();
    const dir = await tempDir();
    const out = await testOutputDir('report-html');
    const report = path.join(dir, 'hostile.report.jsonl');
    await writeFile(report, hostileReport());
    const html = path.join(out, 'hostile.html');
    expect((await inProcess(['report', report, '--html', html], {})).code).toBe(1);

    const page = await browser.open(html);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    // The page's own two scripts (data and code), nothing else that could run or load.
    expect(await page.locator('script').count()).toBe(2);
    expect(await page.locator('img, iframe, object, embed, svg script, style + style, link, base, form').count()).toBe(0);
    expect(await page.locator('[onerror], [onload], [onclick]').count()).toBe(0);
    // Every hostile text reads back exactly as written, in the table and in the markup drawn on the server.
    const cells = await page.locator('#table-problems tbody td').allTextContents();
    for (const text of [HOSTILE.found, HOSTILE.header, HOSTILE.message, HOSTILE.field, HOSTILE.detail]) {
      expect(cells.some((c) => c.includes(text))).toBe(true);
    }
    expect(await page.locator('#table-problems tbody td[data-col="ref"]').first().innerText()).toBe(
      `${HOSTILE.file}!${HOSTILE.sheetRef}!B7`,
    );
    expect(await page.locator('h1 .subject').innerText()).toBe(report);
    expect(await page.locator('#runs').innerText()).toContain(HOSTILE.mapping);
    const bars = await page
      .locator('#charts button.bar[data-col="field"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-value')));
    expect(bars.sort()).toEqual(['', HOSTILE.field]);
    await page.locator('#table-problems [data-filter="code"]').fill(HOSTILE.code);
    expect(await columnTexts(page, 'problems', 'code')).toEqual([HOSTILE.code]);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    expect(browser.requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    await page.close();
  }, 60_000);
});
