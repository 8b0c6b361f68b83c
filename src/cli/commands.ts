import { categoriesCommand } from './commands/categories-command.js';
import { ingestCommand } from './commands/ingest-command.js';
import { initCommand } from './commands/init-command.js';
import { previewCommand } from './commands/preview-command.js';
import { projectsCommand } from './commands/projects-command.js';
import { reportCommand } from './commands/report-command.js';
import { sandboxCommand } from './commands/sandbox-command.js';
import { templatesCommand } from './commands/templates-command.js';
import { validateCommand } from './commands/validate-command.js';
import type { CliCommand } from './define-command.js';

/** Every command of the CLI, in `--help` order. Adding a command is one line here. */
export const COMMANDS: readonly CliCommand[] = [
  templatesCommand,
  categoriesCommand,
  projectsCommand,
  initCommand,
  previewCommand,
  validateCommand,
  ingestCommand,
  reportCommand,
  sandboxCommand,
];
