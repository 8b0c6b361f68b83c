/// <reference lib="dom" />
// The page checks run in the browser (page.evaluate): they use its document.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { testOutputDir, useBrowser } from '../helpers/launch-browser.js';
import {
  changed,
  countsOf,
  enter,
  fieldId,
  openMapper,
  pastWidth,
  pickColumn,
  revision,
  type RunningMapper,
  useMappers,
  validateSaved,
} from '../helpers/mapper-page.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * The two layouts besides a flat CSV that init's evaluation holds (test/fixtures/header-match): a
 * grouped workbook, one record over several rows with a table filled from them, and a CSV of
 * values with their standard deviation beside them. Each is mapped with the page's controls only
 * (no YAML typed), saved, and validated: the counts are the page's, and every record is valid.
 */
const browserOf = useBrowser();
const startMapper = useMappers();
const SHOTS = await testOutputDir('mapper');
const FIXTURES = path.resolve('test/fixtures/header-match');

/** A copy of a fixture and the evaluation's templates in a fresh folder, and the flag that names them. */
async function prepared(input: string): Promise<{ dir: string; flags: string[] }> {
  const dir = await makeTempDir('mge-mapper-layouts-');
  await copyFile(path.join(FIXTURES, input), path.join(dir, input));
  await copyFile(path.join(FIXTURES, 'templates.json'), path.join(dir, 'templates.json'));
  return { dir, flags: ['--template-file', 'templates.json'] };
}

/** The meta, typed as text (the three FILL_IN placeholders init leaves). */
async function fillMeta(page: Page, rev: number, title: string): Promise<number> {
  rev = await changed(page, rev, () => enter(page, '#meta-title', title));
  rev = await changed(page, rev, () => enter(page, '#meta-abstract', 'Thermoelectric properties from the UCSB dataset.'));
  rev = await changed(page, rev, () => enter(page, '#meta-keywords', 'thermoelectric, UCSB'));
  return rev;
}

/** validate on the saved mapping prints the page's counts and exits 0; the page had no error; Ctrl-C ends the mapper with 0. */
async function validatesAndEnds(
  page: Page,
  mapper: RunningMapper,
  saved: { dir: string; flags: string[]; mapping: string; input: string },
  counts: Record<string, number>,
): Promise<void> {
  const validated = await validateSaved(saved.dir, saved.mapping, saved.input, saved.flags);
  expect(validated.code).toBe(0);
  expect(validated.counts).toEqual(counts);
  expect(browserOf().errors).toEqual([]);
  await page.close();
  expect((await mapper.stop()).code).toBe(0);
}

/** The options of a picker as the page writes them. */
const optionsOf = (page: Page, selector: string): Promise<string[]> => page.locator(`${selector} option`).allInnerTexts();

/**
 * Four wrought nickel superalloys with their nominal compositions (wt.%; blank where the alloy has
 * none of the element); the test temperatures, treatments and stresses are made up for the test.
 */
const ALLOYS = `alloy,temperature (℃),heat treatment,Ni,Cr,Co,Mo,Ti,Al,stress 1 (MPa),stress 2 (MPa),stress 3 (MPa)
Inconel 718,650,固溶+时效,52.5,19.0,,3.05,0.9,0.5,1030,980,905
Waspaloy,650,固溶+时效,58.0,19.5,13.5,4.3,3.0,1.4,795,760,720
Rene 41,760,固溶,55.0,19.0,11.0,10.0,3.1,1.5,870,830,
Nimonic 80A,600,锻态,76.0,19.5,,,2.25,1.4,610,590,560
`;

