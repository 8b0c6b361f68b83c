/** Sets `value` at `names` in a nested plain object (the mapping tree). */
export function setAtPath(tree: Record<string, unknown>, names: readonly string[], value: unknown): void {
  let node = tree;
  for (const n of names.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(node, n) ? node[n] : undefined;
    if (typeof next !== 'object' || next === null) {
      const made = Object.create(null) as Record<string, unknown>;
      Object.defineProperty(node, n, { value: made, enumerable: true, writable: true, configurable: true });
      node = made;
    } else node = next as Record<string, unknown>;
  }
  Object.defineProperty(node, names[names.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}
