import { readPlatform } from '../../pipeline/read-platform.js';
import { defineCommand } from '../define-command.js';
import { formatProjects } from '../render/format-projects.js';
import { EXIT } from '../exit-codes.js';

/** `projects`: projects and their topics (the ids `meta.other_info` takes), or JSON. */
export const projectsCommand = defineCommand({
  command: 'projects',
  describe: 'list projects and their topics',
  settings: ['platform', 'output'],
  examples: [
    ['$0 projects --sandbox', 'the sandbox sample projects'],
    ['$0 projects --json', 'projects with topics as JSON'],
  ],
  run: async (_args, context) => {
    const list = await readPlatform.projects(await context.openPlatform());
    context.io.stdout.write(context.settings.json ? JSON.stringify(list, null, 2) + '\n' : formatProjects(list));
    return EXIT.ok;
  },
});
