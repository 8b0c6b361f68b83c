import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `text` to `file` so that a reader sees the old file or the new one whole, never a part (see
 * {@link replaceFileAtomically}).
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await replaceFileAtomically(file, (handle) => handle.writeFile(text, 'utf8'));
}

/** The hidden name a file is written under before it replaces `file` (this process's). */
function atomicTempFile(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}

/**
 * Replaces `file` with what `fill` writes, whole or not at all: a hidden file beside it, flushed, renamed
 * over it unless `beforeRename` throws. The hidden name ends otherwise, so a `*.prom` collector skips it.
 */
export async function replaceFileAtomically(
  file: string,
  fill: (handle: FileHandle) => Promise<void>,
  beforeRename: () => void = () => undefined,
): Promise<void> {
  const temp = atomicTempFile(file);
  const handle = await open(temp, 'w', 0o644);
  try {
    await fill(handle);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    beforeRename();
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
