import { readdir, realpath, stat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import type { MgeError } from '../errors/mge-error.js';
import { fileKindText } from '../util/file-kind-text.js';
import { sourceError } from './source-error.js';

/** File extensions read as tables (lower case). */
export const TABLE_EXTENSIONS: readonly string[] = ['.csv', '.tsv', '.txt', '.xlsx', '.xlsm', '.xls', '.ods'];
/** Extensions picked up when a directory is named (`.txt` only when named as a file). */
const DIRECTORY_EXTENSIONS = new Set(['.csv', '.tsv', '.xlsx', '.xlsm', '.xls', '.ods']);

/** How inputs are expanded. */
export interface ListInputsOptions {
  /** A named directory gives the table files of its sub-directories too (not hidden ones). @default false */
  readonly recursive?: boolean;
}

/** The files of the inputs, and what could not be expanded (in input order). */
export interface ExpandedInputs {
  readonly files: readonly string[];
  readonly problems: readonly MgeError[];
}

/**
 * Expands one run's inputs (files, folders' table files, globs), each input's files sorted, repeats by
 * real path dropped, paths as named. An empty drop folder gives no files; a missing file or glob folder
 * (`SOURCE_NOT_FOUND`) or a named non-regular file (`SOURCE_NOT_A_FILE`) is a returned problem.
 * @param cwd where relative inputs are resolved.
 */
export async function expandInputs(inputs: readonly string[], cwd: string, options: ListInputsOptions = {}): Promise<ExpandedInputs> {
  const files: string[] = [];
  const problems: MgeError[] = [];
  const seen = new Set<string>();
  // One file under two names (a link, a link to its folder) is read once.
  const add = async (file: string): Promise<void> => {
    const absolute = path.resolve(cwd, file);
    const key = await realpath(absolute).catch(() => absolute);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(file);
  };
  // tinyglobby is loaded only for an input that is no existing path and may be a pattern.
  let globber: typeof import('tinyglobby') | undefined;
  for (const input of inputs) {
    const info = await stat(path.resolve(cwd, input)).catch(() => undefined);
    if (info?.isDirectory()) {
      for (const name of await tableFilesIn(path.resolve(cwd, input), options.recursive ?? false)) await add(path.join(input, name));
    } else if (info?.isFile()) {
      await add(input);
    } else if (info) {
      // A FIFO would block the read (or be read up once, for the run's sha256) and a device never
      // ends: an input is read twice, so it must be a file.
      problems.push(
        sourceError(
          'SOURCE_NOT_A_FILE',
          `the input is ${fileKindText(info)}, not a regular file`,
          { file: input },
          'name a table file (save a stream to a file first)',
        ),
      );
    } else if (GLOB_CHARACTER.test(input) && (globber ??= await import('tinyglobby')).isDynamicPattern(input)) {
      const { glob, isDynamicPattern } = globber;
      const base = patternBase(input, isDynamicPattern);
      if (!(await stat(path.resolve(cwd, base)).catch(() => undefined))?.isDirectory()) {
        problems.push(
          sourceError(
            'SOURCE_NOT_FOUND',
            `the folder ${base} of the pattern does not exist`,
            { file: input },
            'check the pattern; quote it so the shell does not expand it',
          ),
        );
        continue;
      }
      const matches = (await glob(input, { cwd, onlyFiles: true, dot: false, expandDirectories: false }))
        .filter((file) => isTableFileName(path.basename(file)) || path.extname(file).toLowerCase() === '.txt')
        .sort();
      // `onlyFiles` keeps FIFOs and devices too: a glob gives regular files, as a folder does.
      for (const file of matches) if ((await stat(path.resolve(cwd, file)).catch(() => undefined))?.isFile()) await add(file);
    } else {
      problems.push(sourceError('SOURCE_NOT_FOUND', 'no such file or folder', { file: input }, 'check the path'));
    }
  }
  return { files, problems };
}

/** Any character a glob pattern needs (tinyglobby's `isDynamicPattern` decides): a plain name has none. */
const GLOB_CHARACTER = /[*?[\]{}()!+@]/;

/**
 * {@link expandInputs}, throwing its first problem. The list may be empty (an empty drop folder).
 * @throws MgeError `SOURCE_NOT_FOUND` (a missing file, or a glob whose folder is missing),
 *   `SOURCE_NOT_A_FILE` (a FIFO, device or socket), `SOURCE_NO_INPUTS` (no inputs named at all).
 */
export async function listInputs(
  inputs: readonly string[],
  cwd: string = process.cwd(),
  options: ListInputsOptions = {},
): Promise<string[]> {
  if (inputs.length === 0) {
    throw sourceError('SOURCE_NO_INPUTS', 'no input files were named', {}, 'name files, directories or globs');
  }
  const { files, problems } = await expandInputs(inputs, cwd, options);
  if (problems[0] !== undefined) throw problems[0];
  return [...files];
}

/**
 * The folder a glob starts in: its path segments before the first one holding a pattern (as
 * `isDynamicPattern`, tinyglobby's, tells).
 */
export function patternBase(pattern: string, isDynamicPattern: (segment: string) => boolean): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (isDynamicPattern(segment)) break;
    fixed.push(segment);
  }
  if (fixed.length === 0) return '.';
  return fixed.join('/') || '/';
}

/**
 * A directory's table files, sorted (with `recursive`, its sub-directories' too, as relative paths):
 * regular files and links to them; recursion skips hidden folders and enters each real folder once.
 */
async function tableFilesIn(dir: string, recursive: boolean, visited: Set<string> = new Set()): Promise<string[]> {
  const real = await realpath(dir);
  if (visited.has(real)) return [];
  visited.add(real);
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const info = entry.isSymbolicLink() ? await stat(full).catch(() => undefined) : entry;
    if (recursive && info?.isDirectory() && !entry.name.startsWith('.')) {
      for (const name of await tableFilesIn(full, true, visited)) names.push(path.join(entry.name, name));
      continue;
    }
    if (isTableFileName(entry.name) && info?.isFile()) names.push(entry.name);
  }
  return names.sort();
}

function isTableFileName(name: string): boolean {
  if (name.startsWith('.') || name.startsWith('~$')) return false;
  return DIRECTORY_EXTENSIONS.has(path.extname(name).toLowerCase());
}
