import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openTable } from '../../src/sources/open-table.js';
import {
  inlineCell as inline,
  lyingXlsx as lyingXlsxBytes,
  odsContent,
  ODS_HEADER_ROW,
  odsZip,
  ONE_ROW as ROW,
  repeatedOds,
  rowsXlsx as rowsXlsxBytes,
  spreadsheetXml,
} from '../helpers/hostile-workbooks.js';
import { repeatedDeflate, SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts, type ZipPart } from '../helpers/write-zip.js';
import { readAll, sourceFailure } from './read-all.js';
import { tempDirSync } from '../helpers/temp-dir.js';

/**
 * Workbooks built to expand: zip entries whose headers under-report their size, an entry smuggled
 * outside the zip directory, OpenDocument repeat attributes, sparse sheets. Each is refused before
 * the reader builds what it promises, with SOURCE_TOO_LARGE naming the file. (What the CLI does with
 * them, end to end, is in the hostile-input corpus, test/hostile.)
 */
let dir: string;
beforeAll(() => {
  dir = tempDirSync('mge-hostile-workbooks-');
});

function write(name: string, data: Buffer | string): string {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
}

const lyingXlsx = (name: string, mib: number, declared: number): string => write(name, lyingXlsxBytes(mib, declared));
const ods = (name: string, content: string): string => write(name, odsZip(content));
const rowsXlsx = (name: string, body: (row: number) => string, count: number): string => write(name, rowsXlsxBytes(body, count));
const spreadsheetXls = (name: string, rows: string): string => write(name, spreadsheetXml(rows));

describe('xlsx whose zip lies', () => {
  test('a sheet declaring 5,000 bytes that inflates to 64 MiB is SOURCE_TOO_LARGE as soon as it passes 5,000', async () => {
    const file = lyingXlsx('lying.xlsx', 64, 5000);
    const error = await sourceFailure(openTable(file));
    expect([error.kind, error.code, error.location]).toEqual(['source', 'SOURCE_TOO_LARGE', { file }]);
    expect(error.message).toContain('xl/worksheets/sheet1.xml');
  });

  test('shared strings and styles are counted too', async () => {
    const bomb = repeatedDeflate(Buffer.from('<sst>'), Buffer.alloc(1024 * 1024, '<si><t>a</t></si>'), 8, Buffer.from('</sst>'));
    const sheet: ZipPart = { name: 'sheet', data: Buffer.concat([SHEET_HEAD, Buffer.from(ROW), SHEET_TAIL]) };
    for (const part of ['xl/sharedStrings.xml', 'xl/styles.xml']) {
      const file = write(
        `lying-${path.basename(part)}.xlsx`,
        writeZip([...withWorkbookParts(xlsxParts(sheet)), { name: part, deflated: { ...bomb, crc: 0 }, declaredSize: 100 }]),
      );
      const error = await sourceFailure(openTable(file));
      expect([error.code, error.message.includes(part)]).toEqual(['SOURCE_TOO_LARGE', true]);
    }
  });

  test('a lying part that no relationship leads to is never inflated, and the sheet reads', async () => {
    const bomb = repeatedDeflate(Buffer.from('<sst>'), Buffer.alloc(1024 * 1024, '<si><t>a</t></si>'), 8, Buffer.from('</sst>'));
    const sheet: ZipPart = { name: 'sheet', data: Buffer.concat([SHEET_HEAD, Buffer.from(ROW), SHEET_TAIL]) };
    const file = write(
      'lying-unused.xlsx',
      writeZip([...xlsxParts(sheet), { name: 'xl/media/unused.xml', deflated: { ...bomb, crc: 0 }, declaredSize: 100 }]),
    );
    const table = await openTable(file);
    expect(table.header.names.length).toBeGreaterThan(0);
    await table.close();
  });

  test("an entry smuggled between the directory's entries is never read", async () => {
    const real: ZipPart = {
      name: 'sheet',
      data: Buffer.concat([
        SHEET_HEAD,
        Buffer.from(
          '<row r="1"><c r="A1" t="inlineStr"><is><t>formula</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Fe</t></is></c></row>',
        ),
        SHEET_TAIL,
      ]),
    };
    const smuggled: ZipPart = {
      name: 'xl/worksheets/sheet1.xml',
      hidden: true,
      data: Buffer.concat([
        SHEET_HEAD,
        Buffer.from(
          '<row r="1"><c r="A1" t="inlineStr"><is><t>formula</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>SMUGGLED</t></is></c></row>',
        ),
        SHEET_TAIL,
      ]),
    };
    const parts = xlsxParts(real);
    // A streaming reader walking local headers meets the smuggled sheet first.
    const file = write('smuggled.xlsx', writeZip([...parts.slice(0, 4), smuggled, parts[4]!]));
    const rows = await readAll(await openTable(file));
    expect(rows.map((r) => r.values)).toEqual([['Fe']]);
  });

  test('rows reaching column XFD with one cell each are SOURCE_TOO_LARGE at a row, a stray far cell is not', async () => {
    const wide = rowsXlsx('wide.xlsx', (r) => `<row r="${r}">${inline(`XFD${r}`, 'x')}</row>`, 5000);
    const started = performance.now();
    const error = await sourceFailure(openTable(wide).then(readAll));
    expect([error.code, error.location?.file, error.location?.sheet]).toEqual(['SOURCE_TOO_LARGE', wide, 'Sheet1']);
    expect(error.location?.row).toBeLessThan(1000);
    expect(performance.now() - started).toBeLessThan(5000);
    // Real rows, and one cell typed far to the right: read, the stray cell reported as ragged.
    const stray = rowsXlsx(
      'stray.xlsx',
      (r) => `<row r="${r}">${inline(`A${r}`, `Fe${r}`)}${inline(`B${r}`, '0.1')}${r === 2 ? inline('XFD2', 'note') : ''}</row>`,
      5000,
    );
    const read = await readAll(await openTable(stray));
    expect(read).toHaveLength(5000);
    expect(read[0]!.issues.map((i) => i.code)).toEqual(['SOURCE_RAGGED_ROW']);
  });

  test('a part that holds fewer bytes than declared is SOURCE_CORRUPT', async () => {
    const sheet = Buffer.concat([SHEET_HEAD, Buffer.from(ROW), SHEET_TAIL]);
    const file = write('short.xlsx', writeZip(xlsxParts({ name: 'sheet', data: sheet, declaredSize: sheet.length + 10 })));
    expect((await sourceFailure(openTable(file))).code).toBe('SOURCE_CORRUPT');
  });
});

