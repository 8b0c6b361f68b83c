import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import type { SpecMap, SpecNode, SpecPos } from './spec-node.js';

/**
 * Converts a parsed YAML document into {@link SpecNode}s with line and column. Aliases are resolved;
 * keys go into `Map`s so no user key ever touches an object prototype.
 */
export function yamlToSpecNode(doc: Document, text: string, lines: LineCounter): SpecNode {
  const posOf = (node: { range?: readonly number[] | null | undefined } | null | undefined): SpecPos => {
    const offset = node?.range?.[0] ?? 0;
    return lines.linePos(offset);
  };

  const convert = (node: unknown, depth: number): SpecNode => {
    if (depth > 64) throw new Error('the mapping nests deeper than 64 levels');
    if (isAlias(node)) return convert(node.resolve(doc), depth + 1);
    if (isMap(node)) {
      const entries = new Map<string, SpecNode>();
      const keyPos = new Map<string, SpecPos>();
      for (const pair of node.items) {
        const key = pair.key;
        // A plain number key keeps its written form (`01:` is the field "01", not "1").
        const name = isScalar(key) ? (typeof key.value === 'string' || !key.range ? String(key.value) : text.slice(key.range[0], key.range[1])) : String(key);
        const kp = posOf(key as Node | null);
        keyPos.set(name, kp);
        entries.set(name, pair.value === null || pair.value === undefined ? { kind: 'scalar', value: null, raw: '', ...kp } : convert(pair.value, depth + 1));
      }
      const map: SpecMap = { kind: 'map', entries, keyPos, ...posOf(node) };
      return map;
    }
    if (isSeq(node)) {
      return { kind: 'seq', items: node.items.map((item) => convert(item, depth + 1)), ...posOf(node) };
    }
    if (isScalar(node)) {
      const range = node.range;
      const raw = range ? text.slice(range[0], range[1]) : String(node.value);
      const value = node.value;
      const plain =
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null
          ? value
          : String(value);
      return { kind: 'scalar', value: plain, raw, ...posOf(node) };
    }
    return { kind: 'scalar', value: null, raw: '', ...posOf(node as Node | null) };
  };

  return convert(doc.contents, 0);
}
