import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Bytes the old generation grew by in a process of its own that runs `body`: an async module body
 * given `load(distPath)` (imports a built module), `promote()` (three young collections, so what is
 * alive then is old, as the state of a long run is) and `mark()` (the point the growth counts from).
 * The old generation starts at 512 MiB, so no full collection runs unasked and every byte of garbage
 * made there after `mark()` is counted.
 */
export function oldGenerationGrowth(body: string): number {
  const dist = pathToFileURL(path.resolve('dist')).href;
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    const load = (file) => import(${JSON.stringify(dist)} + '/' + file);
    const used = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
    const promote = () => { for (let i = 0; i < 3; i++) gc({ type: 'minor' }); };
    let before;
    const mark = () => { before = used(); };
    ${body}
    if (before === undefined) throw new Error('mark() was never called');
    console.log(used() - before);`;
  const run = spawnSync(process.execPath, ['--expose-gc', '--initial-old-space-size=512', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (run.status !== 0 || run.stderr !== '') throw new Error(`the measuring process failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}
