import { open, type FileHandle } from 'node:fs/promises';
import { sourceError } from './source-error.js';

/** Opens an input for reading, turning a missing or unreadable file into its source error. */
export async function openSourceFile(file: string): Promise<FileHandle> {
  try {
    return await open(file, 'r');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw sourceError('SOURCE_NOT_FOUND', 'the file does not exist', { file }, 'check the path', error);
    throw sourceError('SOURCE_UNREADABLE', `cannot open the file (${code ?? 'error'})`, { file }, 'check the permissions', error);
  }
}
