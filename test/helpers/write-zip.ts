import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One zip entry to write. */
export interface ZipPart {
  readonly name: string;
  /** The entry's bytes (deflated here), or its raw deflate stream with `size` when built elsewhere. */
  readonly data?: Buffer;
  readonly deflated?: { readonly raw: Buffer; readonly size: number; readonly crc: number };
  /** The uncompressed size the headers declare: a lie when it differs from the real one. @default the real size */
  readonly declaredSize?: number;
  /** Written among the entries but left out of the zip directory (a smuggled entry). @default false */
  readonly hidden?: boolean;
}

/**
 * A zip file (deflate, no data descriptors) from parts, as spreadsheet containers are, with sizes in
 * both the local and the central headers, which a test may make lie.
 */
export function writeZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = part.deflated?.raw ?? deflateRawSync(part.data ?? Buffer.alloc(0));
    const crc = part.deflated?.crc ?? crc32(part.data ?? Buffer.alloc(0));
    const size = part.declaredSize ?? part.deflated?.size ?? part.data?.length ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    if (!part.hidden) centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const listed = parts.filter((p) => !p.hidden).length;
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * A raw deflate stream of `head`, then `chunk` `times` over, then `tail`, built without ever holding
 * the inflated bytes: each piece is flushed to a byte boundary and refers only to itself, so the
 * chunk's compressed form can be repeated. 1 MiB of repetitive XML compresses to about a kilobyte, so
 * a few megabytes of file inflate to gigabytes.
 */
export function repeatedDeflate(head: Buffer, chunk: Buffer, times: number, tail: Buffer): { raw: Buffer; size: number } {
  const flushed = (data: Buffer): Buffer => deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
  const repeated = flushed(chunk);
  // An empty final stored block ends the stream.
  const end = deflateRawSync(tail);
  return {
    raw: Buffer.concat([flushed(head), ...Array.from({ length: times }, () => repeated), end]),
    size: head.length + chunk.length * times + tail.length,
  };
}

/** The parts of a one-sheet xlsx around `sheet` (its `xl/worksheets/sheet1.xml`). */
export function xlsxParts(sheet: ZipPart): ZipPart[] {
  const xml = (text: string): Buffer => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ];
}

/** Sheet XML around rows (`<row>…</row>` elements). */
export const SHEET_HEAD = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
);
export const SHEET_TAIL = Buffer.from('</sheetData></worksheet>');
