import path from 'node:path';
import type { Argv } from 'yargs';
import type { TemplateSource } from '../pipeline/job/fetch-template.js';
import type { Args, CommandContext } from './define-command.js';

/** Adds `--template-file` and `--no-template-cache` to a command that needs a template. */
export function addTemplateSourceOptions(yargs: Argv): Argv {
  return yargs
    .option('template-file', {
      type: 'string',
      describe: 'read the template from this JSON file instead of the platform (offline work)',
      group: 'Template:',
    })
    .option('template-cache', {
      type: 'boolean',
      default: true,
      describe:
        'keep fetched templates in the cache ($XDG_CACHE_HOME/mge-ingest/templates, else ~/.cache/…) to list changed fields later; --no-template-cache to skip',
      group: 'Template:',
    });
}

/** The template cache directory: `$XDG_CACHE_HOME/mge-ingest/templates`, else `~/.cache/mge-ingest/templates`. */
export function templateCacheDir(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const base = env['XDG_CACHE_HOME'] || (env['HOME'] ? path.join(env['HOME'], '.cache') : undefined);
  return base === undefined ? undefined : path.join(base, 'mge-ingest', 'templates');
}

/**
 * Where the command's template comes from: the `--template-file` (resolved against the working
 * directory), else the platform (opened only then, so offline work needs no settings), with the cache.
 */
export async function templateSourceFor(args: Args, context: Pick<CommandContext, 'io' | 'openPlatform'>): Promise<TemplateSource> {
  const file = args['template-file'];
  // Loaded on use, not with the command's options: --help and completion do without the template stage.
  const { createTemplateSource } = await import('../pipeline/job/fetch-template.js');
  return createTemplateSource({
    templateFile: typeof file === 'string' && file !== '' ? path.resolve(context.io.cwd, file) : undefined,
    cacheDir: args['template-cache'] === false ? undefined : templateCacheDir(context.io.env),
    openPlatform: () => context.openPlatform(),
  });
}
