import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMgeError } from '../../src/errors/mge-error.js';
import type { MappedRow } from '../../src/mapping/rows/mapped-row.js';
import { openErrorFile } from '../../src/pipeline/open-error-file.js';
import { FIX_COLUMNS } from '../../src/report/open-fix-file.js';
import type { SourceHeader } from '../../src/sources/source-types.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('error-file-');

const location = { file: 'data.xlsx', sheet: 'Sheet1', row: 17 };
const invalid: MappedRow = {
  location,
  rowNumbers: [17],
  key: '["GH4169"]',
  hash: 'h',
  body: undefined,
  record: undefined,
  problems: [
    {
      code: 'VALUE_NOT_A_NUMBER',
      message: 'the cell is not a number',
      location: { ...location, column: 'B', cell: 'B17', header: '屈服强度 (MPa)' },
      field: 'content.屈服强度',
      expected: 'a number in MPa',
      found: '1,0x',
    },
    { code: 'REQUIRED_MISSING', message: 'required', location, field: 'content.牌号', expected: 'a value', found: 'absent' },
  ],
  sourceValues: { 牌号: null, '屈服强度 (MPa)': '1,0x', 日期: { kind: 'date', iso: '2024-01-31' }, 备注: 'say "hi"' },
};
const valid: MappedRow = { ...invalid, problems: [] };
const header = (names: string[]): SourceHeader => ({
  file: 'data.xlsx',
  sheet: 'Sheet1',
  row: 1,
  names,
  columns: names.map((_, i) => String.fromCharCode(65 + i)),
});
const headers = [header(['牌号', '屈服强度 (MPa)', '日期', '备注'])];

describe('openErrorFile', () => {
  test('CSV: BOM, the original columns in order, then the error columns; valid rows left out', async () => {
    const file = join(dir, 'errors.csv');
    const out = await openErrorFile(file, headers);
    expect(out.format).toBe('csv');
    await out.write(valid);
    await out.write(invalid);
    await out.close();
    await out.close();
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [head, row, rest] = text.slice(1).split('\r\n');
    expect(head).toBe(['牌号', '屈服强度 (MPa)', '日期', '备注', ...FIX_COLUMNS].join(','));
    expect(row).toMatch(
      /^,"1,0x",2024-01-31,"say ""hi""",invalid,data\.xlsx,Sheet1,17,B17,VALUE_NOT_A_NUMBER REQUIRED_MISSING,"B17 \(屈服强度 \(MPa\)\) content\.屈服强度 VALUE_NOT_A_NUMBER/,
    );
    expect(rest).toBe('');
  });

  test('JSON lines: one object per invalid record with its problems and original cells', async () => {
    const file = join(dir, 'errors.jsonl');
    const out = await openErrorFile(file, headers);
    await out.write(invalid);
    await out.write(valid);
    await out.close();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      status: 'invalid',
      codes: ['VALUE_NOT_A_NUMBER', 'REQUIRED_MISSING'],
      file: 'data.xlsx',
      sheet: 'Sheet1',
      row: 17,
      key: '["GH4169"]',
      sourceValues: { '屈服强度 (MPa)': '1,0x', 日期: { iso: '2024-01-31' } },
    });
    expect((lines[0]!['problems'] as { code: string; cell?: string }[]).map((p) => [p.code, p.cell])).toEqual([
      ['VALUE_NOT_A_NUMBER', 'B17'],
      ['REQUIRED_MISSING', undefined],
    ]);
  });

  test('another extension or an unwritable place is a usage error', async () => {
    const [ext, place] = await Promise.all([
      openErrorFile(join(dir, 'errors.txt'), headers).catch((e: unknown) => e),
      openErrorFile(join(dir, 'no', 'such', 'e.csv'), headers).catch((e: unknown) => e),
    ]);
    expect(isMgeError(ext, 'usage') && ext.code).toBe('ERRORS_FILE_EXTENSION');
    expect(isMgeError(place, 'usage') && place.code).toBe('ERRORS_FILE_UNWRITABLE');
  });
  test('CSV: inputs with different headers share one header, the union; earlier error columns and an empty header name are handled', async () => {
    const file = join(dir, 'union.csv');
    const second = header(['', '牌号', '温度', '_codes']);
    const out = await openErrorFile(file, [header(['牌号', '屈服强度 (MPa)']), second]);
    await out.write(invalid);
    await out.write({
      ...invalid,
      location: { file: 'b.csv', sheet: undefined, row: 4 },
      rowNumbers: [4],
      sourceValues: { A: '7', 牌号: 'X1', 温度: '600', _codes: 'OLD' },
    });
    await out.close();
    const [head, first, next] = readFileSync(file, 'utf8').slice(1).split('\r\n');
    expect(head).toBe(['牌号', '屈服强度 (MPa)', 'A', '温度', ...FIX_COLUMNS].join(','));
    expect(first!.startsWith(',"1,0x",,,invalid,data.xlsx,')).toBe(true);
    expect(next!.startsWith('X1,,7,600,invalid,b.csv,,4,')).toBe(true);
  });
});
