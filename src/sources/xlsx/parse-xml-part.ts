import { SaxesParser, type SaxesTagPlain } from 'saxes';

type PlainOptions = { xmlns: false; position: false };
import type { ZipEntry } from '../read-zip-directory.js';
import { xmlPartChunks } from './xml-part-chunks.js';

/** What a part's reader does with the XML as it streams past. */
export interface XmlHandlers {
  /** An element opens; `name` is its local name (any namespace prefix dropped). */
  open(name: string, attributes: Record<string, string>): void;
  /** An element closes (right after `open` for `<empty/>`). */
  close(name: string): void;
  /** Character data, entities decoded once by the parser. */
  text(text: string): void;
}

/**
 * A saxes parser that hands its events to `handlers` by local name. Prefixes are dropped because
 * writers differ in them (`<x:row>` from some libraries, strict OOXML's own namespaces), while the
 * element names within a part are what ECMA-376 fixes.
 */
export function createXmlParser(handlers: XmlHandlers): SaxesParser<PlainOptions> {
  const parser = new SaxesParser<PlainOptions>({ xmlns: false, position: false });
  parser.on('opentag', (tag: SaxesTagPlain) => handlers.open(localName(tag.name), tag.attributes));
  parser.on('closetag', (tag: SaxesTagPlain) => handlers.close(localName(tag.name)));
  parser.on('text', (text) => handlers.text(text));
  parser.on('cdata', (text) => handlers.text(text));
  return parser;
}

/** Parses a whole (small) part: the workbook, its relationships, styles. */
export async function parseXmlPart(file: string, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  const parser = createXmlParser(handlers);
  for await (const chunk of xmlPartChunks(file, entry)) parser.write(chunk);
  parser.close();
}

/** `x:row` → `row`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by local name (`r:id`, `ns1:id` → `id` with a prefix), for attributes of another namespace. */
export function prefixedAttribute(attributes: Record<string, string>, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    const colon = name.indexOf(':');
    if (colon > 0 && name.slice(colon + 1) === local && name.slice(0, colon) !== 'xmlns') return value;
  }
  return undefined;
}
