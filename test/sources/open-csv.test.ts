import { openTable } from '../../src/sources/open-table.js';
import { fixture, readAll, sourceFailure } from './read-all.js';

const STEEL_HEAD = ['formula', 'c', 'mn', 'si', 'yield strength', 'tensile strength', 'elongation'];

describe('openTable on CSV/TSV', () => {
  test('reads plain UTF-8, keeping an unnamed index column and reporting its empty name', async () => {
    const table = await openTable(fixture('steel-utf8.csv'));
    expect(table.header.names.slice(0, 3)).toEqual(['', 'formula', 'c']);
    expect(table.header.columns.slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect(table.header.sheet).toBeUndefined();
    expect(table.header.issues?.map((i) => [i.code, i.columnIndex])).toEqual([['SOURCE_EMPTY_HEADER', 0]]);
    const rows = await readAll(table);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.rowNumber).toBe(2);
    expect(rows[0]!.values.slice(0, 3)).toEqual([
      '0',
      'Fe0.620C0.000953Mn0.000521Si0.00102Cr0.000110Ni0.192Mo0.0176V0.000112Nb0.0000616Co0.146Al0.00318Ti0.0185',
      '0.02',
    ]);
    expect(rows[0]!.header).toBe(table.header);
  });

  test.each([
    ['steel-utf8-bom.csv', ','],
    ['steel-semicolon.csv', ';'],
    ['steel-tab.tsv', '\t'],
    ['steel-pipe.txt', '|'],
  ])('%s: BOM stripped, delimiter found', async (name) => {
    const table = await openTable(fixture(name));
    expect(table.header.names).toEqual(STEEL_HEAD);
    const rows = await readAll(table);
    expect(rows).toHaveLength(12);
    expect(rows[1]!.values).toEqual([
      'Fe0.623C0.00854Mn0.000104Si0.000203Cr0.147Ni0.0000971Mo0.0179V0.00515N0.00163Nb0.0000614Co0.188W0.00729Al0.000845',
      '0.18',
      '0.01',
      '0.01',
      '1123.1',
      '1929.2',
      '8.0',
    ]);
  });

  test('an explicit delimiter overrides sniffing', async () => {
    const table = await openTable(fixture('steel-semicolon.csv'), { delimiter: ',' });
    expect(table.header.names).toEqual([STEEL_HEAD.join(';')]);
    await table.close();
  });

  test('empty cells are null', async () => {
    const rows = await readAll(await openTable(fixture('steel-pipe.txt')));
    expect(rows[2]!.values[6]).toBeNull();
  });

  test('reads UTF-16LE with a BOM', async () => {
    const table = await openTable(fixture('thermo-utf16le.csv'));
    expect(table.header.names[1]).toBe('composition');
    const rows = await readAll(table);
    expect(rows).toHaveLength(8);
    expect(rows[0]!.values[3]).toBe('Arc-melted, vacuum');
  });

  test('detects GB18030 and reads Chinese headers and values; also when named explicitly', async () => {
    for (const encoding of ['auto', 'gb18030'] as const) {
      const table = await openTable(fixture('steel-gb18030.csv'), { encoding });
      expect(table.header.names).toEqual(['牌号', '碳含量 (wt%)', '屈服强度 (MPa)', '抗拉强度 (MPa)', '备注']);
      const rows = await readAll(table);
      expect(rows[1]!.values).toEqual(['钢样2', '0.18', '1123.1', '1929.2', '含铬，退火处理']);
    }
  });

  test.each(['latin1.csv', 'gb-then-utf8.csv'])('auto refuses %s instead of decoding it as GB18030 mojibake', async (name) => {
    const error = await sourceFailure(openTable(fixture(name)));
    expect([error.code, error.location]).toEqual(['SOURCE_ENCODING_UNCERTAIN', { file: fixture(name) }]);
    expect(error.hint).toMatch(/encoding/);
  });

  test('a UTF-8 row after a GB18030 sample fails instead of turning to mojibake', async () => {
    const table = await openTable(fixture('late-utf8.csv'));
    expect(table.header.names[0]).toBe('牌号');
    const error = await sourceFailure(readAll(table));
    expect(error.code).toBe('SOURCE_BAD_ENCODING');
    expect(error.location?.file).toBe(fixture('late-utf8.csv'));
    expect(error.location?.row).toBeGreaterThan(1);
  });

  test('an explicit gb18030 still reads a file auto refuses (the user decided)', async () => {
    const table = await openTable(fixture('gb-then-utf8.csv'), { encoding: 'gb18030' });
    expect(table.header.names).toEqual(['牌号', '备注']);
    await table.close();
  });

  test('GB18030 bytes read as explicit UTF-8 are refused, never mojibake', async () => {
    const error = await sourceFailure(openTable(fixture('steel-gb18030.csv'), { encoding: 'utf8' }));
    expect(error.code).toBe('SOURCE_BAD_ENCODING');
    expect(error.location).toEqual({ file: fixture('steel-gb18030.csv') });
    expect(error.hint).toBeDefined();
  });

  test('finds the header below title rows; skipRows drops a unit row; line numbers are physical', async () => {
    const auto = await openTable(fixture('title-rows.csv'), { skipRows: [5] });
    expect(auto.header.row).toBe(4);
    expect(auto.header.detected).toBe(true);
    expect(auto.header.names).toEqual(STEEL_HEAD);
    const rows = await readAll(auto);
    expect(rows.map((r) => r.rowNumber)).toEqual([6, 7, 8, 9]);
    const explicit = await openTable(fixture('title-rows.csv'), { headerRow: 4, dataStartRow: 6 });
    expect(explicit.header.detected).toBeUndefined();
    expect((await readAll(explicit)).map((r) => r.rowNumber)).toEqual([6, 7, 8, 9]);
  });

  test('quoted newlines keep the line where each record starts', async () => {
    const rows = await readAll(await openTable(fixture('quoted.csv')));
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 4, 5]);
    expect(rows[0]!.values[2]).toBe('first line\nsecond line');
    expect(rows[0]!.values[1]).toBe('Arc-melted, vacuum');
    expect(rows[2]!.values[1]).toBe('a "quoted" word');
  });

  test('a short row is padded with empty cells and valid; a long row is kept and reported with its line', async () => {
    const rows = await readAll(await openTable(fixture('ragged.csv')));
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(rows[0]!.issues).toEqual([]);
    expect(rows[1]!.values).toEqual([expect.any(String), '0.18', null]);
    expect(rows[1]!.issues).toEqual([]);
    expect(rows[2]!.values).toHaveLength(3);
    expect(rows[2]!.issues.map((i) => [i.code, i.found])).toEqual([['SOURCE_RAGGED_ROW', 'extra']]);
    expect(rows[3]!.issues).toEqual([]);
  });

  test('duplicate header names fail with every column letter', async () => {
    const error = await sourceFailure(openTable(fixture('duplicate-header.csv')));
    expect(error.code).toBe('SOURCE_DUPLICATE_HEADER');
    expect(error.kind).toBe('source');
    expect(error.location).toMatchObject({ file: fixture('duplicate-header.csv'), row: 1, column: 'D', header: 'c' });
    expect(error.message).toContain('B, D');
    expect(error.message).toContain('E, F');
  });

  test('an empty header name inside the table is reported on the header, values kept', async () => {
    const table = await openTable(fixture('empty-header.csv'));
    expect(table.header.names).toEqual(['formula', '', 'mn']);
    expect(table.header.issues?.map((i) => [i.code, i.columnIndex])).toEqual([['SOURCE_EMPTY_HEADER', 1]]);
    expect((await readAll(table))[0]!.values).toEqual(['Fe', '0.1', '0.2']);
  });

  test('trailing empty columns are trimmed without flagging rows', async () => {
    const table = await openTable(fixture('trailing-empty.csv'));
    expect(table.header.names).toEqual(['formula', 'c']);
    const rows = await readAll(table);
    expect(rows.map((r) => [r.values, r.issues.length])).toEqual([
      [['Fe', '0.1'], 0],
      [['Fe2', '0.2'], 0],
    ]);
  });

  test('blank lines and all-empty rows are skipped', async () => {
    const rows = await readAll(await openTable(fixture('blank-rows.csv')));
    expect(rows.map((r) => r.rowNumber)).toEqual([3, 5]);
  });

  test('a header-only file gives its header and no rows', async () => {
    const table = await openTable(fixture('header-only.csv'));
    expect(table.header.names).toEqual(STEEL_HEAD);
    expect(await readAll(table)).toEqual([]);
  });

  test.each([
    ['empty.csv', 'SOURCE_EMPTY'],
    ['blank-lines.csv', 'SOURCE_EMPTY'],
    ['binary.csv', 'SOURCE_NOT_TEXT'],
    ['no-such-file.csv', 'SOURCE_NOT_FOUND'],
  ])('%s fails with %s', async (name, code) => {
    const error = await sourceFailure(openTable(fixture(name)));
    expect(error.code).toBe(code);
    expect(error.location?.file).toBe(fixture(name));
    expect(error.hint).toBeDefined();
  });

  test('a header row beyond the end fails with the row', async () => {
    const error = await sourceFailure(openTable(fixture('steel-utf8-bom.csv'), { headerRow: 40 }));
    expect(error.code).toBe('SOURCE_HEADER_NOT_FOUND');
    expect(error.location).toEqual({ file: fixture('steel-utf8-bom.csv'), row: 40 });
  });

  test('a blank header row fails', async () => {
    const error = await sourceFailure(openTable(fixture('blank-rows.csv'), { headerRow: 2 }));
    expect(error.code).toBe('SOURCE_HEADER_NOT_FOUND');
    expect(error.location?.row).toBe(2);
  });

  test('stopping early closes the file; the rows can be read only once', async () => {
    const table = await openTable(fixture('steel-utf8.csv'));
    for await (const row of table.rows()) {
      expect(row.rowNumber).toBe(2);
      break;
    }
    await table.close();
    const again = await sourceFailure(readAll(table));
    expect(again.code).toBe('SOURCE_REREAD');
  });

  test('an unsupported extension fails', async () => {
    const error = await sourceFailure(openTable(fixture('README.md')));
    expect(error.code).toBe('SOURCE_UNSUPPORTED');
    expect(error.message).toContain('.md files');
  });

  test('a file without an extension fails with a message that reads as a sentence', async () => {
    const error = await sourceFailure(openTable(fixture('README')));
    expect([error.code, error.location]).toEqual(['SOURCE_UNSUPPORTED', { file: fixture('README') }]);
    expect(error.message).not.toMatch(/extension files/);
  });

  test('bytes that stop being UTF-8 after the encoding sample fail instead of turning to mojibake', async () => {
    const table = await openTable(fixture('late-gbk.csv'));
    expect(table.header.names).toEqual(STEEL_HEAD);
    const error = await sourceFailure(readAll(table));
    expect(error.code).toBe('SOURCE_BAD_ENCODING');
    expect(error.location?.file).toBe(fixture('late-gbk.csv'));
    expect(error.location?.row).toBeGreaterThan(400);
    expect(error.location?.row).toBeLessThanOrEqual(602);
  });

  test('an unclosed quote fails with the line where its record starts', async () => {
    const table = await openTable(fixture('unclosed-quote.csv'));
    const rows: number[] = [];
    const error = await sourceFailure(
      (async () => {
        for await (const row of table.rows()) rows.push(row.rowNumber);
      })(),
    );
    expect(rows).toEqual([2]);
    expect(error.code).toBe('SOURCE_CSV_SYNTAX');
    expect(error.location).toEqual({ file: fixture('unclosed-quote.csv'), row: 3 });
    // csv-parse, which reads from the odd record on, would count that record's line as line 1.
    expect(error.message).toMatch(/^the file is not valid CSV: Quote Not Closed/);
    expect(error.message).not.toMatch(/line \d/);
  });

  test('a two-row CSV header carries group titles across their empty cells', async () => {
    const table = await openTable(fixture('two-row-header.csv'), { headerRows: 2 });
    expect(table.header.row).toBe(2);
    expect(table.header.names).toEqual([
      '牌号',
      '化学成分 / C',
      '化学成分 / Mn',
      '化学成分 / Si',
      '力学性能 / 屈服强度 (MPa)',
      '力学性能 / 抗拉强度 (MPa)',
    ]);
    expect((await readAll(table)).map((r) => r.rowNumber)).toEqual([3, 4, 5]);
  });
  test('mixed line endings (CRLF with an LF line appended, a lone CR) read as one record per line', async () => {
    const table = await openTable(fixture('mixed-line-endings.csv'));
    expect(table.header.names).toEqual(['formula', 'yield strength', 'note']);
    const rows = await readAll(table);
    expect(rows.map((r) => r.values)).toEqual([
      ['A1', '100', 'two\r\nlines'],
      ['A2', '200', 'x'],
      ['A3', '300', 'appended in an LF editor'],
      ['A4', '400', 'old mac'],
      ['A5', '500', 'last'],
    ]);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 4, 5, 6, 7]);
    expect(rows.flatMap((r) => r.issues ?? [])).toEqual([]);
  });
});
