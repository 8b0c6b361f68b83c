import type { ZipEntry } from '../read-zip-directory.js';
import { parseXmlPart } from './parse-xml-part.js';
import { StringItemText } from './string-item-text.js';

/**
 * The workbook's shared strings, in order, held once as strings (the part's XML is streamed, never
 * held). Its size was capped when the part was checked (`maxSharedStringsBytes`).
 */
export async function readSharedStrings(file: string, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const item = new StringItemText();
  let inItem = false;
  await parseXmlPart(file, entry, {
    open(name) {
      if (name === 'si') inItem = true;
      else if (inItem) item.open(name);
    },
    close(name) {
      if (name === 'si') {
        strings.push(item.take());
        inItem = false;
      } else if (inItem) item.close(name);
    },
    text(text) {
      if (inItem) item.text(text);
    },
  });
  return strings;
}
