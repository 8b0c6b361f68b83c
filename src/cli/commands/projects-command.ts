import type { PlatformClient } from '../../platform/platform-client.js';
import type { CliIo } from '../cli-io.js';
import { defineCommand } from '../define-command.js';
import { formatProjects } from '../render/format-projects.js';

/** `projects`: projects and their topics (the ids `meta.other_info` takes), or JSON. */
export async function projects(client: PlatformClient, options: { readonly json: boolean }, io: CliIo): Promise<number> {
  const list = await client.projects();
  io.stdout.write(options.json ? JSON.stringify(list, null, 2) + '\n' : formatProjects(list));
  return 0;
}

export const projectsCommand = defineCommand({
  command: 'projects',
  describe: 'list projects and their topics',
  settings: ['platform', 'output'],
  examples: [
    ['$0 projects --sandbox', 'the sandbox sample projects'],
    ['$0 projects --json', 'projects with topics as JSON'],
  ],
  run: async (_args, context) => {
    const { client } = await context.openPlatform();
    return projects(client, { json: context.settings.json }, context.io);
  },
});
