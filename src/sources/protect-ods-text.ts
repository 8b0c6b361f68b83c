import type * as SheetJs from '@e965/xlsx';

/** The SheetJS zip calls used here; its typings leave `CFB` untyped. */
interface ZipEntry {
  content: Uint8Array;
}
interface SheetJsZip {
  read(this: void, data: Buffer, options: { type: 'buffer' }): unknown;
  find(this: void, container: unknown, name: string): ZipEntry | null;
  write(this: void, container: unknown, options: { type: 'buffer'; fileType: 'zip' }): Uint8Array;
}

/**
 * Characters SheetJS would change in ODS text: the `_` of an `_xHHHH_` (an xlsx escape, plain text in
 * ODF) and what `trim()` removes beyond XML white space (U+00A0, U+3000 …) from paragraph ends.
 */
const ODS_ALTERED = /_(?=[xX][0-9a-fA-F]{4}_)|[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\v\f]/g;

/**
 * For an .ods whose content holds such characters, a copy in which each is replaced by a private-use
 * character the file does not hold, which SheetJS passes through, and the function that puts them
 * back in the texts it read; `undefined` when there is nothing to protect (the usual case).
 */
export function protectOdsText(XLSX: typeof SheetJs, buffer: Buffer): { buffer: Buffer; restore: (text: string) => string } | undefined {
  // A zipped .ods; an .ods that is flat ODF XML (what some exports name .ods) is one text.
  const zipped = buffer[0] === 0x50 && buffer[1] === 0x4b;
  const zip = XLSX.CFB as SheetJsZip;
  const container = zipped ? zip.read(buffer, { type: 'buffer' }) : undefined;
  const parts = container ? ['content.xml', 'styles.xml'].map((name) => zip.find(container, name)) : [];
  const texts = container ? parts.map((part) => (part ? Buffer.from(part.content).toString('utf8') : '')) : [buffer.toString('utf8')];
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(ODS_ALTERED)) found.add(m[0]);
  if (found.size === 0) return undefined;
  const stand = new Map<string, string>();
  const back = new Map<string, string>();
  let code = 0xe000;
  for (const ch of found) {
    let sub = String.fromCharCode(code++);
    while (texts.some((t) => t.includes(sub))) {
      if (code > 0xf8ff) return undefined;
      sub = String.fromCharCode(code++);
    }
    stand.set(ch, sub);
    back.set(sub, ch);
  }
  const swapped = texts.map((text) =>
    Buffer.from(
      text.replace(ODS_ALTERED, (ch) => stand.get(ch)!),
      'utf8',
    ),
  );
  parts.forEach((part, i) => {
    if (part) part.content = swapped[i]!;
  });
  const subs = new RegExp(`[${[...back.keys()].join('')}]`, 'g');
  return {
    buffer: container ? Buffer.from(zip.write(container, { type: 'buffer', fileType: 'zip' })) : swapped[0]!,
    restore: (text) => text.replace(subs, (sub) => back.get(sub)!),
  };
}
