import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The lock by file identity of the existing report `realFile`: `.<device>-<inode>.lock` in `folder`,
 * by default the report's own folder. Every name of the file that reaches `folder`'s lock finds it: a
 * hard link has no real name, only its device and inode.
 */
export async function reportInodeLockFile(realFile: string, folder = path.dirname(realFile)): Promise<string> {
  const info = await stat(realFile, { bigint: true });
  return path.join(folder, `.${info.dev}-${info.ino}.lock`);
}
