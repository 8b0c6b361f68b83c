import { applyMapperEdit, MapperEditError } from '../../src/mapper/apply-mapper-edit.js';
import { fieldViews } from '../../src/mapper/field-views.js';
import type { Json, MapperEdit } from '../../src/mapper/mapper-api.js';
import { parseMapperEdits } from '../../src/mapper/parse-mapper-edits.js';
import { profileColumn } from '../../src/mapping/header-match/column-profile.js';
import { proposeMapping } from '../../src/mapping/header-match/propose-mapping.js';
import { num, plainTemplate, str, table, type FieldDef } from '../helpers/plain-template.js';

const array = (element: FieldDef): FieldDef => ({ t: 7, r: false, misc: { ...element } });
const template = plainTemplate({
  编号: str(true),
  化学成分: table({ 元素: str(true), 含量: num('wt.%') }, true),
  变温: table({ 温度: num('K', true), 电阻率: num('mΩ·cm') }),
  应力序列: array(num('MPa')),
});
const comp = ['content', '化学成分'];

/** The mapping after the edits, in order, as the page's session applies them. */
function edited(edits: readonly MapperEdit[], mapping: { readonly [key: string]: Json } = {}): { readonly [key: string]: Json } {
  let out: { readonly [key: string]: Json } = { content: {}, ...mapping };
  for (const e of edits) out = applyMapperEdit(out, e, template);
  return out;
}
const contentOf = (m: { readonly [key: string]: Json }, name: string): Json | undefined =>
  (m['content'] as { readonly [key: string]: Json })[name];

