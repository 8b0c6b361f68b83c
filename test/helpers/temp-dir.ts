import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every folder made through this module in this test file, removed once its tests are done. */
const made = new Set<string>();

// Registered when a test file first imports this module (while jest collects the file, so never from
// inside a test, where jest refuses new hooks). Being registered first, it runs before the file's own
// top-level afterAll hooks: a folder something holds open until one of those (a browser's profile)
// is made with `removedByCaller` and removed by whoever closes it.
afterAll(async () => {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

export interface TempDirOptions {
  /** The caller removes the folder itself (it is in use until after this module's afterAll). @default false */
  readonly removedByCaller?: boolean;
}

/** A fresh folder under the system's temp folder, named `prefix` and a random tail; removed after the file's tests. */
export async function makeTempDir(prefix: string, options: TempDirOptions = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  if (options.removedByCaller !== true) made.add(dir);
  return dir;
}

/** `makeTempDir` for module level and other synchronous set-up. */
export function tempDirSync(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}
