/**
 * A mapping file's YAML as plain data that remembers where each node was written, so every problem
 * found later can point at its line. Keys live in `Map`s: a key named `__proto__` or `constructor`
 * is data, never an object property.
 */

/** 1-based position in the mapping file. */
export interface SpecPos {
  readonly line: number;
  readonly col: number;
}

export interface SpecScalar extends SpecPos {
  readonly kind: 'scalar';
  readonly value: string | number | boolean | null;
  /** The scalar exactly as written (so `01` stays `01` where text is meant). */
  readonly raw: string;
  /**
   * A comment YAML found right after an unquoted scalar on its line (` #2`), as written: with it the
   * text may be a header holding ` #`, cut short (docs/mapping.md → Where a value comes from).
   */
  readonly lineRest?: string;
}

export interface SpecMap extends SpecPos {
  readonly kind: 'map';
  readonly entries: ReadonlyMap<string, SpecNode>;
  /** Where each key was written. */
  readonly keyPos: ReadonlyMap<string, SpecPos>;
}

export interface SpecSeq extends SpecPos {
  readonly kind: 'seq';
  readonly items: readonly SpecNode[];
}

export type SpecNode = SpecScalar | SpecMap | SpecSeq;

/** The text of a scalar as the curator meant it: the written form for plain numbers (`01`, `2024`). */
export function scalarText(node: SpecScalar): string {
  if (typeof node.value === 'string') return node.value;
  if (node.value === null) return '';
  return node.raw;
}
