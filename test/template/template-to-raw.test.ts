import { readFileSync } from 'node:fs';
import { parseTemplate } from '../../src/template/parse-template.js';
import { templateToRaw } from '../../src/template/template-to-raw.js';

const raw = (JSON.parse(readFileSync(new URL('../../samples/templates.json', import.meta.url), 'utf8')) as { templates: unknown[] })
  .templates;

describe('templateToRaw', () => {
  test.each(raw.map((t) => [(t as { id: number }).id, t]))('template %i survives parse → raw → parse unchanged', (_id, t) => {
    const parsed = parseTemplate(t);
    expect(parseTemplate(templateToRaw(parsed))).toEqual(parsed);
  });

  test('the API shape keeps the type codes, required flags and ordered names', () => {
    const back = templateToRaw(parseTemplate(raw[0])) as { content: Record<string, unknown> & { _ord: string[] } };
    expect(back.content._ord).toEqual((raw[0] as { content: { _ord: string[] } }).content._ord);
    expect(back.content['牌号']).toMatchObject({ t: 1, r: true });
  });
});
