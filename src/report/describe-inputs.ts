import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { ReportInput } from './report-lines.js';

/** Bytes read at a time to hash an input. */
const READ_BYTES = 1 << 20;

/**
 * Size and sha256 of each file, for the `run` line, read through one reused buffer: a read stream's
 * fresh chunks left ~30 MiB alive hashing a 195 MB input, and the process kept that peak.
 */
export async function describeInputs(files: readonly string[]): Promise<ReportInput[]> {
  const result: ReportInput[] = [];
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  for (const file of files) {
    const handle = await open(file, 'r');
    try {
      const hash = createHash('sha256');
      let size = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
        size += bytesRead;
      }
      result.push({ file, size, sha256: hash.digest('hex') });
    } finally {
      await handle.close();
    }
  }
  return result;
}