describe("the page's table edits", () => {
  test('a group of columns: started empty, each column a row labelled by its element, relabelled in place, taken out', () => {
    const started = edited([{ kind: 'tableSource', path: comp, source: 'fromColumns' }]);
    expect(contentOf(started, '化学成分')).toEqual({ fromColumns: { columns: {}, label: '元素', value: '含量' } });
    const filled = edited(
      [
        { kind: 'rowColumn', path: comp, column: 'c (wt.%)' },
        { kind: 'rowColumn', path: comp, column: 'Mn' },
        { kind: 'rowColumn', path: comp, column: 'other' },
        { kind: 'rowColumn', path: comp, column: 'c (wt.%)', label: 'Carbon' },
        { kind: 'rowRole', path: comp, role: 'unit', to: 'wt.%' },
      ],
      started,
    );
    expect(contentOf(filled, '化学成分')).toEqual({
      fromColumns: { columns: { Carbon: 'c (wt.%)', Mn: 'Mn', other: 'other' }, label: '元素', value: '含量', unit: 'wt.%' },
    });
    const out = edited(
      [
        { kind: 'rowColumn', path: comp, column: 'Mn', label: null },
        { kind: 'rowRole', path: comp, role: 'unit', to: null },
      ],
      filled,
    );
    expect(contentOf(out, '化学成分')).toEqual({
      fromColumns: { columns: { Carbon: 'c (wt.%)', other: 'other' }, label: '元素', value: '含量' },
    });
  });

  test("the table's other columns, one value on every row (set:): a number bare, text as {const}, in place, cleared; shown in the view", () => {
    const tested = plainTemplate({ 化学成分: table({ 元素: str(true), 含量: num('wt.%'), 方法: str(true), 批次: num() }) });
    const started = { content: { 化学成分: { fromColumns: { columns: { C: 'c' }, label: '元素', value: '含量' } } } };
    const apply = (m: { readonly [key: string]: Json }, e: MapperEdit) => applyMapperEdit(m, e, tested);
    let out = apply(started, { kind: 'rowSet', path: comp, column: '方法', value: 'ICP-AES' });
    out = apply(out, { kind: 'rowSet', path: comp, column: '批次', value: '3' });
    out = apply(out, { kind: 'rowSet', path: comp, column: '方法', value: ' XRF ' });
    expect(contentOf(out, '化学成分')).toEqual({
      fromColumns: { columns: { C: 'c' }, label: '元素', value: '含量', set: { 方法: { const: 'XRF' }, 批次: 3 } },
    });
    const views = fieldViews({
      template: tested,
      content: out['content'] as { readonly [key: string]: Json },
      proposal: undefined,
      profiles: new Map(),
    });
    expect(views[0]?.table?.fixedColumns).toEqual([
      { name: '方法', required: true, options: [], value: 'XRF', written: undefined },
      { name: '批次', required: false, options: [], value: '3', written: undefined },
    ]);
    out = apply(out, { kind: 'rowSet', path: comp, column: '方法', value: null });
    out = apply(out, { kind: 'rowSet', path: comp, column: '批次', value: '' });
    expect(contentOf(out, '化学成分')).toEqual(started.content.化学成分);
    // The label's and the cell's columns are the row's own; a name the table lacks is refused.
    expect(() => apply(started, { kind: 'rowSet', path: comp, column: '元素', value: 'C' })).toThrow(/each row's label/);
    expect(() => apply(started, { kind: 'rowSet', path: comp, column: '密度', value: '1' })).toThrow(/no column/);
    expect(() => apply({ content: {} }, { kind: 'rowSet', path: comp, column: '方法', value: 'x' })).toThrow(/a group of columns/);
    // A set: entry that reads a column is shown as written, for the YAML row.
    const read = { 化学成分: { fromColumns: { columns: ['c'], label: '元素', value: '含量', set: { 方法: { column: 'method' } } } } };
    const shown = fieldViews({ template: tested, content: read, proposal: undefined, profiles: new Map() });
    expect(shown[0]?.table?.fixedColumns[0]).toMatchObject({ name: '方法', value: undefined, written: '{"column":"method"}' });
  });

  test('two rows of one label, a role no table column has, a column before its layout: refused with a message', () => {
    const started = edited([
      { kind: 'tableSource', path: comp, source: 'fromColumns' },
      { kind: 'rowColumn', path: comp, column: 'C' },
    ]);
    expect(() => edited([{ kind: 'rowColumn', path: comp, column: 'c2', label: 'C' }], started)).toThrow(/two rows .* "C"/);
    expect(() => edited([{ kind: 'rowRole', path: comp, role: 'value', to: '密度' }], started)).toThrow(MapperEditError);
    expect(() => edited([{ kind: 'rowColumn', path: comp, column: 'C' }])).toThrow(/a group of columns/);
    // A table with no text column cannot label its rows.
    expect(() => edited([{ kind: 'tableSource', path: ['content', '变温'], source: 'fromColumns' }])).toThrow(/label/);
  });

  test("the rows of a record: each table column's cell picked and given a unit through fromRows; not mapped removes the table", () => {
    const cell = ['content', '变温', 'fromRows', '温度'];
    const out = edited([
      { kind: 'tableSource', path: ['content', '变温'], source: 'fromRows' },
      { kind: 'column', path: cell, column: 'T (K)' },
      { kind: 'unit', path: cell, unit: 'K' },
      { kind: 'column', path: ['content', '变温', 'fromRows', '电阻率'], column: 'rho' },
    ]);
    expect(contentOf(out, '变温')).toEqual({ fromRows: { 温度: { column: 'T (K)', unit: 'K' }, 电阻率: 'rho' } });
    expect(contentOf(edited([{ kind: 'tableSource', path: ['content', '变温'], source: null }], out), '变温')).toBeUndefined();
    // fromRows leads into a table's columns only: no field is named so elsewhere.
    expect(() => edited([{ kind: 'column', path: ['content', '编号', 'fromRows', '温度'], column: 'x' }])).toThrow(/no field/);
  });

  test('an array from several columns, in order; none left: not mapped', () => {
    const path = ['content', '应力序列'];
    const out = edited([{ kind: 'arrayColumns', path, columns: ['s1', 's2'] }]);
    expect(contentOf(out, '应力序列')).toEqual({ columns: ['s1', 's2'] });
    expect(contentOf(edited([{ kind: 'arrayColumns', path, columns: [] }], out), '应力序列')).toBeUndefined();
    expect(() => edited([{ kind: 'arrayColumns', path: comp, columns: ['a'] }])).toThrow(/no array/);
  });

  test('the new edits are read from the request body checked, a wrong kind of value refused', () => {
    const body = {
      edits: [
        { kind: 'tableSource', path: comp, source: 'fromRows' },
        { kind: 'rowColumn', path: comp, column: 'C', label: null },
        { kind: 'rowRole', path: comp, role: 'unit', to: 'wt.%' },
        { kind: 'rowSet', path: comp, column: '测量方法', value: null },
        { kind: 'arrayColumns', path: ['content', '应力序列'], columns: ['s1'] },
      ],
    };
    expect(parseMapperEdits(body)).toEqual(body.edits);
    expect(() => parseMapperEdits({ edits: [{ kind: 'tableSource', path: comp, source: 'rows' }] })).toThrow(MapperEditError);
    expect(() => parseMapperEdits({ edits: [{ kind: 'rowRole', path: comp, role: 'set', to: 'x' }] })).toThrow(MapperEditError);
    expect(() => parseMapperEdits({ edits: [{ kind: 'arrayColumns', path: comp, columns: [1] }] })).toThrow(MapperEditError);
    expect(() => parseMapperEdits({ edits: [{ kind: 'rowSet', path: comp, value: 'x' }] })).toThrow(MapperEditError);
  });
});

describe("init's scores in the page's views", () => {
  test("every column is scored for every field and table column, so the runner-up shows; a table's view says what the data looks like", () => {
    const names = ['Sample', 'element', 'content (wt.%)', 'T (K)', 'resistivity (mΩ·cm)', 'stress (MPa)'];
    const rows = [
      ['S1', 'C', 0.1, 300, 1.2, '100;200'],
      ['', 'Mn', 1.2, 400, 1.4, '120;220'],
      ['S2', 'C', 0.2, 300, 1.1, '90;210'],
      ['', 'Mn', 1.1, 400, 1.3, '110;230'],
    ];
    const proposal = proposeMapping(template, { names, rows });
    const profiles = new Map(names.map((n, i) => [n, profileColumn(rows.map((r) => r[i] ?? null))]));
    const views = fieldViews({ template, content: {}, proposal, profiles });
    const id = views.find((f) => f.name === '编号')!;
    expect(id.scores.map(([header]) => header)).toEqual(names);
    const temperature = views.find((f) => f.name === '变温')!.table!.cells.find((c) => c.name === '温度')!;
    expect(temperature.path).toEqual(['变温', 'fromRows', '温度']);
    expect(temperature.key).toBe('content.变温.温度');
    const best = [...temperature.scores].sort((a, b) => b[1] - a[1]);
    expect(best[0]![0]).toBe('T (K)');
    expect(best[0]![1]).toBeGreaterThan(best[1]![1]);
    const composition = views.find((f) => f.name === '化学成分')!.table!;
    expect(composition).toMatchObject({ source: 'none', labelColumns: ['元素'], proposedGroupBy: proposal.groupBy });
  });
});
