import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { moveDoneInputs } from '../../../src/pipeline/stages/move-done-inputs.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

/** Linux's shared-memory file system: another device than the temporary folder's disk. */
const OTHER_DEVICE = '/dev/shm';

describe('moveDoneInputs', () => {
  test('across file systems (EXDEV) a file is copied whole under a free name, then removed; nothing half-written is left', async () => {
    const from = await makeTempDir('mge-move-');
    // On another device on purpose (the temp-dir helper makes its folders in the one temporary folder).
    const to = await mkdtemp(path.join(OTHER_DEVICE, 'mge-done-'));
    try {
      // The test means something only if the two really are different devices.
      expect((await stat(from)).dev).not.toBe((await stat(to)).dev);
      const text = 'a,b\n1,2\n'.repeat(10_000);
      await writeFile(path.join(from, 'night.csv'), text);
      await writeFile(path.join(from, 'kept.csv'), 'a,b\n');
      await writeFile(path.join(to, 'night.csv'), 'an earlier night\n');
      const result = await moveDoneInputs(
        [
          { file: 'night.csv', openPath: path.join(from, 'night.csv') },
          { file: 'kept.csv', openPath: path.join(from, 'kept.csv') },
        ],
        (file) => file === 'kept.csv',
        to,
      );
      expect(result).toEqual({ moved: [{ file: 'night.csv', to: path.join(to, 'night.1.csv') }], unmoved: [] });
      expect(await readFile(path.join(to, 'night.1.csv'), 'utf8')).toBe(text);
      expect(await readFile(path.join(to, 'night.csv'), 'utf8')).toBe('an earlier night\n');
      expect((await readdir(to)).sort()).toEqual(['night.1.csv', 'night.csv']);
      expect(await readdir(from)).toEqual(['kept.csv']);
    } finally {
      await rm(from, { recursive: true, force: true });
      await rm(to, { recursive: true, force: true });
    }
  });

  test('a folder that cannot be made leaves every file where it is, each named with the reason', async () => {
    const from = await makeTempDir('mge-move-');
    try {
      await writeFile(path.join(from, 'a.csv'), 'x\n');
      await writeFile(path.join(from, 'blocker'), 'a file, not a folder\n');
      const result = await moveDoneInputs(
        [{ file: 'a.csv', openPath: path.join(from, 'a.csv') }],
        () => false,
        path.join(from, 'blocker', 'done'),
      );
      expect(result.moved).toEqual([]);
      expect(result.unmoved).toEqual([{ file: 'a.csv', reason: expect.stringContaining('ENOTDIR') }]);
      expect((await readdir(from)).sort()).toEqual(['a.csv', 'blocker']);
    } finally {
      await rm(from, { recursive: true, force: true });
    }
  });
});
