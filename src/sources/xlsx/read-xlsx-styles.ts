import type { ZipEntry } from '../read-zip-directory.js';
import { parseXmlPart } from './parse-xml-part.js';
import { builtInFormat, classifyNumberFormat, type CellFormat, type NumberFormats } from './classify-number-format.js';

/**
 * The number format of each cell style (`<cellXfs>`, indexed by a cell's `s`), classified once. A
 * workbook without styles has only General cells.
 */
export async function readXlsxStyles(file: string, entry: ZipEntry | undefined, formats: NumberFormats): Promise<CellFormat[]> {
  const codes = new Map<number, string>();
  const styleFormats: number[] = [];
  if (entry) {
    let inCellXfs = false;
    await parseXmlPart(file, entry, {
      open(name, attributes) {
        if (name === 'numFmt' && attributes.numFmtId !== undefined)
          codes.set(Number(attributes.numFmtId), attributes.formatCode ?? 'General');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) styleFormats.push(Number(attributes.numFmtId ?? 0));
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text() {},
    });
  }
  const classified = new Map<number, CellFormat>();
  return styleFormats.map((id) => {
    let format = classified.get(id);
    if (!format) {
      format = classifyNumberFormat(formats, codes.get(id) ?? builtInFormat(formats, Number.isFinite(id) ? id : 0));
      classified.set(id, format);
    }
    return format;
  });
}
