import { isMap, isNode, isScalar, isSeq, Pair, Scalar, type Document, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Json } from './mapper-api.js';

/** The names in the order a map's keys should stand (a template's fields), by the map's path; else undefined. */
export type KeyOrder = (path: readonly string[]) => readonly string[] | undefined;

/** Keys whose value `init` writes as a block (a value map, a table of columns), not on one line. */
const BLOCK_KEYS = new Set(['map', 'lookup', 'fromColumns']);
/** Trailing comments that are `init`'s notes on a proposal, stale once the value is changed. */
const INIT_NOTE = /^\s*(score \d|\? guess)/;

type JsonObject = { readonly [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Deep equality of two JSON values (key order ignored). */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v: Json, i) => sameJson(v, b[i] as Json));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * Changes `doc` in place until it holds `next`, touching only what differs: a changed scalar keeps
 * its quoting and comments, a changed map or list is edited key by key, a removed key hands its
 * comment lines to the key below it, and a new key of `content` goes where the template has it, with
 * `init`'s comment lines about it moved above it. Comments and layout elsewhere stay as they were.
 */
export function syncYamlDocument(doc: Document, next: Json, order: KeyOrder): void {
  doc.contents = syncNode(doc, doc.contents, next, [], order);
}

function toJson(doc: Document, node: unknown): Json | undefined {
  return isNode(node) ? (node.toJS(doc) as Json) : (node as Json | undefined);
}

function syncNode(doc: Document, node: unknown, next: Json, path: readonly string[], order: KeyOrder): Node {
  if (isNode(node) && sameJson(toJson(doc, node), next)) return node;
  if (isNode(node) && typeof node.comment === 'string' && INIT_NOTE.test(node.comment)) node.comment = null;
  if (isMap(node) && isObject(next) && node.flow !== true) return syncMap(doc, node, next, path, order);
  if (isMap(node) && isObject(next) && node.flow === true && Object.keys(next).every((k) => !BLOCK_KEYS.has(k)))
    return syncMap(doc, node, next, path, order);
  if (isSeq(node) && Array.isArray(next)) return syncSeq(doc, node, next, path, order);
  if (isScalar(node) && (next === null || typeof next !== 'object')) {
    node.value = next;
    return node;
  }
  const made = createStyled(doc, next);
  if (isNode(node)) {
    made.commentBefore = node.commentBefore ?? null;
    made.comment = node.comment ?? null;
    if (node.spaceBefore === true) made.spaceBefore = true;
  }
  return made;
}

/** A new node for `value`: small maps and every list on one line (as `init` writes them), larger ones as blocks. */
function createStyled(doc: Document, value: Json): Node {
  const node = doc.createNode(value) as Node;
  style(node, value);
  return node;
}

function style(node: Node, value: Json): void {
  if (isSeq(node)) node.flow = true;
  else if (isMap(node) && isObject(value)) {
    const block = Object.keys(value).some((k) => BLOCK_KEYS.has(k)) || JSON.stringify(value).length > 100;
    node.flow = !block;
    if (block) for (const pair of node.items) if (isNode(pair.value)) style(pair.value, value[String(keyOf(pair))] ?? null);
  }
}

const keyOf = (pair: Pair): unknown => (isScalar(pair.key) ? pair.key.value : pair.key);

/** Comment lines as the YAML library holds them (each line's text after `#`). */
const linesOf = (comment: string | null | undefined): string[] => (comment ? comment.split('\n') : []);
const joined = (lines: readonly string[]): string | null => (lines.length === 0 ? null : lines.join('\n'));

/** A commented-out line of key `name`, as `init` writes an optional field or a guess: `# name: …`. */
function commentedKey(line: string, name: string): boolean {
  const text = line.trim();
  return text.startsWith(`${name}:`) || text.startsWith(`${JSON.stringify(name)}:`);
}

/** A comment line about key `name`, as `init` writes them: `# name — type …` or a commented `# name: …`. */
function aboutKey(line: string, name: string): boolean {
  return line.trim().startsWith(`${name} —`) || commentedKey(line, name);
}

function syncMap(doc: Document, map: YAMLMap, next: JsonObject, path: readonly string[], order: KeyOrder): YAMLMap {
  for (const pair of [...map.items]) {
    const key = String(keyOf(pair));
    if (Object.hasOwn(next, key)) continue;
    const at = map.items.indexOf(pair);
    map.items.splice(at, 1);
    const handed = linesOf(isNode(pair.key) ? pair.key.commentBefore : undefined);
    const below = map.items[at];
    if (handed.length === 0) continue;
    if (below !== undefined && isScalar(below.key)) below.key.commentBefore = joined([...handed, ...linesOf(below.key.commentBefore)]);
    else map.comment = joined([...linesOf(map.comment), ...handed]);
  }
  for (const [key, value] of Object.entries(next)) {
    const pair = map.items.find((p) => String(keyOf(p)) === key);
    if (pair !== undefined) {
      const before = toJson(doc, pair.value);
      pair.value = syncNode(doc, pair.value, value, [...path, key], order);
      // init's commented guess for this key is answered once the key's value changes.
      if (!sameJson(before, value) && isScalar(pair.key) && pair.key.commentBefore)
        pair.key.commentBefore = joined(linesOf(pair.key.commentBefore).filter((l) => !(aboutKey(l, key) && l.includes('# ? guess'))));
      continue;
    }
    insertPair(doc, map, key, value, order(path) ?? Object.keys(next));
  }
  return map;
}

/**
 * Inserts `key: value` before the first key that the order (the template's, else the new value's own,
 * so a relabelled table row keeps its place) puts after it, else at the end, with its comment lines.
 */
function insertPair(doc: Document, map: YAMLMap, key: string, value: Json, names: readonly string[] | undefined): void {
  const pair = new Pair(doc.createNode(key), createStyled(doc, value));
  const rank = names?.indexOf(key) ?? -1;
  const at =
    rank < 0
      ? -1
      : map.items.findIndex((p) => {
          const other = names?.indexOf(String(keyOf(p))) ?? -1;
          return other > rank;
        });
  if (at < 0) {
    map.items.push(pair);
    return;
  }
  const below = map.items[at]!;
  // The lines above the key below that speak of this key (init's `# name — type` and its commented
  // line) move above it; for the map's first key they sit on the map itself.
  const holder: { commentBefore?: string | null } | undefined = at === 0 ? map : isScalar(below.key) ? below.key : undefined;
  const lines = linesOf(holder?.commentBefore);
  const last = lines.reduce((found, line, i) => (aboutKey(line, key) ? i : found), -1);
  if (holder !== undefined && last >= 0) {
    // The commented-out line is the one now written live.
    const mine = lines.slice(0, last + 1).filter((l) => !commentedKey(l, key));
    const theirs = lines.slice(last + 1);
    if (at === 0) {
      holder.commentBefore = joined(mine);
      if (isScalar(below.key)) below.key.commentBefore = joined([...theirs, ...linesOf(below.key.commentBefore)]);
    } else {
      (pair.key as Scalar).commentBefore = joined(mine);
      holder.commentBefore = joined(theirs);
    }
  }
  map.items.splice(at, 0, pair);
}

function syncSeq(doc: Document, seq: YAMLSeq, next: readonly Json[], path: readonly string[], order: KeyOrder): YAMLSeq {
  seq.items.splice(next.length);
  next.forEach((value, i) => {
    seq.items[i] = i < seq.items.length ? syncNode(doc, seq.items[i], value, [...path, String(i)], order) : createStyled(doc, value);
  });
  return seq;
}