describe('.ods and .xls through SheetJS', () => {
  test.each([
    ['every cell of a 1,048,576 × 16,384 sheet', 1_048_576, 16_384],
    ['2,000 × 2,000 cells, over the 4 million cell limit', 2000, 2000],
  ])('repeat attributes naming %s are SOURCE_TOO_LARGE before SheetJS builds them', async (_what, rows, columns) => {
    for (const file of [
      ods('repeated.ods', repeatedOds(rows, columns)),
      write(
        'repeated-flat.ods',
        repeatedOds(rows, columns)
          .replace('office:document-content', 'office:document')
          .replace('</office:document-content>', '</office:document>'),
      ),
    ]) {
      const started = performance.now();
      const error = await sourceFailure(openTable(file));
      expect([error.code, error.location]).toEqual(['SOURCE_TOO_LARGE', { file }]);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  test("the empty repeated cells a spreadsheet program writes to the sheet's edge are no expansion", async () => {
    const edge =
      '<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>';
    const body = odsContent(
      `${ODS_HEADER_ROW}<table:table-row><table:table-cell office:value-type="string"><text:p>Fe</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row>${edge}`,
    );
    const rows = await readAll(await openTable(ods('edge.ods', body)));
    expect(rows.map((r) => r.values)).toEqual([['Fe']]);
  });

  test('an xlsx named .xls whose sheet lies about its size is SOURCE_TOO_LARGE', async () => {
    const file = lyingXlsx('lying.xls', 64, 5000);
    expect((await sourceFailure(openTable(file))).code).toBe('SOURCE_TOO_LARGE');
  });

  test('SheetJS reads a zip by what it holds, not by its name: an .ods inside an .xls is counted as .ods, a Numbers zip refused', async () => {
    const disguised = write(
      'disguised.xls',
      writeZip([
        { name: 'META-INF/manifest.xml', data: Buffer.from('<manifest/>') },
        { name: 'content.xml', data: Buffer.from(repeatedOds(1_048_576, 16_384)) },
      ]),
    );
    expect((await sourceFailure(openTable(disguised))).code).toBe('SOURCE_TOO_LARGE');
    const numbers = write(
      'numbers.ods',
      writeZip([
        { name: 'Index/Document.iwa', data: Buffer.from('x') },
        { name: 'Index.zip', data: Buffer.from('PK') },
      ]),
    );
    expect((await sourceFailure(openTable(numbers))).code).toBe('SOURCE_CORRUPT');
  });

  test('a sparse XML spreadsheet (.xls) filled out past the limits is SOURCE_TOO_LARGE with its sheet', async () => {
    const far = spreadsheetXls('far.xls', '<Row ss:Index="2000000"><Cell><Data ss:Type="Number">1</Data></Cell></Row>');
    const wide = spreadsheetXls('wide.xls', '<Row><Cell ss:Index="16384"><Data ss:Type="Number">1</Data></Cell></Row>'.repeat(300));
    for (const file of [far, wide]) {
      const error = await sourceFailure(openTable(file));
      expect([error.code, error.location]).toEqual(['SOURCE_TOO_LARGE', { file, sheet: 'S' }]);
    }
  });
});

/** The parts with the workbook's relationships also leading to shared strings and styles, as Excel writes them. */
function withWorkbookParts(parts: ZipPart[]): ZipPart[] {
  return parts.map((part) =>
    part.name === 'xl/_rels/workbook.xml.rels'
      ? {
          name: part.name,
          data: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
              '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
              '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
              '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
              '</Relationships>',
          ),
        }
      : part,
  );
}
