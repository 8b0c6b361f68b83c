import { Transform } from 'node:stream';
import { isUtf8 } from 'node:buffer';

/** The error a {@link gb18030Guard} fails with; `offset` is the byte offset of the bad line's chunk. */
export class NotGb18030Error extends Error {
  constructor(
    readonly offset: number,
    readonly reason: 'undecodable' | 'utf8-row',
  ) {
    super(reason === 'utf8-row' ? `a UTF-8 row near byte ${offset}` : `bytes that are not GB18030 near byte ${offset}`);
    this.name = 'NotGb18030Error';
  }
}

/**
 * Decodes GB18030 and fails where the bytes stop reading as it (U+FFFD, or a valid UTF-8 line with
 * two three-byte characters: a UTF-8 row appended to a GBK export), so a good first 64 KiB cannot turn
 * into silent mojibake further down. Lines are checked whole across chunks.
 */
export function gb18030Guard(): Transform {
  const decoder = new TextDecoder('gb18030', { ignoreBOM: true });
  let carry: Buffer | undefined;
  let offset = 0;
  const check = (bytes: Buffer, end: number): NotGb18030Error | undefined => {
    let start = 0;
    while (start < end) {
      let stop = bytes.indexOf(0x0a, start);
      if (stop < 0 || stop > end) stop = end;
      if (isUtf8Row(bytes.subarray(start, stop))) return new NotGb18030Error(offset + start, 'utf8-row');
      start = stop + 1;
    }
    return undefined;
  };
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, done) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const end = bytes.lastIndexOf(0x0a) + 1;
      const failure = check(bytes, end);
      if (failure) return done(failure);
      const text = decoder.decode(bytes.subarray(0, end), { stream: true });
      if (text.includes('\uFFFD')) return done(new NotGb18030Error(offset, 'undecodable'));
      carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : undefined;
      offset += end;
      done(null, text);
    },
    flush(done) {
      const rest = carry ?? Buffer.alloc(0);
      const failure = check(rest, rest.length);
      if (failure) return done(failure);
      const text = decoder.decode(rest);
      if (text.includes('\uFFFD')) return done(new NotGb18030Error(offset, 'undecodable'));
      done(null, text);
    },
  });
}

/** A line that is valid UTF-8 and holds two or more three- or four-byte characters (CJK in UTF-8). */
export function isUtf8Row(line: Uint8Array): boolean {
  let wide = 0;
  for (const b of line) if (b >= 0xe0 && ++wide >= 2) break;
  return wide >= 2 && isUtf8(line);
}
