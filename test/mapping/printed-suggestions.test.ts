import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runCliInProcess as cli } from '../cli/run-cli-in-process.js';
import { tempDirSync } from '../helpers/temp-dir.js';

/**
 * Every suggestion `validate` prints, in a mapping problem or a warning, is YAML to paste as it is:
 * parsed with the yaml library it reads back as the header it names, however that header is spelled
 * (`: `, ` #`, a comma, quotes and a backslash, a word YAML reads as a boolean).
 */
const dir = tempDirSync('mge-suggest-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };
const HEADERS = ['Sample: id', 'Sample #2', 'a, b', 'say "hi" \\ there', 'yes', 'formula', 'ys'];
const csvField = (text: string): string => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const input = write(
  'in.csv',
  `${HEADERS.map(csvField).join(',')}\n${['S1', 'x', 'y', 'z', 'no', 'Fe', '100'].join(',')}\n${['S2', 'x', 'y', 'z', 'no', 'Ni', '200'].join(',')}\n`,
);
const HEAD = 'version: 1\ntemplate: 201\ntemplatePubDate: "2024-06-01 10:00:00"\nmeta: {title: t, abstract: a, keywords: [k]}\n';

/** The suggestions in printed text: each `did you mean` list, each `…`-quoted span, each "… quoted, X" value. */
function suggestions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\(did you mean (.*)\?\)$/gm)) out.push(`[${m[1]!}]`);
  for (const m of text.matchAll(/`([^`\n]+)`/g)) out.push(m[1]!);
  for (const m of text.matchAll(/(?:write it|must be) quoted, ("(?:[^"\\\n]|\\.)*")/g)) out.push(m[1]!);
  return out;
}

/** Every string a parsed YAML value holds, keys and values. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

async function printed(mapping: string): Promise<string> {
  const file = write(`m${Math.random().toString(36).slice(2)}.yaml`, mapping);
  const run = await cli(['validate', '--template-file', 'samples/templates.json', '--mapping', file, input], { env });
  return `${run.stdout}\n${run.stderr}`;
}

describe('what validate prints to paste into a mapping', () => {
  test('column problems: every did-you-mean and quoting suggestion parses as YAML to the header it names', async () => {
    const text = await printed(
      `${HEAD}key: [Sample: id]\ncontent:\n` +
        '  化学式: {column: "Sample: idd"}\n' +
        '  化学成分: {fromColumns: {columns: [formula], label: 元素, value: 含量}}\n' +
        '  屈服强度: Sample #2\n' +
        '  抗拉强度: {column: "say \\"hi\\" \\\\ ther"}\n' +
        '  延伸率: {column: "a, c"}\n',
    );
    const found = suggestions(text);
    expect(found.length).toBeGreaterThanOrEqual(5);
    const parsed = found.map((s) => {
      try {
        return strings(parse(s));
      } catch (error) {
        return [`unparsable: ${s} (${String(error)})`];
      }
    });
    expect(parsed.flat().filter((s) => s.startsWith('unparsable'))).toEqual([]);
    for (const header of ['Sample: id', 'Sample #2', 'say "hi" \\ there', 'a, b']) expect(parsed.flat()).toContain(header);
  });

  test('warnings: the column a meta literal may mean is written as YAML that reads back as that header', async () => {
    const text = await printed(
      'version: 1\ntemplate: 201\ntemplatePubDate: "2024-06-01 10:00:00"\nkey: ["Sample: id"]\n' +
        'meta: {title: "a, b", abstract: "Sample: id", keywords: [k], source: {source: "10", methods: [experiment]}}\n' +
        'content:\n  化学式: formula\n  化学成分: {fromColumns: {columns: {Fe: formula}, label: 元素, value: 含量}}\n  屈服强度: ys\n',
    );
    expect(text).toContain('MAPPING_META_LITERAL_IS_COLUMN');
    const parsed = suggestions(text).flatMap((s) => strings(parse(s)));
    expect(parsed).toEqual(expect.arrayContaining(['a, b', 'Sample: id']));
  });
});

describe('a value without its error', () => {
  test('RANGE_SHAPE at an empty error cell names errOptional, as YAML to paste', async () => {
    const csv = write('ys.csv', '牌号,试验温度,状态,YS,YS误差\nA,20,铸态,1035,12\nB,20,铸态,990,\n');
    const mapping = write(
      'ys.yaml',
      `${HEAD.replace('keywords: [k]', 'keywords: [k], source: {source: "10", methods: [experiment]}').replace('201', '101')}key: [牌号]\n` +
        'content:\n  牌号: 牌号\n  试验温度: 试验温度\n  热处理状态: 状态\n  屈服强度: {val: YS, err: YS误差}\n',
    );
    const run = await cli(['validate', '--template-file', 'samples/templates.json', '--mapping', mapping, csv], { env });
    expect(run.code).toBe(1);
    const line = `${run.stdout}\n${run.stderr}`.split('\n').find((l) => l.includes('RANGE_SHAPE'));
    expect(line).toMatch(/E3\b.*errOptional/);
    expect(suggestions(line ?? '').map((s) => parse(s) as unknown)).toContainEqual({ errOptional: true });
  });
});
