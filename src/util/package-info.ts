import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: this file sits at `<root>/src/util/` or, built, at `<root>/dist/util/`. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

let cachedVersion: string | undefined;

/** The tool's version from `package.json`, for `User-Agent` and `--version`. */
export function packageVersion(): string {
  if (cachedVersion === undefined) {
    const manifest = JSON.parse(readFileSync(resolve(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    cachedVersion = typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  }
  return cachedVersion;
}
