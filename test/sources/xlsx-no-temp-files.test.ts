import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

/**
 * A streaming reader that meets a sheet before the shared strings is tempted to park the sheet in a
 * temporary file (exceljs' did). Ours reads the parts in the order it needs them, wherever the zip
 * keeps them: with a temp folder that does not exist, every workbook still reads.
 */
const dir = tempDirSync('mge-no-temp-');
const env = { TMPDIR: join(dir, 'no-such-folder'), XDG_CACHE_HOME: join(dir, 'cache') };

test('a workbook whose shared strings come after its sheets (as exceljs writes them) reads without a temp file', async () => {
  const entries = readFileSync('samples/steel_composition_rows.xlsx', 'latin1');
  // The premise: this sample's sheet part precedes its shared strings in the zip.
  expect(entries.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(entries.indexOf('xl/sharedStrings.xml'));
  const run = await runBuiltCli(
    ['validate', '--sandbox', '--mapping', 'mappings/steel_composition_rows.yaml', 'samples/steel_composition_rows.xlsx', '--json'],
    { env },
  );
  expect(run.stderr).not.toContain('ENOENT');
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ files: 1, invalid: 0 });
});

test('a workbook with every text inline (no shared strings part: our own .xlsx fix files) reads without a temp file', async () => {
  const csv = join(dir, 'bad.csv');
  const source = readFileSync('samples/steel_strength.csv', 'utf8').split('\n');
  // Two rows whose yield strength is not a number: invalid, written to the fix file.
  writeFileSync(
    csv,
    [
      source[0],
      source[1]!.replace(/,[\d.]+,([\d.]+),([\d.]+)\s*$/, ',abc,$1,$2'),
      source[2]!.replace(/,[\d.]+,([\d.]+),([\d.]+)\s*$/, ',xyz,$1,$2'),
    ].join('\n'),
  );
  const errors = join(dir, 'errors.xlsx');
  const validate = await runBuiltCli(
    ['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', csv, '--errors', errors, '--json'],
    { env },
  );
  expect([validate.code, JSON.parse(validate.stdout).invalid]).toEqual([1, 2]);
  expect(readFileSync(errors, 'latin1')).not.toContain('xl/sharedStrings.xml');
  const again = await runBuiltCli(['validate', '--sandbox', '--mapping', 'mappings/steel_strength.yaml', errors, '--json'], { env });
  expect(again.stderr).not.toContain('ENOENT');
  expect(again.code).toBe(1);
  expect(JSON.parse(again.stdout)).toMatchObject({ files: 1, records: 2, invalid: 2 });
});
