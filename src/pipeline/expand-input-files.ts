import { expandInputs } from '../sources/list-inputs.js';

/**
 * The files a run's inputs (files, folders, globs) name, as `prepareInputs` will expand them, for the
 * CLI's check that no output is an input; problems (a missing file) are left for the run to report in
 * its own order. Kept apart from `map-inputs.ts` so every command can ask without loading the mapping.
 */
export async function expandInputFiles(patterns: readonly string[], cwd: string, recursive: boolean): Promise<readonly string[]> {
  return (await expandInputs(patterns, cwd, { recursive })).files;
}
