import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ReportInput } from './report-lines.js';

/**
 * Size and sha256 of each file, for the `run` line (`inputs`, and the mapping's fingerprint): streamed,
 * so a large input costs one extra read and no memory. Files are named as the user named them.
 */
export async function describeInputs(files: readonly string[]): Promise<ReportInput[]> {
  const result: ReportInput[] = [];
  for (const file of files) {
    const { size } = await stat(file);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    result.push({ file, size, sha256: hash.digest('hex') });
  }
  return result;
}
