/// <reference lib="dom" />
// The page checks run in the browser (page.evaluate): they use its document.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import {
  byCode,
  changed,
  countsOf,
  enter,
  fieldId,
  openMapper,
  pastWidth,
  pickColumn,
  revision,
  useMappers,
  validateSaved,
} from '../helpers/mapper-page.js';
import { tabThrough, unnamedControls } from '../helpers/page-access.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const browserOf = useBrowser();
const startMapper = useMappers();

/**
 * The screenshots docs/mapper.md shows (a laptop and a phone): kept in the test's output folder on
 * every run, and written over docs/ only when MGE_DOCS_SCREENSHOTS=1, as the report page's are.
 */
const SHOTS = process.env['MGE_DOCS_SCREENSHOTS'] === '1' ? path.resolve('docs') : await testOutputDir('mapper');

/**
 * The thermoelectrics dataset (samples/, from the shared public datasets) as a curator might have
 * it: the temperature's header without its unit (`T`, in kelvin) and room temperature written `RT`
 * in five rows (L4, L8, L12, L16, L20).
 */
async function thermoelectrics(dir: string): Promise<string> {
  const lines = (await readFile('samples/ucsb_thermoelectrics.csv', 'utf8')).split('\n');
  lines[0] = lines[0]!.replace(',T [K],', ',T,');
  for (const i of [3, 7, 11, 15, 19]) lines[i] = lines[i]!.replace(/,[^,]*,([^,]*)$/, ',RT,$1');
  await writeFile(path.join(dir, 'te.csv'), lines.join('\n'));
  return 'te.csv';
}

