import type { CategoryNode } from '../../platform/platform-types.js';

function lines(nodes: readonly CategoryNode[], prefix: string): string[] {
  return nodes.flatMap((node, i) => {
    const last = i === nodes.length - 1;
    return [`${prefix}${last ? '└─ ' : '├─ '}${node.name} (${node.id})`, ...lines(node.children, `${prefix}${last ? '   ' : '│  '}`)];
  });
}

/** The category tree with ids, the way `templates list --category ID` wants them. */
export function formatCategoryTree(nodes: readonly CategoryNode[]): string {
  return nodes.length === 0 ? 'No categories.\n' : lines(nodes, '').join('\n') + '\n';
}
