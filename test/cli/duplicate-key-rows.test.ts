import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-dup-rows-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };
const lines = readFileSync(join(root, 'samples', 'steel_strength.csv'), 'utf8')
  .trimEnd()
  .split(/\r?\n/);
/** A sample line with its `formula` (the mapping's key, column B) emptied. */
const blankKey = (line: string): string => line.replace(/^([^,]*),[^,]*,/, '$1,,');

const validate = (file: string, ...more: string[]): ReturnType<typeof runBuiltCli> =>
  runBuiltCli(['validate', '--template-file', 'samples/templates.json', '--mapping', 'mappings/steel_strength.yaml', file, ...more], {
    env,
  });

describe('duplicate and blank keys, as a curator reads them', () => {
  test('a duplicate names the row it repeats; blank keys are KEY_BLANK once per row; the page shows keys as written', async () => {
    // Lines 1–6 of the sample, line 3 again at row 7, then two rows with a blank key (rows 8 and 9).
    const file = join(dir, 'steel.csv');
    writeFileSync(file, [...lines.slice(0, 6), lines[2]!, blankKey(lines[3]!), blankKey(lines[4]!)].join('\n') + '\n');
    const run = await validate(file, '--json', '--html', join(dir, 'page.html'));
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stdout) as { invalidByCode: Record<string, number> };
    expect(summary.invalidByCode).toMatchObject({ DUPLICATE_KEY: 1, KEY_BLANK: 2 });
    const formula = lines[2]!.split(',')[1]!;
    const page = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(page).toContain(`the key ${formula} is already used in this run, by an identical row: first at ${file}:3`);
    expect(page).toContain('KEY_BLANK');
    // The report's internal key of a duplicate (`["…"]\0duplicate@file:row`) never reaches the page.
    expect(page).not.toContain('duplicate@');
    expect(page).not.toContain('blank@');
    expect(page).not.toContain('\u0000');
    expect(page).not.toContain('\\u0000');
    expect(page).not.toContain(JSON.stringify([formula]));
  });
});