describe('mapper in a real browser (built CLI, chromium)', () => {
  test('a new mapping: proposals taken, a column and its unit changed, meta written, counts as validate gives them, saved', async () => {
    const dir = await makeTempDir('mge-mapper-e2e-');
    const input = await thermoelectrics(dir);
    const mapper = await startMapper([input, '--template', '202', '--sandbox', '--mapping', 'te.yaml'], dir);
    const browser = browserOf();
    const page = await openMapper(browser, mapper.url);

    // init's proposals are there: a sure one live with its score, required fields marked in words.
    expect(await page.locator(`${fieldId('column', '成分')} option:checked`).innerText()).toMatch(
      /^composition — e\.g\. Ti0\.99Nb0\.01NiSn · init 1\.00$/,
    );
    expect(await page.locator(fieldId('field', '成分')).locator('legend').innerText()).toContain('required');
    expect(await page.locator('#unused').innerText()).toContain('PF [W/mK^2]');
    expect(await page.locator('#problems [data-code="MAPPING_PLACEHOLDER"]').count()).toBe(3);
    // Every control has a name a screen reader says (a label for it, or aria-label), and is reached by Tab.
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea, button')]
        .filter(
          (el) =>
            el.getAttribute('aria-label') === null &&
            el.textContent?.trim() === '' &&
            document.querySelector(`label[for="${CSS.escape(el.id)}"]`) === null,
        )
        .map((el) => el.id || el.outerHTML.slice(0, 60)),
    );
    expect(unnamed).toEqual([]);
    expect(
      await page.evaluate(
        () => [...document.querySelectorAll('input, select, textarea, button')].filter((el) => (el as HTMLElement).tabIndex < 0).length,
      ),
    ).toBe(0);
    // As a screen reader meets them (the accessibility tree), and by keyboard: Tab reaches every control, Save too.
    expect(await unnamedControls(page)).toEqual([]);
    const tabbed = await tabThrough(page);
    expect(tabbed.missed).toEqual([]);
    expect(tabbed.reached).toContain('save');

    // The meta: the title's column picked from the list, the rest typed; the mapping then checks out.
    let rev = await revision(page);
    await page.locator('#meta-title').fill('');
    rev = await changed(page, rev, () => page.locator('#meta-title-column').selectOption('composition'));
    rev = await changed(page, rev, () => enter(page, '#meta-title', '{composition} thermoelectric properties'));
    rev = await changed(page, rev, () => enter(page, '#meta-abstract', 'Thermoelectric measurements of {composition} ({crystallinity}).'));
    rev = await changed(page, rev, () => enter(page, '#meta-keywords', 'thermoelectric, {composition}'));
    rev = await changed(page, rev, () => page.locator('#meta-source').selectOption('01'));
    rev = await changed(page, rev, () => enter(page, '#meta-reference', 'Gaultois et al., Chem. Mater. 25 (2013) 2911'));
    expect(await page.locator('#problems').innerText()).toContain('The mapping checks out');
    expect(await page.locator('[data-record="0"] [data-path="meta.title"]').innerText()).toContain(
      'Ti0.99Nb0.01NiSn thermoelectric properties',
    );
    expect((await countsOf(page)).records).toBe(1093);

    // One column changed: the temperature from T. Five RT cells are no numbers, at their cells.
    rev = await changed(page, rev, () => pickColumn(page, fieldId('column', '测试温度'), 'T'));
    expect(await countsOf(page)).toEqual({ files: 1, rows: 1093, records: 1093, valid: 1088, invalid: 5, duplicate: 0 });
    expect(await byCode(page)).toEqual({ VALUE_NOT_A_NUMBER: 5 });
    expect(await page.locator(fieldId('badges', '测试温度')).innerText()).toBe('VALUE_NOT_A_NUMBER 5');
    expect(await page.locator('#first-problems td.mono').allInnerTexts()).toEqual([
      'te.csv!L4',
      'te.csv!L8',
      'te.csv!L12',
      'te.csv!L16',
      'te.csv!L20',
    ]);
    const temperature = page.locator('[data-record="0"] [data-path="content.测试温度"]');
    expect(await temperature.innerText()).toMatch(/^content\.测试温度\s+400\s+te\.csv!L2: 400\.0$/);

    // One unit changed: the column is in kelvin, the template stores ℃.
    rev = await changed(page, rev, () => enter(page, fieldId('unit', '测试温度'), 'K'));
    expect(await temperature.innerText()).toMatch(/^content\.测试温度\s+126\.85\s+te\.csv!L2: 400\.0 K → 126\.85 ℃$/);
    expect(await page.locator(fieldId('conversion', '测试温度')).innerText()).toBe('first record: 400.0 K → 126.85 ℃');
    expect((await countsOf(page)).invalid).toBe(5);

    // Saved as it is, by keyboard, validate prints the page's numbers (and exits 1 for the five rows).
    await page.locator('#save').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#status.good');
    const first = await validateSaved(dir, 'te.yaml', input, ['--sandbox']);
    expect(first.code).toBe(1);
    expect(first.counts).toEqual(await countsOf(page));
    expect(first.json['invalidByCode']).toEqual(await byCode(page));

    // RT as 298.15 K, through the field's YAML: every record valid.
    await page.locator(fieldId('field', '测试温度')).locator('summary').click();
    await changed(page, rev, () => enter(page, fieldId('yaml', '测试温度'), '{column: T, unit: K, map: {RT: 298.15}}'));
    const counts = await countsOf(page);
    expect(counts).toEqual({ files: 1, rows: 1093, records: 1093, valid: 1093, invalid: 0, duplicate: 0 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'mapper.png'), fullPage: false });
    await page.locator('#save').click();
    await page.waitForSelector('#status.good');
    expect(await page.locator('#next pre.command').first().innerText()).toContain('mge-ingest validate --mapping te.yaml te.csv --sandbox');

    const saved = await readFile(path.join(dir, 'te.yaml'), 'utf8');
    expect(saved.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=/);
    expect(saved).toContain('# 测试温度 — number, unit ℃');
    expect(saved).toMatch(/^key: \[id\]/m);
    const second = await validateSaved(dir, 'te.yaml', input, ['--sandbox']);
    expect(second.code).toBe(0);
    expect(second.counts).toEqual(counts);

    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing reaches past the phone's width (a page wider than the screen scrolls sideways).
    const phone = await pastWidth(page, 390);
    expect(phone.scrollWidth).toBeLessThanOrEqual(390);
    expect(phone.wide).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'mapper-phone.png'), fullPage: false });

    expect(browser.errors).toEqual([]);
    const origin = new URL(mapper.url).origin;
    expect(browser.requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await page.close();
    const ended = await mapper.stop();
    expect(ended.code).toBe(0);
    expect(ended.stderr).toContain('te.yaml is saved');
  }, 120_000);

  test("an existing commented mapping: its other meta keys edited, a field taken out, the file's comments and layout kept, validate passes", async () => {
    const dir = await makeTempDir('mge-mapper-edit-');
    await writeFile(path.join(dir, 'te.csv'), await readFile('samples/ucsb_thermoelectrics.csv'));
    // The shipped mapping with a comment above the field to take out and an aligned one after a value.
    const before = (await readFile('mappings/ucsb_thermoelectrics.yaml', 'utf8'))
      .replace('  合成方法: synthesis\n', '  # As the paper words it.\n  合成方法: synthesis\n')
      .replace('  热电优值: zT\n', '  热电优值: zT                # dimensionless\n');
    // Meta keys beyond title, abstract, keywords and source (doi, a value spec, is in the file already).
    const withMeta = before.replace('  source:\n', '  institution: UCSB\n  other_info: {project: P-1, subject: S-1}\n  source:\n');
    await writeFile(path.join(dir, 'm.yaml'), withMeta);
    const mapper = await startMapper(['te.csv', '--sandbox', '--mapping', 'm.yaml'], dir);
    const page = await openMapper(browserOf(), mapper.url);
    expect(await page.locator('#problems').innerText()).toContain('The mapping checks out');
    expect(await countsOf(page)).toMatchObject({ records: 1093, valid: 1093, invalid: 0 });
    // The value map the file holds is the one the page shows.
    expect(await page.locator(`${fieldId('map0', '结晶性')} option:checked`).innerText()).toBe('多晶');

    // Every meta key of the file is on the page: a value spec as YAML, the others as text.
    expect(await page.locator('[id="meta-doi"]').inputValue()).toBe('{"column":"src","regex":"^(?:https?://dx\\\\.doi\\\\.org/(.+))?"}');
    expect(await page.getByRole('textbox', { name: 'doi (as YAML)' }).count()).toBe(1);
    expect(await page.locator('[id="meta-institution"]').inputValue()).toBe('UCSB');
    expect(await page.locator('[id="meta-other_info.project"]').inputValue()).toBe('P-1');
    expect(await page.locator('[id="meta-other_info.subject"]').inputValue()).toBe('S-1');
    let rev = await revision(page);
    // The institution with a cell in it, its column picked from the list; a key the file lacks added.
    rev = await changed(page, rev, () => enter(page, '[id="meta-institution"]', 'UC Santa Barbara (sample )'));
    await page.locator('[id="meta-institution"]').evaluate((el) => (el as HTMLInputElement).setSelectionRange(25, 25));
    rev = await changed(page, rev, () => page.locator('[id="meta-institution-column"]').selectOption('id'));
    expect(await page.locator('[id="meta-institution"]').inputValue()).toBe('UC Santa Barbara (sample {id})');
    await page.locator('#meta-add').selectOption('public');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('meta-public');
    rev = await changed(page, rev, () => page.keyboard.type('false').then(() => page.keyboard.press('Enter')));
    rev = await changed(page, rev, () => enter(page, '[id="meta-other_info.subject"]', ''));
    expect(await page.locator('[data-record="0"] [data-path="meta.institution"]').innerText()).toContain('UC Santa Barbara (sample 1)');
    expect(await page.locator('[data-record="0"] [data-path="meta.public"]').innerText()).toContain('false');
    expect(await page.locator('[id="meta-other_info.subject"]').count()).toBe(0);

    await changed(page, rev, () => page.locator(fieldId('column', '合成方法')).selectOption('none'));
    expect(await page.locator('[data-record="0"] [data-path="content.合成方法"]').count()).toBe(0);
    expect(await page.locator('#unused').innerText()).toContain('synthesis');
    expect(await countsOf(page)).toMatchObject({ records: 1093, valid: 1093, invalid: 0 });
    await page.locator('#save').click();
    await page.waitForSelector('#status.good');

    const after = await readFile(path.join(dir, 'm.yaml'), 'utf8');
    expect(after).toBe(
      before
        .replace('  合成方法: synthesis\n', '')
        .replace('  source:\n', '  institution: UC Santa Barbara (sample {id})\n  other_info: {project: P-1}\n  source:\n')
        .replace('\ncontent:\n', '\n  public: false\ncontent:\n'),
    );
    const comments = before.split('\n').filter((line) => line.includes('#'));
    expect(comments).toHaveLength(5);
    for (const line of comments) expect(after.split('\n')).toContain(line);
    const validated = await validateSaved(dir, 'm.yaml', 'te.csv', ['--sandbox']);
    expect(validated.code).toBe(0);
    expect(validated.counts).toEqual(await countsOf(page));
    await page.close();
    expect((await mapper.stop()).code).toBe(0);
  }, 60_000);
});
