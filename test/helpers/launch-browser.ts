import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { makeTempDir } from './temp-dir.js';

/** Debian's chromium: the browser the page tests drive (npm cannot download one here). */
export const CHROMIUM = '/usr/bin/chromium';

/** A browser with its own fresh profile, closed (and the profile removed) by `close`. */
export interface TestBrowser {
  readonly context: BrowserContext;
  /** Every URL the pages asked for, to prove a page fetches nothing. */
  readonly requests: readonly string[];
  /** Opens a page from disk; page errors and console errors are collected in `errors`. */
  open(file: string): Promise<Page>;
  readonly errors: readonly string[];
  close(): Promise<void>;
}

/**
 * Launches the system chromium through playwright-core, headless, offline, with a fresh user-data-dir.
 * A missing browser fails the test (never a skip): `.ci/run` installs it.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: the page tests need Debian's chromium package (.ci/run installs it: apt-get install chromium)`,
    );
  // The browser writes here until useBrowser's afterAll closes it, after the temp-dir helper's own
  // afterAll has run: close() removes it, once the browser is gone.
  const profile = await makeTempDir('mge-chromium-', { removedByCaller: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    offline: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    context,
    requests,
    errors,
    async open(file) {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('html.ready', { timeout: 10_000 });
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The folder for a test's screenshots and pages: `test-output/<name>` (git-ignored). */
export async function testOutputDir(name: string): Promise<string> {
  const dir = path.resolve('test-output', name);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * One browser for the test file (its launch is the slow part): launched before the first test, closed
 * after the last. Returns a getter, since the browser exists only once the hook has run.
 */
export function useBrowser(): () => TestBrowser {
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('the browser is not launched yet: call the getter inside a test');
    return browser;
  };
}
