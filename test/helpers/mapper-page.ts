/// <reference lib="dom" />
// The width and code checks run in the browser (page.evaluate): they use its document.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BUILT_CLI, runBuiltCli } from '../cli/run-built-cli.js';
import type { TestBrowser } from './launch-browser.js';

/** A running `mapper`, started by the test: its printed link, and how to end it (Ctrl-C). */
export interface RunningMapper {
  readonly url: string;
  stop(): Promise<{ code: number | null; stderr: string }>;
}

/**
 * Starts the built CLI's `mapper` with `--no-open` in `cwd` and resolves with its printed link. A
 * mapper a failed test leaves running is killed after the test (it would keep jest alive).
 */
export function useMappers(): (args: readonly string[], cwd: string) => Promise<RunningMapper> {
  const running = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
    running.clear();
  });
  return (args, cwd) => {
    const child: ChildProcess = spawn(process.execPath, [BUILT_CLI, 'mapper', ...args, '--no-open'], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', XDG_CACHE_HOME: path.join(cwd, 'cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const ended = new Promise<number | null>((resolve) =>
      child.on('close', (code) => {
        running.delete(child);
        resolve(code);
      }),
    );
    return new Promise((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        const url = /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/m.exec(stdout)?.[0];
        if (url !== undefined)
          resolve({
            url,
            stop: async () => {
              child.kill('SIGINT');
              return { code: await ended, stderr };
            },
          });
      });
      void ended.then((code) => reject(new Error(`mapper ended (${String(code)}) before printing its link: ${stderr}`)));
    });
  };
}

/** Opens the printed link (the token sets the page's cookie), the browser offline but for the mapper's own address. */
export async function openMapper(browser: TestBrowser, url: string, width = 1400): Promise<Page> {
  const origin = new URL(url).origin;
  // The test browser starts offline; the mapper's own address is all it reaches.
  await browser.context.setOffline(false);
  await browser.context.route('**/*', (route) => (route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort()));
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => (browser.errors as string[]).push(error.message));
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url);
  await page.waitForSelector('html.ready', { timeout: 15_000 });
  return page;
}

/** The selector of a control of a field (or table column) by its role and its names from `content` down. */
export const fieldId = (role: string, ...names: string[]): string => `[id="${role}-${names.map(encodeURIComponent).join('.')}"]`;

/** The revision the page shows now. */
export async function revision(page: Page): Promise<number> {
  return Number(await page.locator('#app').getAttribute('data-revision'));
}

/** Runs `action` and waits until the page has drawn the revision after `before`. */
export async function changed(page: Page, before: number, action: () => Promise<unknown>): Promise<number> {
  await action();
  await page.waitForSelector(`#app[data-revision="${before + 1}"]`, { timeout: 15_000 });
  return before + 1;
}

export const COUNT_NAMES = ['files', 'rows', 'records', 'valid', 'invalid', 'duplicate'] as const;

/** Waits for the background validate of the drawn revision to be done, and reads its counts as the page shows them. */
export async function countsOf(page: Page): Promise<Record<string, number>> {
  const now = await revision(page);
  await page.waitForSelector(`#counts-status[data-done="true"][data-revision="${now}"]`, { timeout: 30_000 });
  const out: Record<string, number> = {};
  for (const name of COUNT_NAMES) out[name] = Number((await page.locator(`[data-count="${name}"] .n`).innerText()).replaceAll(',', ''));
  return out;
}

/** The records with each code, as the page's table of codes shows them. */
export async function byCode(page: Page): Promise<Record<string, number>> {
  const rows = await page
    .locator('#by-code tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-code') ?? '', Number((tr.children[2]?.textContent ?? '').replaceAll(',', ''))] as const),
    );
  return Object.fromEntries(rows);
}

/** How far the page scrolls sideways, and the elements that reach past `width` (a phone's screen): none may. */
export function pastWidth(page: Page, width: number): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate((w) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > w + 1)
      .map((e) => `${e.tagName}#${e.id} ${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, wide };
  }, width);
}

/** Types a text into a field and leaves it with Enter (a text input reports its value then). */
export async function enter(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).fill(text);
  await page.locator(selector).press('Enter');
}

/** Picks the option of a select whose text starts with `header — ` (a column with its sample). */
export async function pickColumn(page: Page, selector: string, header: string): Promise<void> {
  const picker = page.locator(selector);
  const value = await picker
    .locator('option')
    .evaluateAll((options, h) => options.find((o) => o.textContent?.startsWith(`${h} — `))?.getAttribute('value'), header);
  if (value === undefined || value === null) throw new Error(`no option ${header} in ${selector}`);
  await picker.selectOption(value);
}

/** What `validate --json` prints for the saved mapping, with the given template flags: the numbers the page must show. */
export async function validateSaved(
  dir: string,
  mapping: string,
  input: string,
  templateFlags: readonly string[],
): Promise<{ code: number | null; counts: Record<string, unknown>; json: Record<string, unknown>; stderr: string }> {
  const result = await runBuiltCli(['validate', ...templateFlags, '--mapping', mapping, input, '--json'], {
    cwd: dir,
    env: { XDG_CACHE_HOME: path.join(dir, 'cache') },
  });
  const json = JSON.parse(result.stdout) as Record<string, unknown>;
  return { code: result.code, counts: Object.fromEntries(COUNT_NAMES.map((k) => [k, json[k]])), json, stderr: result.stderr };
}
