import { isScalar, visit, type Document, type Scalar } from 'yaml';

/**
 * The first repeated key within one map of a YAML document, as yaml's `uniqueKeys` names it, found
 * with a set per map: yaml's pairwise check took seconds on 40,000 keys. Scalars are equal by value
 * (`1` is not `"1"`); other keys are left alone.
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
