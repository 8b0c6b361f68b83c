import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { columnLetter } from '../../src/sources/column-letter.js';
import { openTable } from '../../src/sources/open-table.js';
import { expectBoundedError, fileDigest, runMeasuredCli } from '../helpers/run-measured-cli.js';
import { repeatedDeflate, SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts, type ZipPart } from '../helpers/write-zip.js';
import { readAll, sourceFailure } from './read-all.js';

/**
 * Workbooks built to expand: zip entries whose headers under-report their size, an entry smuggled
 * outside the zip directory, OpenDocument repeat attributes, sparse sheets. Each is refused before
 * the reader builds what it promises, with SOURCE_TOO_LARGE naming the file.
 */
const ROW = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
const MIB_OF_ROWS = Buffer.from(ROW.repeat(Math.floor((1024 * 1024) / ROW.length)));
const ODS_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="S">';
const ODS_TAIL = '</table:table></office:spreadsheet></office:body></office:document-content>';
const ODS_HEADER_ROW = '<table:table-row><table:table-cell office:value-type="string"><text:p>formula</text:p></table:table-cell></table:table-row>';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mge-hostile-workbooks-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, data: Buffer | string): string {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
}

/** An xlsx whose sheet inflates to `mib` MiB of rows while its headers declare `declared` bytes. */
function lyingXlsx(name: string, mib: number, declared: number): string {
  const sheet = repeatedDeflate(SHEET_HEAD, MIB_OF_ROWS, mib, SHEET_TAIL);
  return write(name, writeZip(xlsxParts({ name: 'sheet', deflated: { ...sheet, crc: 0 }, declaredSize: declared })));
}

/** A zipped .ods holding `content` as its content.xml. */
function ods(name: string, content: string): string {
  const parts: ZipPart[] = [
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
    { name: 'META-INF/manifest.xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>') },
    { name: 'styles.xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>') },
    { name: 'content.xml', data: Buffer.from(content) },
  ];
  return write(name, writeZip(parts));
}

const inline = (ref: string, text: string): string => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** An xlsx whose header row is followed by `count` rows made by `body` (given the row number). */
function rowsXlsx(name: string, body: (row: number) => string, count: number, header: readonly string[] = ['formula', 'c']): string {
  const rows = Array.from({ length: count }, (_v, i) => body(i + 2)).join('');
  const cells = header.map((text, i) => (text === '' ? '' : inline(`${columnLetter(i)}1`, text))).join('');
  return write(name, writeZip(xlsxParts({ name: 'sheet', data: Buffer.concat([SHEET_HEAD, Buffer.from(`<row r="1">${cells}</row>${rows}`), SHEET_TAIL]) })));
}

/** The header of the steel sample, so the CLI's mapping check passes and the rows are read. */
const STEEL_HEADER = readFileSync('samples/steel_strength.csv', 'utf8').split('\n')[0]!.split(',');

/** A sparse XML spreadsheet (.xls as web exports write it) holding `rows` after a header row. */
function spreadsheetXls(name: string, rows: string): string {
  return write(
    name,
    `<?xml version="1.0"?><?mso-application progid="Excel.Sheet"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"><Table><Row><Cell><Data ss:Type="String">formula</Data></Cell></Row>${rows}</Table></Worksheet></Workbook>`,
  );
}

