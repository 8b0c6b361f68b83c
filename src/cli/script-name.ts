/** The command's name, as `--help` and the completion script call it. */
export const SCRIPT_NAME = 'mge-ingest';

/** What yargs' completion script runs the command with to ask for completions. */
export const COMPLETIONS_FLAG = '--get-yargs-completions';
