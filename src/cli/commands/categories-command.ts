import type { PlatformClient } from '../../platform/platform-client.js';
import type { CliIo } from '../cli-io.js';
import { defineCommand } from '../define-command.js';
import { formatCategoryTree } from '../render/format-category-tree.js';

/** `categories`: the material category tree with ids, or JSON. */
export async function categories(client: PlatformClient, options: { readonly json: boolean }, io: CliIo): Promise<number> {
  const tree = await client.categoryTree();
  io.stdout.write(options.json ? JSON.stringify(tree, null, 2) + '\n' : formatCategoryTree(tree));
  return 0;
}

export const categoriesCommand = defineCommand({
  command: 'categories',
  describe: 'show the material category tree',
  settings: ['platform', 'output'],
  examples: [
    ['$0 categories --sandbox', 'the sandbox sample tree'],
    ['$0 categories --accept-language en', 'English category names'],
    ['$0 categories --json', 'the tree as JSON'],
  ],
  run: async (_args, context) => {
    const { client } = await context.openPlatform();
    return categories(client, { json: context.settings.json }, context.io);
  },
});
