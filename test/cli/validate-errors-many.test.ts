import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const HEADER = ',formula,c,mn,si,cr,ni,mo,v,n,nb,co,w,al,ti,yield strength,tensile strength,elongation';

test('validate --errors with thousands of invalid rows: every row in the file, no listener-leak warning', async () => {
  const dir = tempDirSync('mge-errors-many-');
  const input = join(dir, 'bad.csv');
  const rows = Array.from({ length: 4000 }, (_v, i) => `${i},F${i},x,0.05,0.05,0.01,19.7,2.95,0.01,0,0.01,15,0,0.15,1.55,abc,2473.5,7`);
  writeFileSync(input, `${HEADER}\n${rows.join('\n')}\n`);
  const errors = join(dir, 'errors.csv');
  const run = await runBuiltCli([
    'validate',
    '--template-file',
    'samples/templates.json',
    '--no-template-cache',
    '--mapping',
    'mappings/steel_strength.yaml',
    input,
    '--errors',
    errors,
    '--json',
  ]);
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout)).toMatchObject({ invalid: 4000, valid: 0 });
  expect(run.stderr).not.toMatch(/MaxListenersExceededWarning|Warning/);
  // The header line and one line per invalid row.
  expect(readFileSync(errors, 'utf8').trimEnd().split('\r\n')).toHaveLength(4001);
  rmSync(dir, { recursive: true, force: true });
});
