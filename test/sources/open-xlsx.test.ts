import { openTable } from '../../src/sources/open-table.js';
import { fixture, readAll, sourceFailure } from './read-all.js';

describe('openTable on xlsx', () => {
  test('two-row header with merged group titles, title row above, sheet by name', async () => {
    const table = await openTable(fixture('steel.xlsx'), { sheet: '数据', headerRows: 2 });
    expect(table.header.sheet).toBe('数据');
    expect(table.header.row).toBe(4);
    expect(table.header.names).toEqual([
      '牌号',
      '化学成分 / C',
      '化学成分 / Mn',
      '化学成分 / Si',
      '力学性能 / 屈服强度 (MPa)',
      '力学性能 / 抗拉强度 (MPa)',
      '测试日期',
      '测试时间',
      '合格',
      '链接',
      '备注',
    ]);
    expect(table.header.columns).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']);
    await table.close();
  });

  test('sheet by 1-based index and an explicit header row', async () => {
    const table = await openTable(fixture('steel.xlsx'), { sheet: 2, headerRow: 4, headerRows: 2 });
    expect(table.header.sheet).toBe('数据');
    expect(table.header.names[4]).toBe('力学性能 / 屈服强度 (MPa)');
    const rows = await readAll(table);
    expect(rows.map((r) => r.rowNumber)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  test('cells normalized: numbers, dates, booleans, rich text, hyperlinks, formulas, errors', async () => {
    const rows = await readAll(await openTable(fixture('steel.xlsx'), { sheet: '数据', headerRows: 2 }));
    const first = rows[0]!;
    expect(first.values.slice(1, 6)).toEqual([0.02, 0.05, 0.05, 2411.5, 2473.5]);
    expect(first.values[6]).toEqual({ kind: 'date', iso: '2024-01-01' });
    expect(first.values[7]).toEqual({ kind: 'date', iso: '2024-01-01T13:45:30' });
    expect(first.values[8]).toBe(true);
    expect(first.values[9]).toBe('doi-0');
    expect(first.values[10]).toBe('含铬');
    expect(first.issues).toEqual([]);
    expect(rows[1]!.values[5]).toBeCloseTo(1123.1 * 1.5, 6);
    expect(rows[1]!.values[8]).toBe(false);

    const noResult = rows[2]!;
    expect(noResult.rowNumber).toBe(7);
    expect(noResult.values[5]).toBeNull();
    expect(noResult.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([['SOURCE_FORMULA_NO_RESULT', 5, '=E7*1.5']]);
    expect(noResult.issues[0]!.message).toContain('数据!F7');

    expect(rows[3]!.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([['SOURCE_ERROR_CELL', 4, '#DIV/0!']]);
    expect(rows[3]!.values[4]).toBeNull();
    expect(rows[4]!.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([['SOURCE_ERROR_CELL', 2, '#N/A']]);
    expect(rows[5]!.values[10]).toBe('Fe0.636C0.00881Mn0.000203Si0.00972Cr0.135Ni0.00892Mo0.0114V0.000109Nb0.0000600Co0.190Al0.000620!');
  });

  test('the first sheet by default; a one-row header', async () => {
    const table = await openTable(fixture('steel-simple.xlsx'));
    expect(table.header.sheet).toBe('Sheet1');
    expect(table.header.names[0]).toBe('formula');
    const rows = await readAll(table);
    expect(rows).toHaveLength(12);
    expect(rows[11]!.rowNumber).toBe(13);
  });

  test('a missing sheet fails and the hint lists the sheets', async () => {
    for (const sheet of ['nope', 3] as const) {
      const error = await sourceFailure(openTable(fixture('steel.xlsx'), { sheet }));
      expect(error.code).toBe('SOURCE_SHEET_NOT_FOUND');
      expect(error.location).toEqual({ file: fixture('steel.xlsx'), sheet: String(sheet) });
      expect(error.hint).toContain('"说明"');
      expect(error.hint).toContain('"数据"');
    }
  });

  test('a header row beyond the end of the sheet fails with sheet and row', async () => {
    const error = await sourceFailure(openTable(fixture('steel-simple.xlsx'), { headerRow: 100 }));
    expect(error.code).toBe('SOURCE_HEADER_NOT_FOUND');
    expect(error.location).toEqual({ file: fixture('steel-simple.xlsx'), sheet: 'Sheet1', row: 100 });
  });

  test.each([
    ['truncated.xlsx', 'SOURCE_CORRUPT'],
    ['not-a-zip.xlsx', 'SOURCE_CORRUPT'],
    ['encrypted.xlsx', 'SOURCE_ENCRYPTED'],
    ['bomb.xlsx', 'SOURCE_TOO_LARGE'],
    ['missing.xlsx', 'SOURCE_NOT_FOUND'],
  ])('%s fails with %s', async (name, code) => {
    const error = await sourceFailure(openTable(fixture(name)));
    expect(error.code).toBe(code);
    expect(error.kind).toBe('source');
    expect(error.location?.file).toBe(fixture(name));
    expect(error.hint).toBeDefined();
  });

  test("a row past Excel's last row fails with the row", async () => {
    // Small sheets arrive in one batch, so this fails while the header is read.
    const error = await sourceFailure(openTable(fixture('beyond-last-row.xlsx')).then(readAll));
    expect(error.code).toBe('SOURCE_TOO_LARGE');
    expect(error.location).toEqual({ file: fixture('beyond-last-row.xlsx'), sheet: 'Sheet1', row: 1048577 });
  });

  test('stopping early closes the workbook', async () => {
    const table = await openTable(fixture('steel-simple.xlsx'));
    const seen: number[] = [];
    for await (const row of table.rows()) {
      seen.push(row.rowNumber);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([2, 3]);
    await table.close();
  });
});

describe('openTable on xls and ods', () => {
  test.each(['steel.xls', 'steel.ods'])('%s: sheet, merged two-row header, numbers and dates', async (name) => {
    const table = await openTable(fixture(name), { sheet: 'data', headerRows: 2 });
    expect(table.header.sheet).toBe('data');
    expect(table.header.row).toBe(2);
    expect(table.header.names).toEqual(['牌号', '力学性能 / 屈服强度 (MPa)', '力学性能 / 抗拉强度 (MPa)', '测试日期']);
    const rows = await readAll(table);
    expect(rows.map((r) => r.rowNumber)).toEqual([3, 4, 5, 6, 7]);
    expect(rows[0]!.values.slice(1)).toEqual([2411.5, 2473.5, { kind: 'date', iso: '2024-01-01' }]);
  });

  test('an xls error cell is reported with its column', async () => {
    const rows = await readAll(await openTable(fixture('steel.xls'), { sheet: 2, headerRows: 2 }));
    expect(rows[2]!.values[1]).toBeNull();
    expect(rows[2]!.issues.map((i) => [i.code, i.columnIndex, i.found])).toEqual([['SOURCE_ERROR_CELL', 1, '#DIV/0!']]);
  });

  test('a missing sheet lists the sheets', async () => {
    const error = await sourceFailure(openTable(fixture('steel.ods'), { sheet: 'Sheet9' }));
    expect(error.code).toBe('SOURCE_SHEET_NOT_FOUND');
    expect(error.hint).toContain('"notes"');
  });
});
