import { readFileSync } from 'node:fs';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { mappingFingerprints } from '../../../src/mapping/load/mapping-fingerprints.js';

const STEEL = readFileSync('mappings/steel_strength.yaml', 'utf8');

function parts(text: string, methodsWidth: 3 | 4 = 3): Record<string, string> {
  return mappingFingerprints(loadMapping(text, 'm.yaml').spec, { methodsWidth });
}

/** The names of the parts whose fingerprints differ between two mapping texts. */
function changed(before: string, after: string): string[] {
  const a = parts(before);
  const b = parts(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
}

describe('mappingFingerprints', () => {
  test('one fingerprint per part that shapes records: template, key, groupBy, input, options, each meta key and content field', () => {
    expect(Object.keys(parts(STEEL)).sort()).toEqual(
      [
        'content.化学式',
        'content.化学成分',
        'content.屈服强度',
        'content.延伸率',
        'content.抗拉强度',
        'groupBy',
        'input',
        'key',
        'meta.abstract',
        'meta.keywords',
        'meta.public_date',
        'meta.public_range',
        'meta.source',
        'meta.title',
        'options',
        'template',
      ].sort(),
    );
    expect(Object.values(parts(STEEL)).every((v) => /^[0-9a-f]{16}$/.test(v))).toBe(true);
  });

  test.each<[string, (text: string) => string, string[]]>([
    [
      'a comment, blank lines and another quoting',
      (t) => `# edited by hand\n\n${t.replace('"{formula} 拉伸性能"', "'{formula} 拉伸性能'")}\n# end\n`,
      [],
    ],
    ['the template version note', (t) => t.replace('templatePubDate: "2024-06-01 10:00:00"', 'templatePubDate: "2024-09-01 08:00:00"'), []],
    ['one word of meta.title', (t) => t.replace('拉伸性能', '力学性能'), ['meta.title']],
    ['a content column', (t) => t.replace('延伸率: elongation', '延伸率: elong'), ['content.延伸率']],
    ['a table column order (rows come out in another order)', (t) => t.replace('{C: c, Mn: mn,', '{Mn: mn, C: c,'), ['content.化学成分']],
    ['the key', (t) => t.replace('key: [formula]', 'key: [formula, c]'), ['key']],
    ['a content field dropped', (t) => t.replace('  延伸率: elongation\n', ''), ['content.延伸率']],
    ['the header row', (t) => t.replace('headerRow: 1', 'headerRow: 2'), ['input']],
    ['a number written another way (01 is not 1 as text)', (t) => t.replace('public_date: 0', 'public_date: 00'), ['meta.public_date']],
  ])('%s', (_name, edit, expected) => {
    expect(changed(STEEL, edit(STEEL))).toEqual(expected);
  });

  test('the effective methods width is part of options: it changes meta.source.methods of every record', () => {
    expect(parts(STEEL, 3)['options']).not.toBe(parts(STEEL, 4)['options']);
    const pinned = STEEL.replace('input:', 'options:\n  methodsWidth: 4\ninput:');
    expect(parts(pinned, 3)['options']).toBe(parts(pinned, 4)['options']);
  });
});
