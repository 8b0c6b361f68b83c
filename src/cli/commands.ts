import type { CliCommand } from './define-command.js';

/**
 * A command as `--help` lists it, and how to load the rest: its module (options, examples, the code
 * that runs it) is imported only when the command line names the command, so `--help`, `--version`
 * and each Tab of the shell completion start without loading every command and what it imports.
 */
export interface CommandEntry {
  /** yargs command string, as the module registers it: `validate <inputs..>`. */
  readonly command: string;
  /** The line `--help` shows; the same text as the module's (a test compares them). */
  readonly describe: string;
  readonly load: () => Promise<CliCommand>;
}

/** The word that selects the command: `validate` of `validate <inputs..>`. */
export function commandWord(entry: Pick<CommandEntry, 'command'>): string {
  return entry.command.split(' ')[0] ?? entry.command;
}

/** Every command of the CLI, in `--help` order. Adding a command is one entry here. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    command: 'templates',
    describe: 'look up templates: list, show <tid>',
    load: async () => (await import('./commands/templates-command.js')).templatesCommand,
  },
  {
    command: 'categories',
    describe: 'show the material category tree',
    load: async () => (await import('./commands/categories-command.js')).categoriesCommand,
  },
  {
    command: 'projects',
    describe: 'list projects and their topics',
    load: async () => (await import('./commands/projects-command.js')).projectsCommand,
  },
  {
    command: 'init <tid>',
    describe: "write a commented mapping for a template; with --input, match the file's headers to the fields",
    load: async () => (await import('./commands/init-command.js')).initCommand,
  },
  {
    command: 'mapper <input>',
    describe: "make or edit a mapping in a local web page: a column for each field, the first records and validate's counts as you go",
    load: async () => (await import('./commands/mapper-command.js')).mapperCommand,
  },
  {
    command: 'preview <inputs..>',
    describe: 'show the first records exactly as they will be sent, each value beside its cell and unit conversion',
    load: async () => (await import('./commands/preview-command.js')).previewCommand,
  },
  {
    command: 'validate <inputs..>',
    describe: 'dry run: read, map and validate every row against the template, upload nothing',
    load: async () => (await import('./commands/validate-command.js')).validateCommand,
  },
  {
    command: 'ingest <inputs..>',
    describe: 'read, map, validate and upload every row; re-running with the same report resumes',
    load: async () => (await import('./commands/ingest-command.js')).ingestCommand,
  },
  {
    command: 'report <files..>',
    describe:
      'summarize an ingest report (or several, such as the shards of one run, as one), or compact one; export the rows that did not upload, ready to fix and re-feed',
    load: async () => (await import('./commands/report-command.js')).reportCommand,
  },
  {
    command: 'sandbox',
    describe: 'run the local sandbox platform (the five API endpoints, with fault options for rehearsals)',
    load: async () => (await import('./commands/sandbox-command.js')).sandboxCommand,
  },
];
