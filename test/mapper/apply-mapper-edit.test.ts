import { parse } from 'yaml';
import { applyMapperEdit, MapperEditError } from '../../src/mapper/apply-mapper-edit.js';
import { fieldViews } from '../../src/mapper/field-views.js';
import type { Json, MapperEdit } from '../../src/mapper/mapper-api.js';
import { openMappingDraft } from '../../src/mapper/mapping-draft.js';
import { parseMapperEdits } from '../../src/mapper/parse-mapper-edits.js';
import { templateKeyOrder } from '../../src/mapper/template-key-order.js';
import { choice, num, plainTemplate, range, str, table } from '../helpers/plain-template.js';

const template = plainTemplate({
  编号: str(true),
  温度: num('℃', true),
  状态: choice(['铸态', '锻态'], true),
  强度: range('error', 'MPa'),
  化学成分: table({ 元素: str(true), 含量: num('wt.%') }),
});
type JsonObject = { readonly [key: string]: Json };
const at = (name: string): string[] => ['content', name];

/** The mapping's content after the edits, in order, as the page's session applies them. */
function content(edits: readonly MapperEdit[], start: JsonObject = {}): JsonObject {
  let out: JsonObject = { content: start };
  for (const e of edits) out = applyMapperEdit(out, e, template);
  return out['content'] as JsonObject;
}

describe('one value for every record, and what a blank cell gives', () => {
  test('a constant as docs/mapping.md writes it: a number bare, text and options as {const}; blank: not mapped', () => {
    const out = content([
      { kind: 'constant', path: at('温度'), value: ' 650 ' },
      { kind: 'constant', path: at('状态'), value: '锻态' },
      { kind: 'constant', path: at('编号'), value: '718' },
      { kind: 'constant', path: at('强度'), value: '1035±12' },
    ]);
    // Bare text in content names a column, so only a number goes bare; `718` for a text field stays text.
    expect(out).toEqual({ 温度: 650, 状态: { const: '锻态' }, 编号: { const: '718' }, 强度: { const: '1035±12' } });
    expect(content([{ kind: 'constant', path: at('温度'), value: '1,035' }])).toEqual({ 温度: { const: '1,035' } });
    expect(content([{ kind: 'constant', path: at('温度'), value: '  ' }], { 温度: 650 })).toEqual({});
    expect(content([{ kind: 'constant', path: at('温度'), value: null }], { 温度: 650 })).toEqual({});
    expect(() => content([{ kind: 'constant', path: at('化学成分'), value: 'x' }])).toThrow(/table: its parts/);
  });

  test("a blank cell's value beside the column, its unit and map kept; a column picked afterwards keeps it; cleared, it goes", () => {
    const out = content(
      [
        { kind: 'default', path: at('温度'), value: '25' },
        { kind: 'default', path: at('状态'), value: '铸态' },
      ],
      { 温度: { column: 'T (K)', unit: 'K' }, 状态: { column: 'state', map: { forged: '锻态' } } },
    );
    expect(out).toEqual({
      温度: { column: 'T (K)', unit: 'K', default: 25 },
      状态: { column: 'state', map: { forged: '锻态' }, default: '铸态' },
    });
    const moved = content([{ kind: 'column', path: at('温度'), column: 'T2' }], out);
    expect(moved['温度']).toEqual({ column: 'T2', unit: 'K', default: 25 });
    // Taken out again, a bare column is left as init writes it.
    expect(content([{ kind: 'default', path: at('编号'), value: '' }], { 编号: { column: 'id', default: 'x' } })).toEqual({ 编号: 'id' });
  });

  test('a blank cell needs one column: refused for a field without one, for two columns, for a table', () => {
    expect(() => content([{ kind: 'default', path: at('温度'), value: '25' }])).toThrow(MapperEditError);
    expect(() => content([{ kind: 'default', path: at('温度'), value: '25' }], { 温度: 650 })).toThrow(/no single column/);
    expect(() => content([{ kind: 'default', path: at('强度'), value: '1' }], { 强度: { val: 'ys', err: 'e' } })).toThrow(
      /no single column/,
    );
    expect(() => content([{ kind: 'default', path: at('化学成分'), value: '1' }], { 化学成分: 'x' })).toThrow(/no single column/);
  });

  test('the views show the constant and the blank value as text, for a field and a table column read from each row', () => {
    const views = fieldViews({
      template,
      content: {
        温度: 650,
        状态: { const: '锻态' },
        编号: { column: 'id', default: 'none' },
        化学成分: { fromRows: { 含量: { column: 'c', default: 0 } } },
      },
      proposal: undefined,
      profiles: new Map(),
    });
    const view = (name: string) => views.find((f) => f.name === name)!;
    expect(view('温度')).toMatchObject({ constant: '650', column: undefined, blank: undefined });
    expect(view('状态')).toMatchObject({ constant: '锻态', column: undefined });
    expect(view('编号')).toMatchObject({ constant: undefined, column: 'id', blank: 'none' });
    expect(view('化学成分').table?.cells.find((c) => c.name === '含量')).toMatchObject({ column: 'c', blank: '0' });
    // A constant with a transform is more than the page's box shows: it stays for the YAML row.
    const transformed = fieldViews({ template, content: { 温度: { const: 650, unit: 'K' } }, proposal: undefined, profiles: new Map() });
    expect(transformed.find((f) => f.name === '温度')?.constant).toBeUndefined();
  });

  test('a constant over a quoted header is written as a number, not a quoted text that would name a column', () => {
    const draft = openMappingDraft('version: 1\ntemplate: 900\ncontent:\n  温度: "T (℃)"   # from the oven\n', templateKeyOrder(template));
    draft.replace(applyMapperEdit(draft.json(), { kind: 'constant', path: at('温度'), value: '650' }, template));
    expect(draft.text()).toContain('  温度: 650 # from the oven\n');
    expect((parse(draft.text()) as { content: JsonObject }).content['温度']).toBe(650);
  });

  test('the edits are read from the request body checked', () => {
    const body = {
      edits: [
        { kind: 'constant', path: at('温度'), value: '650' },
        { kind: 'default', path: at('温度'), value: null },
      ],
    };
    expect(parseMapperEdits(body)).toEqual(body.edits);
    expect(() => parseMapperEdits({ edits: [{ kind: 'constant', path: at('温度'), value: 650 }] })).toThrow(MapperEditError);
    expect(() => parseMapperEdits({ edits: [{ kind: 'default', path: at('温度') }] })).toThrow(MapperEditError);
  });
});
