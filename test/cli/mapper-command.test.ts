import { copyFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { showsStack } from '../helpers/run-measured-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCliInProcess } from './run-cli-in-process.js';

/** A folder with the thermoelectrics sample as te.csv, and the shipped mapping of template 202 as m.yaml. */
async function folder(): Promise<string> {
  const dir = await makeTempDir('mge-mapper-cli-');
  await copyFile('samples/ucsb_thermoelectrics.csv', path.join(dir, 'te.csv'));
  await copyFile('mappings/ucsb_thermoelectrics.yaml', path.join(dir, 'm.yaml'));
  return dir;
}

const TEMPLATES = path.resolve('samples/templates.json');

describe('mapper refuses what it cannot open, before it serves anything', () => {
  test.each([
    ['a new mapping without --template', ['te.csv', '--mapping', 'new.yaml'], 'MAPPER_NO_TEMPLATE', '--template'],
    [
      '--template other than the mapping names',
      ['te.csv', '--mapping', 'm.yaml', '--template', '201'],
      'MAPPER_TEMPLATE_MISMATCH',
      'template 202, not 201',
    ],
    ['a mapping that is not YAML', ['te.csv', '--mapping', 'broken.yaml'], 'MAPPER_MAPPING_UNREADABLE', 'fix it in a text editor'],
    ['the input as the mapping to write', ['te.csv', '--template', '202', '--mapping', 'te.csv'], 'OUTPUT_IS_INPUT', '--mapping'],
    ['an input that does not exist', ['none.csv', '--template', '202', '--mapping', 'x.yaml'], 'SOURCE_NOT_FOUND', 'none.csv'],
  ])('%s: exit 2 with its code, no stack, nothing written', async (_what, args, code, says) => {
    const dir = await folder();
    const before = await readdir(dir);
    await writeFile(path.join(dir, 'broken.yaml'), 'version: 1\ntemplate: 202\ncontent: {a: [}\n');
    const result = await runCliInProcess(['mapper', ...args, '--template-file', TEMPLATES, '--no-open'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^error ${code}: `));
    expect(result.stderr.toLowerCase()).toContain(says.toLowerCase());
    expect(showsStack(result.stderr)).toBe(false);
    expect((await readdir(dir)).sort()).toEqual([...before, 'broken.yaml'].sort());
  });
});
