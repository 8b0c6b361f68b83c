import { fieldViews } from '../../src/mapper/field-views.js';
import type { MappingProposal, TableProposal } from '../../src/mapping/header-match/proposal-types.js';
import type { TableField } from '../../src/template/template-types.js';
import { num, plainTemplate, str, table } from '../helpers/plain-template.js';

const template = plainTemplate({ 编号: str(true), 衍射峰: table({ '2θ': num('°', true), 强度: num('a.u.') }, true) });
const peaks = template.fields[1] as TableField;

/** A proposal of one `fromRows` table, its cells in the units given (undefined: the template's). */
function rowTable(units: readonly (string | undefined)[]): MappingProposal {
  const proposed: TableProposal = {
    kind: 'fromRows',
    field: peaks,
    cells: [
      ['2θ', 'two theta (rad)'],
      ['强度', 'intensity'],
    ],
    scores: [0.9, 0.8],
    units,
    sure: true,
  };
  return { fields: [], tables: [proposed], key: undefined, groupBy: ['id'], unitColumns: [], unusedHeaders: [], rowsRead: 4 };
}

const viewOf = (proposal: MappingProposal, content: Record<string, unknown> = {}) =>
  fieldViews({ template, content: content as never, proposal, profiles: new Map() }).find((f) => f.name === '衍射峰');

describe("the page's view of init's fromRows table", () => {
  test("a cell's unit is part of the proposed value, as init writes it; a cell without one stays a bare header", () => {
    const view = viewOf(rowTable(['rad', undefined]));
    expect(view?.proposal?.value).toEqual({ fromRows: { '2θ': { column: 'two theta (rad)', unit: 'rad' }, 强度: 'intensity' } });
  });

  test("the mapping holding init's table with its units shows that table as written, and no other proposal to take", () => {
    const written = { fromRows: { '2θ': { column: 'two theta (rad)', unit: 'rad' }, 强度: { column: 'intensity', unit: 'a.u.' } } };
    const view = viewOf(rowTable(['rad', 'a.u.']), { 衍射峰: written });
    expect(view?.value).toEqual(written);
    expect(view?.proposal?.value).toEqual(written);
    expect(view?.valueText).toBe('{fromRows: {2θ: {column: two theta (rad), unit: rad}, 强度: {column: intensity, unit: a.u.}}}');
  });
});
