/// <reference lib="dom" />
// The page checks run in the browser (page.evaluate): they use its document.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import { envFor, ingestArgs, runCli, sampleLines, tempDir } from './ingest-harness.js';

const browserOf = useBrowser();

/**
 * The screenshots docs/html-report.md shows, taken by this test (a desktop and a phone): kept in the
 * test's output folder on every run, and written over docs/ only when MGE_DOCS_SCREENSHOTS=1, so a
 * test run leaves the checkout as it was.
 */
const SHOTS = process.env['MGE_DOCS_SCREENSHOTS'] === '1' ? path.resolve('docs') : await testOutputDir('report-html-layout');

/** A proxy's 502 page, as a platform behind nginx or a CDN answers when its backend is down: many lines, most of them markup. */
const BAD_GATEWAY = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>502 Bad Gateway</title>
  <style>
    body { font-family: sans-serif; margin: 0; padding: 4em; }
    .box { border: 1px solid #ccc; padding: 2em; }
  </style>
</head>
<body>
  <div class="box">
    <h1>502 Bad Gateway</h1>


    <p>The server, while acting as a gateway or proxy, received an invalid response from the upstream server.</p>
    <p>Please try again in a few minutes.</p>
  </div>
  <hr>
  <center>nginx/1.18.0 (Ubuntu)</center>
</body>
</html>
`;

/**
 * A run of 80 rows of the steel sample against a sandbox with faults (some rows fail, some end
 * uncertain), 12 of them with a yield strength or elongation a curator typed in words, and one row
 * typed twice with another elongation (its key, a long formula, the value found); the report's
 * first 502 then holds the proxy's whole page as its detail, as a platform behind a proxy answers.
 */
async function reportWithBadGateway(dir: string): Promise<string> {
  const { header, rows } = await sampleLines();
  const broken = rows.slice(0, 80).map((line, i) => {
    if (i % 7 !== 3) return line;
    const cells = line.replace(/\r$/, '').split(',');
    cells[15] = 'n/a';
    if (i % 2 === 0) cells[17] = 'about 7';
    return cells.join(',');
  });
  // A row typed twice, its elongation changed: a duplicate key, found as the formula (one long word).
  broken.push(broken[10]!.replace(/,[^,]*$/, ',9.5'));
  const input = path.join(dir, 'steel.csv');
  await writeFile(input, [header, ...broken, ''].join('\n'));
  const report = path.join(dir, 'steel.report.jsonl');
  const sandbox = await startSandbox({ failRate: 0.1, commitThenFailRate: 0.05, seed: 5 });
  try {
    expect((await runCli(ingestArgs(input, report, '--max-retries', '0', '--quiet'), envFor(sandbox, dir))).code).toBe(1);
  } finally {
    await sandbox.close();
  }
  const lines = (await readFile(report, 'utf8')).trimEnd().split('\n');
  const at = lines.findIndex((l) => l.includes('"type":"uncertain"') && l.includes('"status":502'));
  expect(at).toBeGreaterThan(0);
  const line = JSON.parse(lines[at]!) as { detail?: string; location: { row: number } };
  lines[at] = JSON.stringify({ ...line, detail: BAD_GATEWAY });
  await writeFile(report, `${lines.join('\n')}\n`);
  return report;
}

/**
 * Cells of the problem table's current page whose text reaches past the viewport or is cut in its cell,
 * but for `except` (the key, cut to its column on a wide screen, whole on hover).
 */
function hiddenCells(page: Page, except: readonly string[] = []): Promise<string[]> {
  return page.evaluate((except) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const td of document.querySelectorAll<HTMLElement>('#table-problems tbody td')) {
      if ((td.textContent ?? '') === '') continue;
      const box = td.getBoundingClientRect();
      const col = td.dataset['col'] ?? '?';
      if (except.includes(col)) continue;
      if (box.width === 0 || box.height === 0) out.push(`${col}: not drawn`);
      else if (box.left < 0 || box.right > width + 0.5) out.push(`${col}: ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`);
      else if (td.scrollWidth > td.clientWidth + 1) out.push(`${col}: cut (${td.scrollWidth} > ${td.clientWidth})`);
    }
    return out;
  }, except);
}

describe('the HTML page on a phone and a wide screen (built CLI, chromium)', () => {
  test('390 px: no page scroll, every problem whole; 1400 px: the Problem column whole; a 502 page one short row', async () => {
    const browser = browserOf();
    const dir = await tempDir();
    const report = await reportWithBadGateway(dir);
    const html = path.join(dir, 'report.html');
    expect((await runCli(['report', report, '--html', html], {})).code).toBe(1);
    const page = await browser.open(html);

    // A wide screen: the table fits its box, no problem text is cut or pushed out of sight.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.locator('#table-problems .pager select.size').selectOption('500');
    const table = await page.evaluate(() => {
      const scroll = document.querySelector<HTMLElement>('#table-problems .scroll')!;
      const box = scroll.getBoundingClientRect();
      const cells = [...document.querySelectorAll<HTMLElement>('#table-problems tbody td[data-col="message"]')];
      return {
        overflow: scroll.scrollWidth - scroll.clientWidth,
        cells: cells.length,
        cut: cells.filter((td) => td.scrollWidth > td.clientWidth + 1 || getComputedStyle(td).textOverflow === 'ellipsis').length,
        outside: cells.filter((td) => td.getBoundingClientRect().right > box.right + 0.5).length,
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(table.cells).toBeGreaterThan(12);
    expect(table).toEqual({ overflow: 0, cells: table.cells, cut: 0, outside: 0, pageWidth: 1400 });
    expect(await hiddenCells(page, ['key'])).toEqual([]);

    // The 502: its status and first line in one short row, the page itself behind a closed details.
    const row = page.locator('#table-problems tbody tr', { hasText: 'HTTP 502' }).filter({ hasText: 'upstream server' });
    expect(await row.count()).toBe(1);
    const message = row.locator('td[data-col="message"]');
    expect(await message.locator('details > summary').innerText()).toBe('PLATFORM_ERROR (HTTP 502): 502 Bad Gateway');
    expect(await message.locator('details').getAttribute('open')).toBeNull();
    // Short: at most three lines of text (the page itself is 24 lines).
    expect((await row.boundingBox())!.height).toBeLessThan(72);
    expect(await message.locator('details').textContent()).toContain('received an invalid response from the upstream server');
    await message.locator('details > summary').click();
    expect(await message.locator('details').getAttribute('open')).not.toBeNull();
    expect(await message.innerText()).toContain('nginx/1.18.0 (Ubuntu)');
    await message.locator('details > summary').click();

    await page.locator('#table-problems .pager select.size').selectOption('25');
    await page.evaluate(() => window.scrollTo(0, 0));
    // The page down to the end of the problem table (the lists of uploaded rows below it are long).
    // From the charts down: the title and runs above them name the test's temporary folders.
    const [start, end] = await page.evaluate(() => [
      document.querySelector('#charts')!.getBoundingClientRect().top + window.scrollY - 8,
      document.querySelector('#problems')!.getBoundingClientRect().bottom + window.scrollY + 8,
    ]);
    await page.screenshot({
      path: path.join(SHOTS, 'html-report.png'),
      fullPage: true,
      clip: { x: 0, y: start, width: 1400, height: end - start },
    });

    // A phone: nothing wider than the screen, every field of every problem on the page in sight.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('#table-problems .pager select.size').selectOption('100');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('#table-problems tbody tr').count()).toBeGreaterThan(12);
    expect(await hiddenCells(page)).toEqual([]);
    // Each field is named beside its value, as the header names it on a wide screen.
    const labels = await page
      .locator('#table-problems tbody tr')
      .first()
      .locator('td')
      .evaluateAll((tds) => tds.filter((td) => td.textContent !== '').map((td) => getComputedStyle(td, '::before').content));
    expect(labels).toContain('"Problem"');
    expect(labels).toContain('"Cell"');
    await page.locator('#table-problems .pager select.size').selectOption('25');
    await page.evaluate(() => window.scrollTo(0, 0));
    // The problems as cards, from the table's filters on: three screens' worth.
    const top = await page.evaluate(() => document.querySelector('#table-problems')!.getBoundingClientRect().top + window.scrollY - 8);
    await page.screenshot({
      path: path.join(SHOTS, 'html-report-phone.png'),
      fullPage: true,
      clip: { x: 0, y: top, width: 390, height: 3 * 844 },
    });

    expect(browser.errors).toEqual([]);
    expect(browser.requests.filter((url) => !url.startsWith('file:'))).toEqual([]);
    await page.close();
  }, 120_000);

  test("validate --html names each input's sha256", async () => {
    const browser = browserOf();
    const dir = await tempDir();
    const { header, rows } = await sampleLines();
    const input = path.join(dir, 'steel.csv');
    await writeFile(input, [header, ...rows.slice(0, 20), ''].join('\n'));
    const html = path.join(dir, 'validate.html');
    const result = await runBuiltCli(['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', input, '--html', html], {
      env: { XDG_CACHE_HOME: path.join(dir, 'cache') },
    });
    expect(result.code).toBe(0);
    const page = await browser.open(html);
    await page.setViewportSize({ width: 1400, height: 900 });
    const sha256 = createHash('sha256')
      .update(await readFile(input))
      .digest('hex');
    const shown = page.locator('#runs table.inputs tbody tr td:nth-child(3) code');
    expect(await shown.getAttribute('title')).toMatch(/^[0-9a-f]{64}$/);
    expect(await shown.getAttribute('title')).toBe(sha256);
    expect(await shown.innerText()).toBe(`${sha256.slice(0, 12)}…`);
    expect(browser.errors).toEqual([]);
    await page.close();
  }, 60_000);
});
