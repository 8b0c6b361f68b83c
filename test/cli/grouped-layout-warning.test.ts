import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-grouped-warning-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };

const validate = (mapping: string, file: string, ...more: string[]): ReturnType<typeof runBuiltCli> =>
  runBuiltCli(['validate', '--template-file', 'samples/templates.json', '--mapping', mapping, file, ...more], { env });

/** A grouped layout (one record over several rows, the id written once) whose id header holds `: `. */
const GROUPED = [
  'Sample: id,化学式,元素,含量,强度区间,延伸率',
  'S1,Fe0.7Cr0.2Ni0.1,Cr,18.5,"(500, 700)",12',
  ',,Ni,9.1,,',
  ',,C,0.05,,',
  'S2,Fe0.8Mn0.2,Mn,20.1,"(300, 450)",30',
  ',,C,0.6,,',
  'S3,Fe0.9Si0.1,Si,3.2,"(400, 520)",8',
  ',,C,0.1,,',
].join('\n');

/** A mapping of GROUPED to template 203 (samples/templates.json), without `groupBy`. */
const MAPPING = `version: 1
template: 203
templatePubDate: "2024-06-01 10:00:00"
key: ["Sample: id"]
meta:
  title: "{Sample: id} {化学式}"
  abstract: "Steel {化学式}: composition by element and strength interval."
  keywords: "steel, composition"
  source: {source: "10", methods: "010"}
content:
  编号: "Sample: id"
  化学式: 化学式
  化学成分:
    fromRows:
      元素: 元素
      含量: 含量
  强度区间: 强度区间
  延伸率: 延伸率
`;

describe('MAPPING_LOOKS_GROUPED', () => {
  test('its groupBy line is YAML that, pasted into the mapping, validates: a header holding `: ` is quoted', async () => {
    const input = join(dir, 'grouped.csv');
    writeFileSync(input, `${GROUPED}\n`);
    const mapping = join(dir, 'grouped.yaml');
    writeFileSync(mapping, MAPPING);
    const run = await validate(mapping, input);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('warning MAPPING_LOOKS_GROUPED');
    const line = /add `(groupBy: .*?)` to make one record/.exec(run.stderr)?.[1];
    expect(line).toBe('groupBy: ["Sample: id"]');
    expect(parse(line!)).toEqual({ groupBy: ['Sample: id'] });
    const fixed = join(dir, 'grouped-fixed.yaml');
    writeFileSync(fixed, MAPPING.replace(/^key:/m, `${line!}\nkey:`));
    const again = await validate(fixed, input);
    expect(again.stderr).toBe('');
    expect(again.stdout).toMatch(/3 valid, 0 invalid/);
    expect(again.code).toBe(0);
  });

  test('a one-record-per-row file whose rows are repeated (each under a new index) is not taken for a grouped layout', async () => {
    // The steel sample (an unnamed index column, then formula, the key) with each of its first 20 rows
    // twice in a row, as published datasets hold some rows, and one broken number so records are invalid.
    const lines = readFileSync(join(root, 'samples', 'steel_strength.csv'), 'utf8')
      .trimEnd()
      .split(/\r?\n/);
    const rows = lines.slice(1, 21).flatMap((l, i) => [l, l.replace(/^\d+,/, `${1000 + i},`)]);
    rows.push(lines[30]!.replace(/,[^,]*$/, ',abc'));
    const input = join(dir, 'repeated.csv');
    writeFileSync(input, [lines[0]!, ...rows].join('\n') + '\n');
    const run = await validate('mappings/steel_strength.yaml', input, '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ records: 41, invalidByCode: { DUPLICATE_KEY: 20, VALUE_NOT_A_NUMBER: 1 } });
    expect(run.stderr).not.toContain('MAPPING_LOOKS_GROUPED');
  });
});
