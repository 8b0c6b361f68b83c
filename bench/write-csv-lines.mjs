/** Streams generated CSV text to a file in ~1 MiB chunks, through a temporary name so a killed run leaves no half file. */
import { createWriteStream, renameSync } from 'node:fs';
import { once } from 'node:events';

/** Writes `header` then `lineAt(i)` for i in 0..count-1 (each without its newline); returns `file`. */
export async function writeCsvLines(file, header, count, lineAt) {
  const tmp = `${file}.tmp`;
  const out = createWriteStream(tmp);
  out.write(header + '\n');
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += lineAt(i) + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  renameSync(tmp, file);
  return file;
}
