import { createHash } from 'node:crypto';

/**
 * The shard of a key out of `count`: SHA-256 of its UTF-8, first four bytes big-endian, modulo
 * `count`: the same on every machine and Node (docs/scheduling.md); by key, so an edited row stays put.
 */
export function shardOfKey(key: string, count: number): number {
  return createHash('sha256').update(key, 'utf8').digest().readUInt32BE(0) % count;
}
