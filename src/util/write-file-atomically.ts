import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `text` to `file` so that a reader sees the old file or the new one whole, never a part: a
 * hidden file beside it (same folder, so same file system), flushed to disk, then renamed over
 * `file`. The hidden name does not end like the target, so a collector that reads `*.prom` never
 * picks it up half-written.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
