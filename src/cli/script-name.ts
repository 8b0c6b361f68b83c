/** The command's name, as `--help` and the completion script call it. */
export const SCRIPT_NAME = 'mge-ingest';
