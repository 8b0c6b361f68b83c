import type { Shard } from '../../config/settings.js';
import type { MappedRow } from '../../mapping/rows/mapped-row.js';
import { shardOfKey } from './shard-of-key.js';

/** The rows of one shard, and how many rows of the other shards went by. */
export interface ShardSelection {
  readonly rows: AsyncIterable<MappedRow>;
  /** Rows read that belong to another shard: counted, never reported row by row. */
  readonly others: () => number;
}

/**
 * Keeps the rows whose key falls in `shard` (`shardOfKey`); the others are only counted, so they reach
 * neither the report nor the platform, and a resume of this shard never sees them. Invalid rows go by
 * their key too, so each is reported by exactly one shard. Placed before the duplicate-key guard: rows
 * of one key are always in the same shard.
 */
export function selectShard(rows: AsyncIterable<MappedRow>, shard: Shard | undefined): ShardSelection {
  let others = 0;
  if (shard === undefined) return { rows, others: () => 0 };
  async function* selected(): AsyncGenerator<MappedRow> {
    for await (const row of rows) {
      if (shardOfKey(row.key, shard!.count) === shard!.index) yield row;
      else others += 1;
    }
  }
  return { rows: selected(), others: () => others };
}
