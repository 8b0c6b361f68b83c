import { createHash } from 'node:crypto';

/**
 * The shard of a row's key, out of `count`: the first four bytes of the SHA-256 of the key's UTF-8
 * text, read as an unsigned big-endian integer, modulo `count`. It depends on nothing but the key, so
 * it is the same on every machine, in every run and on every Node version (docs/scheduling.md); the
 * key, not the content, so an edited row stays in its shard and its report sees the change.
 */
export function shardOfKey(key: string, count: number): number {
  return createHash('sha256').update(key, 'utf8').digest().readUInt32BE(0) % count;
}
