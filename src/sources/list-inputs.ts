import { stat, readdir } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { sourceError } from './source-error.js';

/** File extensions read as tables (lower case). */
export const TABLE_EXTENSIONS: readonly string[] = ['.csv', '.tsv', '.txt', '.xlsx', '.xlsm', '.xls', '.ods'];
/** Extensions picked up when a directory is named (`.txt` only when named as a file). */
const DIRECTORY_EXTENSIONS = new Set(['.csv', '.tsv', '.xlsx', '.xlsm', '.xls', '.ods']);

/**
 * Expands the inputs of one run: a file is taken as named; a directory gives its table files
 * (`.csv .tsv .xlsx .xlsm .xls .ods`, regular files or links to them, not recursive, no hidden files,
 * no `~$` lock files); a glob gives
 * its matching table files. Each input's files are sorted; the result keeps the order of the inputs
 * and drops repeats (by resolved path). Paths are returned as named (relative stay relative).
 * @param cwd where relative inputs are resolved. @default process.cwd()
 * @throws MgeError `SOURCE_NOT_FOUND` (missing file or a glob matching nothing), `SOURCE_NO_INPUTS`
 *   (a directory without table files, or no inputs at all).
 */
export async function listInputs(inputs: readonly string[], cwd: string = process.cwd()): Promise<string[]> {
  if (inputs.length === 0) {
    throw sourceError('SOURCE_NO_INPUTS', 'no input files were named', {}, 'name files, directories or globs');
  }
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    const key = path.resolve(cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(file);
  };
  for (const input of inputs) {
    const info = await stat(path.resolve(cwd, input)).catch(() => undefined);
    if (info?.isDirectory()) {
      const names = await tableFilesIn(path.resolve(cwd, input));
      if (names.length === 0) {
        throw sourceError('SOURCE_NO_INPUTS', 'the directory holds no .csv, .tsv, .xlsx, .xlsm, .xls or .ods files', { file: input }, 'check the directory, or name the files');
      }
      for (const name of names) add(path.join(input, name));
    } else if (info) {
      add(input);
    } else if (isDynamicPattern(input)) {
      const matches = (await glob(input, { cwd, onlyFiles: true, dot: false, expandDirectories: false }))
        .filter((file) => isTableFileName(path.basename(file)) || path.extname(file).toLowerCase() === '.txt')
        .sort();
      if (matches.length === 0) {
        throw sourceError('SOURCE_NOT_FOUND', 'the pattern matches no table files', { file: input }, 'check the pattern; quote it so the shell does not expand it');
      }
      for (const file of matches) add(file);
    } else {
      throw sourceError('SOURCE_NOT_FOUND', 'the file does not exist', { file: input }, 'check the path');
    }
  }
  return out;
}

/**
 * The table files of one directory, sorted: regular files only (a sub-directory named `x.csv` is not
 * a table), and symbolic links that lead to a regular file.
 */
async function tableFilesIn(dir: string): Promise<string[]> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries) {
    if (!isTableFileName(entry.name)) continue;
    if (entry.isFile()) names.push(entry.name);
    else if (entry.isSymbolicLink() && (await stat(path.join(dir, entry.name)).catch(() => undefined))?.isFile()) names.push(entry.name);
  }
  return names.sort();
}

function isTableFileName(name: string): boolean {
  if (name.startsWith('.') || name.startsWith('~$')) return false;
  return DIRECTORY_EXTENSIONS.has(path.extname(name).toLowerCase());
}
