import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import type { SpecMap, SpecNode, SpecPos } from './spec-node.js';

/** Bounds of a mapping's node tree once its aliases are expanded. */
export interface SpecTreeLimits {
  /** Deepest nesting of maps and lists, an alias counting as the node it names. @default 64 */
  readonly maxDepth: number;
  /**
   * Most nodes after alias expansion. A few aliases of aliases of lists expand exponentially: a 1 KB
   * file could name billions of nodes. A real mapping has hundreds. @default 100000
   */
  readonly maxNodes: number;
}

/** The defaults of {@link SpecTreeLimits}. */
export const SPEC_TREE_LIMITS: SpecTreeLimits = { maxDepth: 64, maxNodes: 100_000 };

/** Thrown when the tree passes a {@link SpecTreeLimits} bound, at the node (or the alias leading to it) where it did. */
export class SpecTreeLimitError extends Error {
  constructor(
    readonly limit: 'depth' | 'nodes',
    readonly bound: number,
    readonly pos: SpecPos,
    /** The alias (`*name`) whose expansion passed the bound, when one did. */
    readonly alias: string | undefined,
  ) {
    super(limit === 'depth' ? `the mapping nests deeper than ${bound} levels` : `the mapping expands to more than ${bound} nodes`);
    this.name = 'SpecTreeLimitError';
  }
}

/**
 * A parsed YAML document as {@link SpecNode}s with line and column, aliases resolved, keys in `Map`s
 * (no prototype pollution). `yaml`'s `maxAliasCount` guards only `toJS`, so this walk counts its own
 * nodes, aliases expanded, against `limits`.
 * @throws SpecTreeLimitError past a bound of `limits`.
 */
export function yamlToSpecNode(doc: Document, text: string, lines: LineCounter, limits: SpecTreeLimits = SPEC_TREE_LIMITS): SpecNode {
  const posOf = (node: { range?: readonly number[] | null | undefined } | null | undefined): SpecPos => {
    const offset = node?.range?.[0] ?? 0;
    return lines.linePos(offset);
  };
  let nodes = 0;

  /** `via` is the outermost alias being expanded: where a bound passed inside it is reported. */
  const convert = (node: unknown, depth: number, via: { pos: SpecPos; name: string } | undefined): SpecNode => {
    nodes += 1;
    if (depth > limits.maxDepth || nodes > limits.maxNodes) {
      const here = via?.pos ?? posOf(node as Node | null);
      throw new SpecTreeLimitError(
        depth > limits.maxDepth ? 'depth' : 'nodes',
        depth > limits.maxDepth ? limits.maxDepth : limits.maxNodes,
        here,
        via?.name,
      );
    }
    if (isAlias(node)) return convert(node.resolve(doc), depth + 1, via ?? { pos: posOf(node), name: node.source });
    if (isMap(node)) {
      const entries = new Map<string, SpecNode>();
      const keyPos = new Map<string, SpecPos>();
      for (const pair of node.items) {
        const key = pair.key;
        // A plain number key keeps its written form (`01:` is the field "01", not "1").
        const name = isScalar(key)
          ? typeof key.value === 'string' || !key.range
            ? String(key.value)
            : text.slice(key.range[0], key.range[1])
          : String(key);
        const kp = posOf(key as Node | null);
        keyPos.set(name, kp);
        entries.set(
          name,
          pair.value === null || pair.value === undefined
            ? { kind: 'scalar', value: null, raw: '', ...kp }
            : convert(pair.value, depth + 1, via),
        );
      }
      const map: SpecMap = { kind: 'map', entries, keyPos, ...posOf(node) };
      return map;
    }
    if (isSeq(node)) {
      return { kind: 'seq', items: node.items.map((item) => convert(item, depth + 1, via)), ...posOf(node) };
    }
    if (isScalar(node)) {
      const range = node.range;
      const raw = range ? text.slice(range[0], range[1]) : String(node.value);
      const value = node.value;
      const plain =
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : String(value);
      const rest = node.type === 'PLAIN' && range ? commentAfter(text, range[1]) : undefined;
      return { kind: 'scalar', value: plain, raw, ...posOf(node), ...(rest === undefined ? {} : { lineRest: rest }) };
    }
    return { kind: 'scalar', value: null, raw: '', ...posOf(node as Node | null) };
  };

  return convert(doc.contents, 0, undefined);
}

/** The comment (` #…`) that follows `end` on its line, as written, or undefined. */
function commentAfter(text: string, end: number): string | undefined {
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? undefined : lineEnd).replace(/\r$/, '');
  return /^[ \t]+#/.test(rest) ? rest.trimEnd() : undefined;
}
