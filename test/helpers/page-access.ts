/// <reference lib="dom" />
// The checks run in the browser (page.evaluate) and read its accessibility tree: they use its document.
import type { Page } from 'playwright-core';

/** Roles of the controls a person fills or presses: each must have a name a screen reader says. */
const CONTROL = /^\s*- (textbox|searchbox|combobox|listbox|spinbutton|checkbox|radio|switch|slider|button)(?=$|[\s:])(?! ")/;

/**
 * The controls of the accessibility tree (as playwright reads it) that have no name, with the folded
 * parts opened first: a control hidden in a closed `<details>` is not in the tree.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  const tree = await page.locator('body').ariaSnapshot();
  return tree.split('\n').filter((line) => CONTROL.test(line));
}

/** The controls a person can see and use, marked with their place in the page (`data-tab`), by id or text. */
function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea, button, summary')]
      .filter((el) => el.checkVisibility() && !(el as HTMLInputElement).disabled)
      .map((el, i) => {
        el.setAttribute('data-tab', String(i));
        return el.id || el.textContent?.trim() || el.outerHTML.slice(0, 60);
      }),
  );
}

/**
 * Presses Tab from the top of the page until focus comes back round, and lists what it reached, in
 * order, beside the visible controls it did not reach.
 */
export async function tabThrough(page: Page): Promise<{ reached: string[]; missed: string[] }> {
  const controls = await visibleControls(page);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const reached = new Set<number>();
  for (let i = 0; i < controls.length + 20; i++) {
    await page.keyboard.press('Tab');
    // A scrolled panel takes focus too (-2): a stop on the way, not a control.
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      return el === null || el === document.body ? -1 : Number(el.getAttribute('data-tab') ?? -2);
    });
    if (at === -1 || reached.has(at)) break;
    if (at >= 0) reached.add(at);
  }
  return { reached: [...reached].map((i) => controls[i]!), missed: controls.filter((_c, i) => !reached.has(i)) };
}
