import { createHash } from 'node:crypto';

/**
 * A compact stand-in for a row key in a set of the run's keys: the 16-byte MD5 digest of its UTF-8
 * text as a 16-character latin1 string (one byte per character, so V8 stores it in 16 bytes whatever
 * the key's length or script). Two different keys share a digest with probability 2^-128 per pair,
 * far below any hardware error; MD5's weakness against crafted collisions does not matter for a
 * curator's own keys. Only used to answer "seen before?"; the key itself is never recovered from it.
 */
export function keyDigest(key: string): string {
  // `digest()` then latin1: the typings do not list 'latin1' as a digest encoding, though Node takes it.
  return createHash('md5').update(key, 'utf8').digest().toString('latin1');
}
