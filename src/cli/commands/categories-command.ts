import { readPlatform } from '../../pipeline/read-platform.js';
import { defineCommand } from '../define-command.js';
import { formatCategoryTree } from '../render/format-category-tree.js';
import { EXIT } from '../exit-codes.js';

/** `categories`: the material category tree with ids, or JSON. */
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
    const tree = await readPlatform.categories(await context.openPlatform());
    context.io.stdout.write(context.settings.json ? JSON.stringify(tree, null, 2) + '\n' : formatCategoryTree(tree));
    return EXIT.ok;
  },
});
