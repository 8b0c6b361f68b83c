import type { Stats } from 'node:fs';
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a path leads to, so that two names of one file can be told apart from two files. */
export interface PathIdentity {
  /** The path made absolute (against the working directory it was named in). */
  readonly path: string;
  /**
   * Its real path: every symbolic link followed, a dangling one to the file a write would create; for
   * a file that does not exist yet, the real path of its nearest existing folder joined with the rest.
   */
  readonly real: string;
  /** What is there: a regular file, a directory, something else (device, FIFO, socket), or nothing yet. */
  readonly kind: 'file' | 'directory' | 'other' | 'missing';
  /** Device and inode of what exists: two hard links of one file share them. */
  readonly dev?: number;
  readonly ino?: number;
}

/** Links followed before giving up, as the kernel does (ELOOP). */
const MAX_LINKS = 40;

function kindOf(info: Stats): PathIdentity['kind'] {
  return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
}

/** The real path of a path that may not exist: its nearest existing ancestor resolved, the rest appended. */
async function realOfMissing(absolute: string): Promise<string> {
  const rest: string[] = [];
  let dir = absolute;
  for (;;) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined) return path.join(real, ...rest);
    const parent = path.dirname(dir);
    if (parent === dir) return absolute;
    rest.unshift(path.basename(dir));
    dir = parent;
  }
}

/**
 * Finds out what `file` (relative to `cwd`) names on disk: its real path, its kind, and its device and
 * inode when it exists. Never throws for a path that cannot be read: it is then `missing`.
 */
export async function identifyPath(file: string, cwd: string): Promise<PathIdentity> {
  const absolute = path.resolve(cwd, file);
  let target = absolute;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    const info = await stat(target).catch(() => undefined);
    if (info !== undefined) {
      const real = await realpath(target).catch(() => target);
      return { path: absolute, real, kind: kindOf(info), dev: info.dev, ino: info.ino };
    }
    const link = await lstat(target).catch(() => undefined);
    if (!link?.isSymbolicLink()) break;
    // A dangling link: writing through it creates the file it points at.
    const to = await readlink(target);
    target = path.resolve(await realOfMissing(path.dirname(target)), to);
  }
  return { path: absolute, real: await realOfMissing(target), kind: 'missing' };
}
