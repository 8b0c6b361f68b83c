import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import {
  createFieldDigester,
  FIELD_DIGEST_CHARS,
  fieldsThatDiffer,
  readFieldDigests,
  recordFieldNames,
  writeFieldDigests,
} from '../../src/report/record-field-digests.js';

const names = recordFieldNames(['屈服强度', '化学式', '化学成分']);
const digest = createFieldDigester(names);

const record = (content: Record<string, unknown>, title = 'Fe-1 拉伸性能') =>
  canonicalJson({ meta: { tid: 201, title, abstract: 'a', keywords: ['steel'], public_date: 0, public_range: 0 }, content });

const base = {
  化学式: 'Fe-1',
  化学成分: [
    { 元素: 'C', 含量: 0.02 },
    { 元素: 'Mn', 含量: 0.05 },
  ],
  屈服强度: 2411.5,
};

/** The fields two records differ in, through their digests. */
function differ(a: string, b: string): string[] {
  return fieldsThatDiffer(readFieldDigests(digest(a)!, names)!, readFieldDigests(digest(b)!, names)!);
}

describe('record field digests', () => {
  test('the parts: each content field the mapping fills and each meta key the platform reads, sorted', () => {
    expect(names.slice(0, 3)).toEqual(['content.化学式', 'content.化学成分', 'content.屈服强度']);
    expect(names).toContain('meta.title');
    expect(names).toEqual([...names].sort());
  });

  test('8 characters a part the record has, one (.) a part it has not; equal records give equal digests', () => {
    const one = digest(record(base));
    // Three content fields and six meta keys present; six meta keys the platform reads absent.
    expect(names).toHaveLength(15);
    expect(one).toHaveLength(9 * FIELD_DIGEST_CHARS + 6);
    expect(one).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(readFieldDigests(one!, names)?.get('meta.doi')).toBe('.');
    expect(digest(record({ ...base }))).toBe(one);
  });

  test('names exactly the parts that differ: a number, a table cell, the title, a field left out', () => {
    expect(differ(record(base), record({ ...base, 屈服强度: 2411.6 }))).toEqual(['屈服强度']);
    expect(differ(record(base), record({ ...base, 化学成分: [{ 元素: 'C', 含量: 0.02 }] }))).toEqual(['化学成分']);
    expect(differ(record(base), record(base, 'Fe-1 tensile'))).toEqual(['meta.title']);
    const { 屈服强度: _, ...without } = base;
    expect(differ(record(base), record(without))).toEqual(['屈服强度']);
    expect(differ(record(base), record(base))).toEqual([]);
  });

  test('text holding quotes, braces, commas and escapes is read as one value', () => {
    const tricky = { ...base, 化学式: 'a"},{"屈服强度":1,\\"x' };
    expect(differ(record(base), record(tricky))).toEqual(['化学式']);
    expect(differ(record(tricky), record({ ...tricky, 屈服强度: 1 }))).toEqual(['屈服强度']);
  });

  test('a text that is no record object gives no digests', () => {
    for (const text of ['', '[]', '{"content":{"a":', '{"content" 1}', 'null']) expect(digest(text)).toBeUndefined();
  });

  test('digests of one run written for another run: a part the other does not list and that was present cannot be', () => {
    const read = readFieldDigests(digest(record(base))!, names)!;
    const fewer = names.filter((n) => n !== 'content.屈服强度');
    expect(writeFieldDigests(read, fewer)).toBeUndefined();
    const more = [...names, 'content.延伸率'].sort();
    const written = writeFieldDigests(read, more)!;
    expect(fieldsThatDiffer(read, readFieldDigests(written, more)!)).toEqual([]);
    expect(readFieldDigests('abc', names)).toBeUndefined();
  });
});
