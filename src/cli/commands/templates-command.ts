import { MgeError } from '../../errors/mge-error.js';
import type { PlatformClient } from '../../platform/platform-client.js';
import type { CliIo } from '../cli-io.js';
import { defineCommand, defineCommandGroup } from '../define-command.js';
import { idArgument, idOption } from '../parse-option.js';
import { formatFieldTree } from '../render/format-field-tree.js';
import { formatTable } from '../render/format-table.js';

export interface TemplatesListOptions {
  readonly category: number | undefined;
  readonly json: boolean;
}

/** `templates list`: every published template (all pages), as a table or JSON. */
export async function templatesList(client: PlatformClient, options: TemplatesListOptions, io: CliIo): Promise<number> {
  const templates = await client.listTemplates({ category: options.category });
  if (options.json) {
    io.stdout.write(JSON.stringify(templates.map(({ fields: _fields, ...summary }) => summary), null, 2) + '\n');
    return 0;
  }
  const rows = templates.map((t) => [String(t.id), t.title, `${t.category} (${t.categoryId})`, t.author, t.pubDate, String(t.refCount)]);
  io.stdout.write(formatTable(['ID', 'TITLE', 'CATEGORY', 'AUTHOR', 'UPDATED', 'RECORDS'], rows));
  io.stdout.write(`${templates.length} template${templates.length === 1 ? '' : 's'}\n`);
  return 0;
}

export interface TemplatesShowOptions {
  readonly tid: number;
  readonly json: boolean;
}

/** `templates show <tid>`: one template as a field tree (name, type, unit, required, options) or JSON. */
export async function templatesShow(client: PlatformClient, options: TemplatesShowOptions, io: CliIo): Promise<number> {
  const template = await client.getTemplate(options.tid);
  io.stdout.write(options.json ? JSON.stringify(template, null, 2) + '\n' : formatFieldTree(template));
  return 0;
}

const list = defineCommand({
  command: 'list',
  describe: 'list all published templates (every page)',
  settings: ['platform', 'output'],
  builder: (y) => y.option('category', { type: 'string', describe: 'only templates of this category id (see `categories`)' }),
  examples: [
    ['$0 templates list --sandbox', 'list the sample templates of the built-in sandbox platform'],
    ['MGE_BASE_URL=https://mgedata.example.cn MGE_TOKEN_FILE=~/.mge-token $0 templates list --category 12', 'templates of category 12'],
    ['$0 templates list --json | jq ".[].id"', 'template ids for a script'],
  ],
  run: async (args, context) => {
    const options = { category: idOption(args['category'], 'category'), json: context.settings.json };
    const { client } = await context.openPlatform();
    return templatesList(client, options, context.io);
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
    if (tid === undefined) throw new MgeError('usage', 'OPTION_INVALID', 'give a template id');
    const { client } = await context.openPlatform();
    return templatesShow(client, { tid, json: context.settings.json }, context.io);
  },
});

export const templatesCommand = defineCommandGroup('templates', 'look up templates: list, show <tid>', [list, show], [
  ['$0 templates list --sandbox', 'list the sandbox sample templates'],
  ['$0 templates show 101 --sandbox', 'the field tree of template 101'],
]);
