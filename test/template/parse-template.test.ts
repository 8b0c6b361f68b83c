import { readFileSync } from 'node:fs';
import { parseTemplate, parseTemplateContent } from '../../src/template/parse-template.js';
import { MgeError } from '../../src/errors/mge-error.js';
import type { Field } from '../../src/template/template-types.js';

const samples = JSON.parse(readFileSync(new URL('../../samples/templates.json', import.meta.url), 'utf8')) as {
  templates: unknown[];
};

function byName(fields: readonly Field[], name: string): Field {
  const found = fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
}

describe('parseTemplate', () => {
  test('parses every sample template into a typed tree covering all ten types', () => {
    const types = new Set<string>();
    const walk = (fields: readonly Field[]): void => {
      for (const f of fields) {
        types.add(f.type);
        if (f.type === 'array') walk([f.element]);
        if (f.type === 'table') walk(f.columns);
        if (f.type === 'container') walk(f.fields);
        if (f.type === 'generator') walk(f.options);
      }
    };
    for (const raw of samples.templates) walk(parseTemplate(raw).fields);
    expect([...types].sort()).toEqual(
      ['array', 'choice', 'container', 'file', 'generator', 'image', 'number', 'range', 'string', 'table'].sort(),
    );
  });

  test('keeps order, units, required flags, range kinds, choice groups and nested paths', () => {
    const t = parseTemplate(samples.templates[0]);
    expect(t.id).toBe(101);
    expect(t.fields.map((f) => f.name).slice(0, 3)).toEqual(['牌号', '试验温度', '保温时间']);
    const temp = byName(t.fields, '试验温度');
    expect(temp).toMatchObject({ type: 'number', unit: '℃', required: true });
    expect(byName(t.fields, '屈服强度')).toMatchObject({ type: 'range', rangeType: 'error', unit: 'MPa' });
    const choice = byName(t.fields, '热处理状态');
    expect(choice.type === 'choice' && choice.allOptions).toEqual(['铸态', '锻态', '固溶', '固溶+时效']);
    const cond = byName(t.fields, '试验条件');
    expect(cond.type === 'container' && byName(cond.fields, '设备').path).toBe('试验条件.设备');
    const gen = byName(t.fields, '强化相');
    expect(gen.type === 'generator' && gen.options.every((o) => !o.required)).toBe(true);
  });

  test('a malformed definition is an error naming the field path', () => {
    const content = { _ord: ['a'], a: { t: 9, misc: { _ord: ['b'], b: { t: 3, misc: { type: 7 } } } } };
    try {
      parseTemplateContent(content, 5);
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(MgeError);
      expect((error as MgeError).code).toBe('TEMPLATE_MALFORMED');
      expect((error as MgeError).location?.field).toBe('a.b');
    }
  });

  test('a name listed in _ord without a definition is reported', () => {
    expect(() => parseTemplateContent({ _ord: ['x'] })).toThrow(/"x" is listed in _ord/);
  });
});