function repeatedOds(rows: number, columns: number): string {
  return `${ODS_HEAD}${ODS_HEADER_ROW}<table:table-row table:number-rows-repeated="${rows}"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="${columns}"><text:p>1</text:p></table:table-cell></table:table-row>${ODS_TAIL}`;
}

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
      const file = write(`lying-${path.basename(part)}.xlsx`, writeZip([...xlsxParts(sheet), { name: part, deflated: { ...bomb, crc: 0 }, declaredSize: 100 }]));
      const error = await sourceFailure(openTable(file));
      expect([error.code, error.message.includes(part)]).toEqual(['SOURCE_TOO_LARGE', true]);
    }
  });

  test('an entry smuggled between the directory\'s entries is never read', async () => {
    const real: ZipPart = { name: 'sheet', data: Buffer.concat([SHEET_HEAD, Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>formula</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Fe</t></is></c></row>'), SHEET_TAIL]) };
    const smuggled: ZipPart = { name: 'xl/worksheets/sheet1.xml', hidden: true, data: Buffer.concat([SHEET_HEAD, Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>formula</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>SMUGGLED</t></is></c></row>'), SHEET_TAIL]) };
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
    const stray = rowsXlsx('stray.xlsx', (r) => `<row r="${r}">${inline(`A${r}`, `Fe${r}`)}${inline(`B${r}`, '0.1')}${r === 2 ? inline('XFD2', 'note') : ''}</row>`, 5000);
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
    for (const file of [ods('repeated.ods', repeatedOds(rows, columns)), write('repeated-flat.ods', repeatedOds(rows, columns).replace('office:document-content', 'office:document').replace('</office:document-content>', '</office:document>'))]) {
      const started = performance.now();
      const error = await sourceFailure(openTable(file));
      expect([error.code, error.location]).toEqual(['SOURCE_TOO_LARGE', { file }]);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  test('the empty repeated cells a spreadsheet program writes to the sheet\'s edge are no expansion', async () => {
    const edge = '<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>';
    const body = `${ODS_HEAD}${ODS_HEADER_ROW}<table:table-row><table:table-cell office:value-type="string"><text:p>Fe</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row>${edge}${ODS_TAIL}`;
    const rows = await readAll(await openTable(ods('edge.ods', body)));
    expect(rows.map((r) => r.values)).toEqual([['Fe']]);
  });

  test('an xlsx named .xls whose sheet lies about its size is SOURCE_TOO_LARGE', async () => {
    const file = lyingXlsx('lying.xls', 64, 5000);
    expect((await sourceFailure(openTable(file))).code).toBe('SOURCE_TOO_LARGE');
  });

  test('SheetJS reads a zip by what it holds, not by its name: an .ods inside an .xls is counted as .ods, a Numbers zip refused', async () => {
    const disguised = write('disguised.xls', writeZip([{ name: 'META-INF/manifest.xml', data: Buffer.from('<manifest/>') }, { name: 'content.xml', data: Buffer.from(repeatedOds(1_048_576, 16_384)) }]));
    expect((await sourceFailure(openTable(disguised))).code).toBe('SOURCE_TOO_LARGE');
    const numbers = write('numbers.ods', writeZip([{ name: 'Index/Document.iwa', data: Buffer.from('x') }, { name: 'Index.zip', data: Buffer.from('PK') }]));
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

describe('the CLI on an expanding workbook', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  test.each([
    ['xlsx declaring 5,000 bytes, inflating to 1 GiB', () => lyingXlsx('gigabyte.xlsx', 1024, 5000)],
    ['ods of repeated cells', () => ods('cli.ods', repeatedOds(1_048_576, 16_384))],
    ['xlsx of rows reaching column XFD', () => rowsXlsx('cli-wide.xlsx', (r) => `<row r="${r}">${inline(`XFD${r}`, 'x')}</row>`, 200_000, STEEL_HEADER)],
    ['xlsx named .xls, declaring 5,000 bytes', () => lyingXlsx('cli-lying.xls', 256, 5000)],
    ['XML spreadsheet (.xls) of rows reaching column 16,384', () => spreadsheetXls('cli-wide.xls', '<Row><Cell ss:Index="16384"><Data ss:Type="Number">1</Data></Cell></Row>'.repeat(300))],
  ])('%s: exit 2 in seconds and little memory, nothing stored, the file unchanged', async (_what, make) => {
    const file = make();
    const before = fileDigest(file);
    const report = path.join(dir, `${path.basename(file)}.report.jsonl`);
    const env = { MGE_BASE_URL: sandbox.url, MGE_TOKEN: sandbox.token, MGE_USERNAME: 'hostile', XDG_CACHE_HOME: path.join(dir, 'cache') };
    const run = await runMeasuredCli(['ingest', '--mapping', 'mappings/steel_strength.yaml', '--report', report, file], { env });
    expectBoundedError(run, 'SOURCE_TOO_LARGE', 2);
    expect(sandbox.records()).toHaveLength(0);
    expect(fileDigest(file)).toBe(before);
  });
});
