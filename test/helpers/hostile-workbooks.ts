import { columnLetter } from '../../src/sources/column-letter.js';
import { repeatedDeflate, SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts, type ZipPart } from './write-zip.js';

/**
 * Workbooks built to expand, as bytes: zip entries whose headers under-report their size,
 * OpenDocument repeat attributes, sheets filled out to Excel's last column. Shared by the readers'
 * unit tests and the hostile-input corpus.
 */
const ROW = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
/** One MiB of small rows, to repeat. */
export const MIB_OF_ROWS = Buffer.from(ROW.repeat(Math.floor((1024 * 1024) / ROW.length)));
/** One row of one inline string. */
export const ONE_ROW = ROW;

const ODS_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="S">';
const ODS_TAIL = '</table:table></office:spreadsheet></office:body></office:document-content>';
/** An .ods header row of one cell, `formula`. */
export const ODS_HEADER_ROW =
  '<table:table-row><table:table-cell office:value-type="string"><text:p>formula</text:p></table:table-cell></table:table-row>';

/** An .ods content.xml around table rows. */
export function odsContent(rows: string): string {
  return `${ODS_HEAD}${rows}${ODS_TAIL}`;
}

/** An xlsx whose sheet inflates to `mib` MiB of rows while its headers declare `declared` bytes. */
export function lyingXlsx(mib: number, declared: number): Buffer {
  const sheet = repeatedDeflate(SHEET_HEAD, MIB_OF_ROWS, mib, SHEET_TAIL);
  return writeZip(xlsxParts({ name: 'sheet', deflated: { ...sheet, crc: 0 }, declaredSize: declared }));
}

/** A zipped .ods holding `content` as its content.xml. */
export function odsZip(content: string): Buffer {
  const parts: ZipPart[] = [
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
    {
      name: 'META-INF/manifest.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
      ),
    },
    {
      name: 'styles.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>',
      ),
    },
    { name: 'content.xml', data: Buffer.from(content) },
  ];
  return writeZip(parts);
}

/** An inline-string cell. */
export function inlineCell(ref: string, text: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
}

/** An xlsx whose header row (`header`, by default `formula`, `c`) is followed by `count` rows made by `body` (given the row number). */
export function rowsXlsx(body: (row: number) => string, count: number, header: readonly string[] = ['formula', 'c']): Buffer {
  const rows = Array.from({ length: count }, (_v, i) => body(i + 2)).join('');
  const cells = header.map((text, i) => (text === '' ? '' : inlineCell(`${columnLetter(i)}1`, text))).join('');
  return writeZip(
    xlsxParts({ name: 'sheet', data: Buffer.concat([SHEET_HEAD, Buffer.from(`<row r="1">${cells}</row>${rows}`), SHEET_TAIL]) }),
  );
}

/** A sparse XML spreadsheet (.xls as web exports write it) holding `rows` after a header row. */
export function spreadsheetXml(rows: string): string {
  return `<?xml version="1.0"?><?mso-application progid="Excel.Sheet"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"><Table><Row><Cell><Data ss:Type="String">formula</Data></Cell></Row>${rows}</Table></Worksheet></Workbook>`;
}

/** .ods content of one row repeated `rows` times, each of one cell repeated `columns` times. */
export function repeatedOds(rows: number, columns: number): string {
  return odsContent(
    `${ODS_HEADER_ROW}<table:table-row table:number-rows-repeated="${rows}"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="${columns}"><text:p>1</text:p></table:table-cell></table:table-row>`,
  );
}
