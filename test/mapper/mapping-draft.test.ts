import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { applyMapperEdit, MapperEditError } from '../../src/mapper/apply-mapper-edit.js';
import type { MapperEdit } from '../../src/mapper/mapper-api.js';
import { openMappingDraft, type MappingDraft } from '../../src/mapper/mapping-draft.js';
import { templateKeyOrder } from '../../src/mapper/template-key-order.js';
import { proposeMapping } from '../../src/mapping/header-match/propose-mapping.js';
import { scaffoldMapping } from '../../src/mapping/scaffold/scaffold-mapping.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';

const template = sampleTemplate(202);

function edited(text: string, ...edits: MapperEdit[]): { draft: MappingDraft; text: string } {
  const draft = openMappingDraft(text, templateKeyOrder(template));
  for (const edit of edits) draft.replace(applyMapperEdit(draft.json(), edit, template));
  return { draft, text: draft.text() };
}

/** The lines of `after` that are not in `before`, and those of `before` gone from `after`. */
function lineDiff(before: string, after: string): { added: string[]; removed: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) };
}

const SHIPPED = readFileSync('mappings/ucsb_thermoelectrics.yaml', 'utf8');

describe('editing a mapping keeps what the edit does not touch', () => {
  test('no edit gives the text back byte for byte, aligned comments included', () => {
    const scaffold = scaffoldMapping(template, {
      proposal: proposeMapping(template, { names: ['composition', 'T [K]'], rows: [['Bi2Te3', '300']] }),
    });
    expect(edited(scaffold).text).toBe(scaffold);
    expect(edited(SHIPPED).text).toBe(SHIPPED);
  });

  test('a column changed in a commented mapping changes that line only', () => {
    const { text } = edited(SHIPPED, { kind: 'column', path: ['content', '合成方法'], column: 'src' });
    expect(lineDiff(SHIPPED, text)).toEqual({ added: ['  合成方法: src'], removed: ['  合成方法: synthesis'] });
  });

  test('a unit added to a bare column becomes {column, unit}, on its line; removing it gives the bare name back', () => {
    const { draft, text } = edited(SHIPPED, { kind: 'unit', path: ['content', '测试温度'], unit: 'K' });
    expect(lineDiff(SHIPPED, text).added).toEqual(['  测试温度: {column: "T [K]", unit: K}']);
    draft.replace(applyMapperEdit(draft.json(), { kind: 'unit', path: ['content', '测试温度'], unit: '' }, template));
    expect(draft.text()).toBe(SHIPPED);
  });

  test("a value map entry changes inside the block, the map's other entries and comments kept", () => {
    const { text } = edited(SHIPPED, { kind: 'map', path: ['content', '结晶性'], from: 'Nanoparticles', to: '多晶' });
    expect(lineDiff(SHIPPED, text).added).toEqual(['    map: {Polycrystalline: 多晶, Single crystal: 单晶, Nanoparticles: 多晶}']);
    expect(parse(text).content.结晶性.map).toEqual({ Polycrystalline: '多晶', 'Single crystal': '单晶', Nanoparticles: '多晶' });
  });

  test('a field taken out hands its comment lines to the field below; one put back goes where the template has it', () => {
    const scaffold = `${scaffoldMapping(template)}`;
    const { draft, text } = edited(scaffold, { kind: 'column', path: ['content', '合成方法'], column: 'synthesis' });
    const lines = text.split('\n');
    // The live line sits under its own comment, above the next field's, and init's commented line is gone.
    const at = lines.indexOf('  合成方法: synthesis');
    expect(lines[at - 1]).toBe('  # 合成方法 — string');
    expect(lines[at + 1]).toBe('  # 空间群 — number');
    expect(lines.filter((l) => l.includes('合成方法:'))).toEqual(['  合成方法: synthesis']);
    draft.replace(applyMapperEdit(draft.json(), { kind: 'column', path: ['content', '合成方法'], column: null }, template));
    const removed = draft.text().split('\n');
    expect(removed).not.toContain('  合成方法: synthesis');
    expect(removed).toContain('  # 合成方法 — string');
  });

  test('a range from two columns: the error column added and taken away, errOptional kept with it', () => {
    const t = sampleTemplate(203);
    const draft = openMappingDraft('version: 1\ntemplate: 203\ncontent:\n  强度区间: R\n', templateKeyOrder(t));
    const apply = (edit: MapperEdit): unknown => {
      draft.replace(applyMapperEdit(draft.json(), edit, t));
      return (parse(draft.text()) as { content: Record<string, unknown> }).content['强度区间'];
    };
    expect(apply({ kind: 'column', path: ['content', '强度区间'], part: 'ub', column: 'R2' })).toEqual({ lb: 'R', ub: 'R2' });
    expect(apply({ kind: 'unit', path: ['content', '强度区间'], unit: 'ksi' })).toEqual({
      lb: { column: 'R', unit: 'ksi' },
      ub: { column: 'R2', unit: 'ksi' },
    });
    expect(apply({ kind: 'column', path: ['content', '强度区间'], part: 'ub', column: null })).toEqual({ column: 'R', unit: 'ksi' });
  });

  test('an edit of no template field, or a unit before a column, is refused with a message', () => {
    const draft = openMappingDraft(SHIPPED, templateKeyOrder(template));
    expect(() => applyMapperEdit(draft.json(), { kind: 'column', path: ['content', '没有'], column: 'x' }, template)).toThrow(
      MapperEditError,
    );
    expect(() => applyMapperEdit(draft.json(), { kind: 'unit', path: ['content', '热导率'], unit: 'K' }, template)).not.toThrow();
    const bare = openMappingDraft('version: 1\ntemplate: 202\ncontent: {}\n', templateKeyOrder(template));
    expect(() => applyMapperEdit(bare.json(), { kind: 'unit', path: ['content', '热导率'], unit: 'K' }, template)).toThrow(
      /before its unit/,
    );
  });

  test('meta set from the page keeps quoting YAML needs ("01" stays text)', () => {
    const { text } = edited(
      SHIPPED,
      { kind: 'set', path: ['meta', 'source', 'source'], value: '10' },
      { kind: 'set', path: ['meta', 'title'], value: 'Thermoelectrics: {composition}' },
    );
    const meta = (parse(text) as { meta: { source: { source: unknown }; title: unknown } }).meta;
    expect(meta.source.source).toBe('10');
    expect(meta.title).toBe('Thermoelectrics: {composition}');
    expect(text).toContain('# Sources that are not DOIs');
  });

  test("a group's column relabelled keeps its place in the table's columns, on their line", () => {
    const steel = sampleTemplate(201);
    const shipped = readFileSync('mappings/steel_strength.yaml', 'utf8');
    const draft = openMappingDraft(shipped, templateKeyOrder(steel));
    const path = ['content', '化学成分'];
    draft.replace(applyMapperEdit(draft.json(), { kind: 'rowColumn', path, column: 'mn', label: 'Mn (total)' }, steel));
    expect(lineDiff(shipped, draft.text())).toEqual({
      added: ['      columns: {C: c, Mn (total): mn, Si: si, Cr: cr, Ni: ni, Mo: mo, V: v, N: n, Nb: nb, Co: co, W: w, Al: al, Ti: ti}'],
      removed: ['      columns: {C: c, Mn: mn, Si: si, Cr: cr, Ni: ni, Mo: mo, V: v, N: n, Nb: nb, Co: co, W: w, Al: al, Ti: ti}'],
    });
  });
});
