import { hash } from 'node:crypto';

/**
 * A compact stand-in for a row key in a set of the run's keys: the 16-byte MD5 digest of its UTF-8
 * text. Two different keys share a digest with probability 2^-128 per pair, far below any hardware
 * error; MD5's weakness against crafted collisions does not matter for a curator's own keys. Only used
 * to answer "seen before?"; the key itself is never recovered from it.
 */
export function keyDigest(key: string): Buffer {
  // The one-shot `hash` skips the Hash object `createHash` builds per call (this runs once per row).
  return hash('md5', key, 'buffer');
}
