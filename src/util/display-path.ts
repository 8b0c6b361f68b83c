import path from 'node:path';

/** A file as a curator reads it: relative to the working directory when inside it, else as given. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
