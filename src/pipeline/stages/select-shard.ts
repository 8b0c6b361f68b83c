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
 * Keeps the rows whose key falls in `shard` and counts the others, which reach neither report nor
 * platform; invalid rows too, so each is reported by one shard. Before the duplicate guard.
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
