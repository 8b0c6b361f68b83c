import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = resolve('.');
const SCHEMA = join(root, 'schema', 'mapping.schema.json');
const TEMPLATES = join(root, 'samples', 'templates.json');
const LINE = /^# yaml-language-server: \$schema=(\S+)\n/;

/** The schema a mapping's first line names, resolved as the YAML language server resolves it: from the mapping's folder. */
function schemaOf(mapping: string): string {
  const found = LINE.exec(readFileSync(mapping, 'utf8'));
  if (found === null) throw new Error(`${mapping} has no yaml-language-server line`);
  return resolve(dirname(mapping), found[1]!);
}

describe('init writes the yaml-language-server line, so editors check the mapping as it is typed', () => {
  test("in the checkout: a relative path from the mapping's folder to schema/; elsewhere: the package's schema by its absolute path", async () => {
    const inside = join(root, 'test-output', 'init-schema', 'nested');
    mkdirSync(inside, { recursive: true });
    const outside = tempDirSync('mge-init-schema-');
    const [here, there, printed] = await Promise.all([
      runBuiltCli(['init', '201', '--template-file', TEMPLATES, '--no-template-cache', '--out', join(inside, 'm.yaml'), '--force']),
      runBuiltCli(['init', '201', '--template-file', TEMPLATES, '--no-template-cache', '--out', 'm.yaml'], { cwd: outside }),
      runBuiltCli(['init', '201', '--template-file', TEMPLATES, '--no-template-cache'], { cwd: join(root, 'mappings') }),
    ]);
    expect([here.code, there.code, printed.code]).toEqual([0, 0, 0]);
    expect(readFileSync(join(inside, 'm.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/schema\/mapping\.schema\.json\n# Mapping for template 201/,
    );
    expect(schemaOf(join(inside, 'm.yaml'))).toBe(SCHEMA);
    expect(schemaOf(join(outside, 'm.yaml'))).toBe(SCHEMA);
    expect(readFileSync(join(outside, 'm.yaml'), 'utf8')).toMatch(
      new RegExp(`^# yaml-language-server: \\$schema=${SCHEMA.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n`),
    );
    // Printed to stdout: relative to the working directory, where `> FILE` puts it.
    expect(printed.stdout).toMatch(/^# yaml-language-server: \$schema=\.\.\/schema\/mapping\.schema\.json\n/);
    expect(existsSync(SCHEMA)).toBe(true);
    expect(JSON.parse(readFileSync(SCHEMA, 'utf8'))).toMatchObject({ title: 'mge-ingest mapping file' });
  });
});
