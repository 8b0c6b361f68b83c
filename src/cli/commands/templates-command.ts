import { readPlatform, type TemplateSummary } from '../../pipeline/read-platform.js';
import { defineCommand, defineCommandGroup } from '../define-command.js';
import { idArgument, idOption, numeric } from '../parse-option.js';
import { formatFieldTree } from '../render/format-field-tree.js';
import { formatTable } from '../render/format-table.js';
import { UsageError } from '../usage-error.js';
import { EXIT } from '../exit-codes.js';

/** `templates list` as text: a table of every template, and how many. */
function templatesTable(templates: readonly TemplateSummary[]): string {
  const rows = templates.map((t) => [String(t.id), t.title, `${t.category} (${t.categoryId})`, t.author, t.pubDate, String(t.refCount)]);
  return (
    formatTable(['ID', 'TITLE', 'CATEGORY', 'AUTHOR', 'UPDATED', 'RECORDS'], rows) +
    `${templates.length} template${templates.length === 1 ? '' : 's'}\n`
  );
}

const list = defineCommand({
  command: 'list',
  describe: 'list all published templates (every page)',
  settings: ['platform', 'output'],
  builder: (y) => y.option('category', numeric({ describe: 'only templates of this category id (see `categories`)' })),
  examples: [
    ['$0 templates list --sandbox', 'list the sample templates of the built-in sandbox platform'],
    ['MGE_BASE_URL=https://mgedata.example.cn MGE_TOKEN_FILE=~/.mge-token $0 templates list --category 12', 'templates of category 12'],
    ['$0 templates list --json | jq ".[].id"', 'template ids for a script'],
  ],
  run: async (args, context) => {
    const category = idOption(args['category'], 'category');
    const templates = await readPlatform.templates(await context.openPlatform(), { category });
    context.io.stdout.write(
      context.settings.json
        ? JSON.stringify(
            templates.map(({ fields: _fields, ...summary }) => summary),
            null,
            2,
          ) + '\n'
        : templatesTable(templates),
    );
    return EXIT.ok;
  },
});

const show = defineCommand({
  command: 'show <tid>',
  describe: 'show one template as a field tree',
  settings: ['platform', 'output'],
  builder: (y) => y.positional('tid', { type: 'string', describe: 'template id' }),
  examples: [
    ['$0 templates show 101 --sandbox', 'fields of sample template 101'],
    ['$0 templates show 101 --json', 'the typed field tree as JSON'],
  ],
  run: async (args, context) => {
    const tid = idArgument(args['tid'], 'tid');
    if (tid === undefined) throw new UsageError('OPTION_INVALID', 'give a template id');
    const template = await readPlatform.template(await context.openPlatform(), tid);
    // schema/templates-show-output.schema.json; `list` stays a bare array, versioned by its schema's $id.
    context.io.stdout.write(
      context.settings.json ? JSON.stringify({ schemaVersion: 1, ...template }, null, 2) + '\n' : formatFieldTree(template),
    );
    return EXIT.ok;
  },
});

export const templatesCommand = defineCommandGroup(
  'templates',
  'look up templates: list, show <tid>',
  [list, show],
  [
    ['$0 templates list --sandbox', 'list the sandbox sample templates'],
    ['$0 templates show 101 --sandbox', 'the field tree of template 101'],
  ],
);