describe('mapper in a real browser: a grouped workbook, a value±error CSV and element columns, controls only', () => {
  test('a grouped workbook: the table from the rows of a record, its columns picked and given a unit, saved and validated', async () => {
    const input = 'ucsb_thermoelectrics_grouped.xlsx';
    const { dir, flags } = await prepared(input);
    const mapper = await startMapper([input, '--template', '307', ...flags, '--mapping', 'g.yaml'], dir);
    const page = await openMapper(browserOf(), mapper.url);
    const table = '变温测试';

    // What the data looks like: the rows of a record, grouped by Sample; no label column, so no group of columns.
    const rows = page.locator(fieldId('rows', table));
    expect(await rows.locator('option:checked').innerText()).toBe(
      'the rows of one record (rows sharing "Sample") · what the data looks like',
    );
    expect(await optionsOf(page, fieldId('rows', table))).not.toContainEqual(expect.stringContaining('a group of columns'));
    // Each table column has a picker with every column's score, init's choice selected.
    const temperature = fieldId('column', table, 'fromRows', '测试温度');
    expect(await page.locator(`${temperature} option:checked`).innerText()).toMatch(/^T \(K\) — e\.g\. \d+ · init 0\.\d\d$/);
    const options = await optionsOf(page, temperature);
    // Past "not used" and "the same value for every record", each column.
    expect(options.slice(0, 2)).toEqual(['— not used —', '— the same value for every record —']);
    expect(options.slice(2).every((o) => / · init [01]\.\d\d$/.test(o))).toBe(true);
    expect(await page.locator(fieldId('unit', table, 'fromRows', '测试温度')).inputValue()).toBe('K');

    // Not mapped, then back from the list: init's whole table again, its required column missed in between.
    let rev = await revision(page);
    rev = await changed(page, rev, () => rows.selectOption('none'));
    expect(await page.locator('#problems [data-code="MAPPING_REQUIRED_UNMAPPED"]').count()).toBe(1);
    rev = await changed(page, rev, () => rows.selectOption('fromRows'));
    expect(await page.locator('#problems [data-code="MAPPING_REQUIRED_UNMAPPED"]').count()).toBe(0);

    // One column taken out and picked again, its unit typed: the page says the conversion it will make.
    const conductivity = fieldId('column', table, 'fromRows', '电导率');
    rev = await changed(page, rev, () => page.locator(conductivity).selectOption('none'));
    expect(await page.locator(fieldId('unit', table, 'fromRows', '电导率')).count()).toBe(0);
    rev = await changed(page, rev, () => pickColumn(page, conductivity, 'σ (S/cm)'));
    rev = await changed(page, rev, () => enter(page, fieldId('unit', table, 'fromRows', '电导率'), 'S/cm'));
    await fillMeta(page, rev, '{Compound} at several temperatures');
    expect(await page.locator('#problems').innerText()).toContain('The mapping checks out');
    const counts = await countsOf(page);
    expect(counts).toMatchObject({ files: 1, invalid: 0, duplicate: 0 });
    expect(counts['records']).toBeLessThan(counts['rows']!);
    // The table's box below the sticky header: where its rows come from, then its columns.
    await page.evaluate(() => {
      document.getElementById(`field-${encodeURIComponent('变温测试')}`)?.scrollIntoView();
      window.scrollBy(0, -80);
    });
    await page.screenshot({ path: path.join(SHOTS, 'mapper-grouped-table.png'), fullPage: false });

    await page.locator('#save').click();
    await page.waitForSelector('#status.good');
    const saved = parse(await readFile(path.join(dir, 'g.yaml'), 'utf8')) as { groupBy: string[]; content: Record<string, unknown> };
    expect(saved.groupBy).toEqual(['Sample']);
    expect(saved.content[table]).toMatchObject({ fromRows: { 电导率: { column: 'σ (S/cm)', unit: 'S/cm' } } });
    await validatesAndEnds(page, mapper, { dir, flags, mapping: 'g.yaml', input }, counts);
  }, 90_000);

  test("a value±error CSV: init's ranges kept, a runner-up column picked by its score, errOptional switched, saved and validated", async () => {
    const input = 'ucsb_thermoelectrics_mean_sd.csv';
    const { dir, flags } = await prepared(input);
    const mapper = await startMapper([input, '--template', '308', ...flags, '--mapping', 'v.yaml'], dir);
    const page = await openMapper(browserOf(), mapper.url);

    // A field init left without a column still scores every column: the curator sees which fits best.
    const reports = fieldId('column', 'Number of reports');
    const scored = (await optionsOf(page, reports)).slice(2).map((o) => [o.split(' — ')[0], Number(/ · init ([01]\.\d\d)$/.exec(o)?.[1])]);
    expect(scored.every(([, score]) => Number.isFinite(score))).toBe(true);
    const best = [...scored].sort((a, b) => Number(b[1]) - Number(a[1]))[0];
    expect(best?.[0]).toBe('n_reports');
    // The range's value and error columns as init proposed them, the error optional (blank cells).
    expect(await page.locator(`${fieldId('column', 'Seebeck coefficient')} option:checked`).innerText()).toMatch(/^seeb_coef — /);
    expect(await page.locator(`${fieldId('column-err', 'Seebeck coefficient')} option:checked`).innerText()).toMatch(/^seeb_coef_sd — /);
    expect(await page.locator(fieldId('erropt', 'Seebeck coefficient')).isChecked()).toBe(true);

    let rev = await revision(page);
    rev = await changed(page, rev, () => pickColumn(page, reports, 'n_reports'));
    rev = await fillMeta(page, rev, '{compound} at {temp_k} K');
    const before = await countsOf(page);
    expect(before).toMatchObject({ invalid: 0 });
    // Without errOptional, a blank error cell beside its value is a problem of its row.
    rev = await changed(page, rev, () => page.locator(fieldId('erropt', 'Seebeck coefficient')).uncheck());
    const strict = await countsOf(page);
    expect(strict['invalid']).toBeGreaterThan(0);
    expect(await page.locator(fieldId('badges', 'Seebeck coefficient')).innerText()).toMatch(/^RANGE_SHAPE \d/);
    await changed(page, rev, () => page.locator(fieldId('erropt', 'Seebeck coefficient')).check());
    const counts = await countsOf(page);
    expect(counts).toEqual(before);
    await page.screenshot({ path: path.join(SHOTS, 'mapper-value-error.png'), fullPage: false });

    await page.locator('#save').click();
    await page.waitForSelector('#status.good');
    const saved = parse(await readFile(path.join(dir, 'v.yaml'), 'utf8')) as { content: Record<string, unknown> };
    expect(saved.content['Number of reports']).toBe('n_reports');
    expect(saved.content['Seebeck coefficient']).toEqual({ val: 'seeb_coef', err: 'seeb_coef_sd', errOptional: true });
    await validatesAndEnds(page, mapper, { dir, flags, mapping: 'v.yaml', input }, counts);
  }, 90_000);

  test("a blank cell's value and a value for every record, chosen without YAML: every record valid, saved, validated", async () => {
    const dir = await makeTempDir('mge-mapper-layouts-');
    await writeFile(path.join(dir, 'alloys.csv'), 'alloy,temperature (℃)\nInconel 718,650\nWaspaloy,\nRene 41,760\n');
    await copyFile('samples/templates.json', path.join(dir, 'templates.json'));
    const flags = ['--template-file', 'templates.json'];
    const mapper = await startMapper(['alloys.csv', '--template', '101', ...flags, '--mapping', 'a.yaml'], dir);
    const page = await openMapper(browserOf(), mapper.url);
    const state = '热处理状态';

    let rev = await revision(page);
    rev = await changed(page, rev, () => pickColumn(page, fieldId('column', '牌号'), 'alloy'));
    rev = await fillMeta(page, rev, '{alloy} tensile test');
    // No column holds the heat treatment: one for every record, from the template's options.
    expect(await page.locator(fieldId('const', state)).isVisible()).toBe(false);
    await page.locator(fieldId('column', state)).selectOption('const');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`const-${encodeURIComponent('热处理状态')}`);
    rev = await changed(page, rev, () => page.locator(fieldId('const', state)).selectOption('固溶+时效'));
    expect(await page.locator('#problems').innerText()).toContain('The mapping checks out');
    // Waspaloy's temperature is blank, so its record lacks a required field, until a blank cell gives 20 ℃.
    expect(await countsOf(page)).toEqual({ files: 1, rows: 3, records: 3, valid: 2, invalid: 1, duplicate: 0 });
    await changed(page, rev, () => enter(page, fieldId('default', '试验温度'), '20'));
    expect(await page.locator('[data-record="1"] [data-path="content.试验温度"]').innerText()).toMatch(/^content\.试验温度\s+20\b/);
    expect(await page.locator('[data-record="1"] [data-path="content.热处理状态"]').innerText()).toContain('固溶+时效');
    const counts = await countsOf(page);
    expect(counts).toEqual({ files: 1, rows: 3, records: 3, valid: 3, invalid: 0, duplicate: 0 });

    await page.locator('#save').click();
    await page.waitForSelector('#status.good');
    const saved = parse(await readFile(path.join(dir, 'a.yaml'), 'utf8')) as { content: Record<string, unknown> };
    expect(saved.content[state]).toEqual({ const: '固溶+时效' });
    expect(saved.content['试验温度']).toMatchObject({ column: 'temperature (℃)', default: 20 });
    await validatesAndEnds(page, mapper, { dir, flags, mapping: 'a.yaml', input: 'alloys.csv' }, counts);
  }, 60_000);

  test('element columns, one table row each, and an array from several columns: chosen, a column taken out and added, a label edited, saved', async () => {
    const dir = await makeTempDir('mge-mapper-layouts-');
    await writeFile(path.join(dir, 'alloys.csv'), ALLOYS);
    await copyFile('samples/templates.json', path.join(dir, 'templates.json'));
    const flags = ['--template-file', 'templates.json'];
    const mapper = await startMapper(['alloys.csv', '--template', '101', ...flags, '--mapping', 'a.yaml'], dir);
    const page = await openMapper(browserOf(), mapper.url);
    const table = '化学成分';
    const rows = page.locator(fieldId('rows', table));
    const group = (): Promise<(string | null)[]> =>
      page.locator(`${fieldId('row-columns', table)} tbody tr`).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-header')));

    // What the data looks like: the element columns as a group, each row's label to 元素 (or the choice column).
    expect(await rows.locator('option:checked').innerText()).toBe('a group of columns, one row each · what the data looks like');
    expect(await group()).toEqual(['Ni', 'Cr', 'Co', 'Mo', 'Ti', 'Al']);
    expect(await optionsOf(page, fieldId('row-label', table))).toEqual(['元素', '测量方法']);
    expect(await page.locator(`${fieldId('row-value', table)} option:checked`).innerText()).toBe('含量');

    // Not mapped, then the layout chosen from the list: init's whole group again.
    let rev = await revision(page);
    rev = await changed(page, rev, () => rows.selectOption('none'));
    expect(await page.locator(fieldId('row-columns', table)).count()).toBe(0);
    rev = await changed(page, rev, () => rows.selectOption('fromColumns'));
    expect(await group()).toEqual(['Ni', 'Cr', 'Co', 'Mo', 'Ti', 'Al']);
    // Co taken out is a column not used; added back from the list (init's mark on it), it comes last, labelled by its header.
    rev = await changed(page, rev, () => page.locator(fieldId('row-drop2', table)).click());
    expect(await group()).toEqual(['Ni', 'Cr', 'Mo', 'Ti', 'Al']);
    expect(await page.locator('#unused code').allInnerTexts()).toContain('Co');
    const add = fieldId('row-add', table);
    expect(await optionsOf(page, add)).toContain('Co — e.g. 13.5 · init: of the group');
    rev = await changed(page, rev, () => page.locator(add).selectOption('Co'));
    expect(await group()).toEqual(['Ni', 'Cr', 'Mo', 'Ti', 'Al', 'Co']);
    expect(await page.locator(fieldId('row-label5', table)).inputValue()).toBe('Co');
    rev = await changed(page, rev, () => enter(page, fieldId('row-label0', table), 'Ni (bal.)'));

    // The stress series from three columns, one element each, the second taken out by its tag's button.
    const series = fieldId('array-add', '应力序列');
    const tags = (): Promise<string[]> =>
      page.locator(`${fieldId('array', '应力序列')} .chip`).evaluateAll((c) => c.map((e) => e.getAttribute('data-header') ?? ''));
    for (const column of ['stress 1 (MPa)', 'stress 2 (MPa)', 'stress 3 (MPa)'])
      rev = await changed(page, rev, () => page.locator(series).selectOption(column));
    expect(await tags()).toEqual(['stress 1 (MPa)', 'stress 2 (MPa)', 'stress 3 (MPa)']);
    rev = await changed(page, rev, () => page.locator(fieldId('array-drop1', '应力序列')).click());
    expect(await tags()).toEqual(['stress 1 (MPa)', 'stress 3 (MPa)']);
    rev = await changed(page, rev, () => pickColumn(page, fieldId('column', '牌号'), 'alloy'));
    await fillMeta(page, rev, '{alloy} at {temperature (℃)} ℃');
    expect(await page.locator('#problems').innerText()).toContain('The mapping checks out');
    // The first record's table as sent: its rows in the group's order, Co's blank cell making none.
    const labels = page.locator(`[data-record="0"] tr[data-path^="content.${table}["][data-path$=".元素"] td:nth-child(2)`);
    expect(await labels.allInnerTexts()).toEqual(['"Ni (bal.)"', '"Cr"', '"Mo"', '"Ti"', '"Al"']);
    const counts = await countsOf(page);
    expect(counts).toEqual({ files: 1, rows: 4, records: 4, valid: 4, invalid: 0, duplicate: 0 });

    // On a phone the tags wrap within the screen, and the keyboard's focus on a tag's button shows.
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await pastWidth(page, 390);
    expect(phone.wide).toEqual([]);
    await page.locator(series).focus();
    await page.keyboard.press('Shift+Tab');
    const focused = page.locator(`${fieldId('array-drop1', '应力序列')}:focus-visible`);
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await focused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'mapper-element-columns-phone.png'), fullPage: false });
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.locator('#save').click();
    await page.waitForSelector('#status.good');
    const saved = parse(await readFile(path.join(dir, 'a.yaml'), 'utf8')) as { content: Record<string, unknown> };
    expect(saved.content[table]).toEqual({
      fromColumns: { columns: { 'Ni (bal.)': 'Ni', Cr: 'Cr', Mo: 'Mo', Ti: 'Ti', Al: 'Al', Co: 'Co' }, label: '元素', value: '含量' },
    });
    expect(saved.content['应力序列']).toEqual({ columns: ['stress 1 (MPa)', 'stress 3 (MPa)'] });
    await validatesAndEnds(page, mapper, { dir, flags, mapping: 'a.yaml', input: 'alloys.csv' }, counts);
  }, 90_000);
});
