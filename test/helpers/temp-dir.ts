import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every folder made through this module in this test file, removed once its tests are done. */
const made = new Set<string>();

// Registered when a test file first imports this module (while jest collects the file, so never from
// inside a test, where jest refuses new hooks); it removes every folder made since, however it was made.
afterAll(async () => {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh folder under the system's temp folder, named `prefix` and a random tail; removed after the file's tests. */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** `makeTempDir` for module level and other synchronous set-up. */
export function tempDirSync(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

