import { isScalar, visit, type Document, type Scalar } from 'yaml';

/**
 * The first key that repeats within one map of a YAML document (the repeat, as yaml's own
 * `uniqueKeys` check names it), or undefined. That check compares each key with every earlier one of
 * its map: a 512 KiB mapping of 40,000 keys took seconds, a config file of a megabyte minutes. Here
 * each map's keys go into a set. Scalar keys are the same when their values are (`1` and `"1"` are
 * not); other keys are left alone.
 */
export function firstDuplicateKey(doc: Document): Scalar | undefined {
  let found: Scalar | undefined;
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const id = `${typeof pair.key.value}:${String(pair.key.value)}`;
        if (seen.has(id)) {
          found = pair.key;
          return visit.BREAK;
        }
        seen.add(id);
      }
      return undefined;
    },
  });
  return found;
}
