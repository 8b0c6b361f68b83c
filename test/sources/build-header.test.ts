import { buildHeader } from '../../src/sources/build-header.js';
import { MgeError } from '../../src/errors/mge-error.js';

const base = { file: 'data.xlsx', sheet: 'Sheet1', headerRow: 2 };

describe('buildHeader', () => {
  const upper = ['牌号', '化学成分', null, null, null];
  const lower = [null, 'C', 'Mn', 'Si', '备注'];

  test('with merge ranges, a group title covers exactly its merge', () => {
    const { header } = buildHeader({
      ...base,
      rows: [upper, lower],
      merges: [
        { top: 0, left: 1, bottom: 0, right: 3 },
        { top: 0, left: 0, bottom: 1, right: 0 },
      ],
    });
    expect(header.names).toEqual(['牌号', '化学成分 / C', '化学成分 / Mn', '化学成分 / Si', '备注']);
  });

  test('without merge ranges, a group title is carried right across empty upper cells', () => {
    const { header } = buildHeader({ ...base, rows: [upper, lower], merges: undefined });
    expect(header.names).toEqual(['牌号', '化学成分 / C', '化学成分 / Mn', '化学成分 / Si', '化学成分 / 备注']);
  });

  test('header text is trimmed and its inner whitespace collapsed; numbers and dates become text', () => {
    const { header } = buildHeader({
      ...base,
      headerRow: 1,
      rows: [['  屈服强度\n(MPa) ', 2024, { kind: 'date', iso: '2024-01-01' }, true]],
      merges: undefined,
    });
    expect(header.names).toEqual(['屈服强度 (MPa)', '2024', '2024-01-01', 'true']);
  });

  test('trailing unnamed columns are dropped, inner ones reported', () => {
    const { header } = buildHeader({ ...base, headerRow: 1, rows: [['a', null, 'b', null, '']], merges: undefined });
    expect(header.names).toEqual(['a', '', 'b']);
    expect(header.columns).toEqual(['A', 'B', 'C']);
    expect(header.issues?.map((i) => [i.code, i.columnIndex])).toEqual([['SOURCE_EMPTY_HEADER', 1]]);
  });

  test('duplicates fail with the sheet cell of the second occurrence', () => {
    let error: unknown;
    try {
      buildHeader({ ...base, headerRow: 3, rows: [['x', 'y', 'x']], merges: undefined });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MgeError);
    expect((error as MgeError).code).toBe('SOURCE_DUPLICATE_HEADER');
    expect((error as MgeError).location).toEqual({ file: 'data.xlsx', sheet: 'Sheet1', row: 3, column: 'C', cell: 'C3', header: 'x' });
  });
});
