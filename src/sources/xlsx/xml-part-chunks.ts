import { StringDecoder } from 'node:string_decoder';
import type { ZipEntry } from '../read-zip-directory.js';
import { inflateZipEntry } from '../inflate-zip-entry.js';

/**
 * Inflated chunks this large: 16 KiB (the default) costs more in callbacks, 256 KiB raised the
 * reader's peak memory by 30-60 MiB at the same speed (bench/sources.bench.mjs).
 */
const CHUNK = 64 * 1024;

/**
 * The text of one zip part, decoded chunk by chunk (UTF-8, or UTF-16 when the part starts with its
 * byte-order mark, as XML allows), with the inflated bytes counted in `progress.bytes`. A character
 * cut by a chunk boundary is held back until its rest arrives.
 */
export async function* xmlPartChunks(file: string, entry: ZipEntry, progress?: { bytes: number }): AsyncGenerator<string> {
  const stream = await inflateZipEntry(file, entry, CHUNK);
  let decoder: StringDecoder | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (progress) progress.bytes += chunk.length;
      decoder ??= new StringDecoder(startsUtf16(chunk) ? 'utf16le' : 'utf8');
      const text = decoder.write(chunk);
      if (text.length > 0) yield text;
    }
    const rest = decoder?.end() ?? '';
    if (rest.length > 0) yield rest;
  } finally {
    stream.destroy();
  }
}

function startsUtf16(chunk: Buffer): boolean {
  return chunk.length >= 2 && chunk[0] === 0xff && chunk[1] === 0xfe;
}
