import { randomBytes } from 'node:crypto';
import { closeSync, openSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/** Opens a new file in the first folder that takes one, already unlinked, so no crash leaves it behind. */
export function openUnlinked(dirs: readonly string[]): number | undefined {
  for (const dir of dirs) {
    const file = path.join(dir, `.mge-spill-${process.pid}-${randomBytes(6).toString('hex')}`);
    let fd: number | undefined;
    try {
      // 'wx+': never an existing file (a name taken by a link planted there is refused, not followed).
      fd = openSync(file, 'wx+', 0o600);
      unlinkSync(file);
      return fd;
    } catch {
      // A folder that cannot hold the file (read-only, full, gone): try the next one.
      if (fd !== undefined) {
        try {
          closeSync(fd);
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      }
    }
  }
  return undefined;
}
