import { loadSandboxData } from '../../../src/platform/sandbox/load-sandbox-data.js';
import { DEFAULT_CATEGORIES, type SandboxCategory } from '../../../src/platform/sandbox/sandbox-fixtures.js';

/** id → name of every leaf of the tree: templates hang on leaves only. */
function leaves(nodes: readonly SandboxCategory[], into = new Map<number, string>()): Map<number, string> {
  for (const node of nodes) {
    if (node.children === undefined || node.children.length === 0) into.set(node.id, node.name);
    else leaves(node.children, into);
  }
  return into;
}

test('every sample template sits on a leaf of the sandbox category tree, under that leaf name', () => {
  // The default templates file is samples/templates.json; the sandbox serves it with its built-in tree.
  const data = loadSandboxData();
  const tree = leaves(data.categories ?? DEFAULT_CATEGORIES);
  const placement = data.templates.map((t) => ({ id: t['id'], category: t['category'], leaf: tree.get(Number(t['category_id'])) }));
  expect(placement.length).toBeGreaterThan(0);
  expect(placement.filter((p) => p.leaf === undefined || p.leaf !== p.category)).toEqual([]);
});
