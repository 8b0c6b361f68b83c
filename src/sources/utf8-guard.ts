import { Transform } from 'node:stream';
import { isUtf8 } from 'node:buffer';

/** The error a {@link utf8Guard} fails with; `offset` is the byte offset of the bad chunk's start. */
export class NotUtf8Error extends Error {
  constructor(readonly offset: number) {
    super(`bytes that are not UTF-8 near byte ${offset}`);
    this.name = 'NotUtf8Error';
  }
}

/**
 * Passes bytes through unchanged and fails when they stop being UTF-8, so a file whose first 64 KiB
 * looked like UTF-8 cannot turn into silent mojibake further down. Node's native `isUtf8` checks each
 * chunk; a character cut at a chunk's end is carried over to the next chunk.
 */
export function utf8Guard(): Transform {
  let carry: Buffer | undefined;
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const end = utf8CompleteLength(bytes);
      if (!isUtf8(bytes.subarray(0, end))) {
        done(new NotUtf8Error(offset));
        return;
      }
      carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : undefined;
      offset += end;
      done(null, bytes.subarray(0, end));
    },
    flush(done) {
      if (carry) done(new NotUtf8Error(offset));
      else done();
    },
  });
}

/** Length of the bytes up to the start of a multibyte UTF-8 character cut at the end (if any). */
export function utf8CompleteLength(bytes: Uint8Array): number {
  let i = bytes.length - 1;
  while (i >= 0 && i >= bytes.length - 4 && (bytes[i]! & 0xc0) === 0x80) i--;
  if (i < 0 || bytes[i]! < 0xc0) return bytes.length;
  const need = bytes[i]! >= 0xf0 ? 4 : bytes[i]! >= 0xe0 ? 3 : 2;
  return bytes.length - i >= need ? bytes.length : i;
}
