import { chmod, link, lstat, mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMgeError } from '../../src/errors/mge-error.js';
import { acquireReportLock } from '../../src/report/acquire-report-lock.js';
import { machineLockFolder } from '../../src/report/machine-lock-folder.js';
import { tempDir } from './report-fixtures.js';

const uid = process.getuid?.() ?? 0;

/** The error `machineLockFolder` throws for `place`, as code, kind and message. */
async function refusal(place: Parameters<typeof machineLockFolder>[0]): Promise<[string, boolean, string]> {
  const error = await machineLockFolder(place).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isMgeError(error)) throw new Error(`expected a coded error, got ${String(error)}`);
  return [error.code, isMgeError(error, 'config'), error.message];
}

describe('machineLockFolder: the folder of the locks by file identity on this machine', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  test('is made mode 700 as mge-ingest-<uid> in the temporary folder, or mge-ingest in an absolute runtime folder', async () => {
    const fallback = await machineLockFolder({ tmpDir: dir, uid });
    expect(fallback).toBe(join(dir, `mge-ingest-${uid}`));
    expect((await stat(fallback)).mode & 0o777).toBe(0o700);
    expect(await machineLockFolder({ tmpDir: dir, uid })).toBe(fallback);
    const runtime = join(dir, 'run');
    expect(await machineLockFolder({ runtimeDir: runtime, tmpDir: dir, uid })).toBe(join(runtime, 'mge-ingest'));
    // A relative XDG_RUNTIME_DIR is invalid by the XDG spec: ignored.
    expect(await machineLockFolder({ runtimeDir: 'run', tmpDir: dir, uid })).toBe(fallback);
  });

  test('a symbolic link in its place is refused (REPORT_LOCK_DIR_UNSAFE, exit 2) and not followed', async () => {
    const elsewhere = join(dir, 'planted');
    await mkdir(elsewhere);
    await symlink(elsewhere, join(dir, `mge-ingest-${uid}`));
    expect(await refusal({ tmpDir: dir, uid })).toEqual([
      'REPORT_LOCK_DIR_UNSAFE',
      true,
      `the report lock folder ${join(dir, `mge-ingest-${uid}`)} is a symbolic link: it is not followed`,
    ]);
    // A dangling link too: nothing is made where it points.
    await symlink(join(dir, 'nowhere'), join(dir, 'mge-ingest'));
    expect((await refusal({ runtimeDir: dir, uid }))[0]).toBe('REPORT_LOCK_DIR_UNSAFE');
    await expect(lstat(join(dir, 'nowhere'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test("another user's folder is refused, as is one others can write or a file in its place", async () => {
    const folder = join(dir, `mge-ingest-${uid + 1}`);
    await mkdir(folder, { mode: 0o700 });
    // Made by this user, it is another's to a run of uid + 1: the owner is checked, not the name.
    expect(await refusal({ tmpDir: dir, uid: uid + 1 })).toEqual([
      'REPORT_LOCK_DIR_UNSAFE',
      true,
      `the report lock folder ${folder} belongs to user ${uid}, not to this user (${uid + 1})`,
    ]);
    const open = join(dir, 'open');
    await mkdir(join(open, 'mge-ingest'), { recursive: true });
    await chmod(join(open, 'mge-ingest'), 0o777);
    expect((await refusal({ runtimeDir: open, uid }))[2]).toMatch(/can be written by others \(mode 777\)$/);
    const plain = join(dir, 'plain');
    await mkdir(plain);
    await writeFile(join(plain, 'mge-ingest'), '');
    expect((await refusal({ runtimeDir: plain, uid }))[2]).toMatch(/mge-ingest is a regular file, not a directory$/);
  });

  test('acquireReportLock refuses an unsafe folder before it makes the report or any lock', async () => {
    const run = join(dir, 'run');
    await mkdir(run);
    await symlink(dir, join(run, 'mge-ingest'));
    const report = join(dir, 'r.jsonl');
    await expect(acquireReportLock(report, { runtimeDir: run })).rejects.toMatchObject({ code: 'REPORT_LOCK_DIR_UNSAFE' });
    expect((await readdir(dir)).sort()).toEqual(['run']);
  });

  test('hard links in two folders find one lock in the machine folder; release removes all three locks', async () => {
    const run = join(dir, 'run');
    await mkdir(join(dir, 'a'));
    await mkdir(join(dir, 'b'));
    const report = join(dir, 'a', 'r.jsonl');
    await writeFile(report, '');
    await link(report, join(dir, 'b', 'r.jsonl'));
    const lock = await acquireReportLock(report, { runtimeDir: run });
    const { dev, ino } = await stat(report, { bigint: true });
    const machineLock = join(run, 'mge-ingest', `.${dev}-${ino}.lock`);
    expect((await stat(machineLock)).isFile()).toBe(true);
    const refused = await acquireReportLock(join(dir, 'b', 'r.jsonl'), { runtimeDir: run }).catch((e: unknown) => e);
    expect(isMgeError(refused) && [refused.code, refused.details?.['lockFile']]).toEqual(['REPORT_LOCKED', machineLock]);
    // The refused run let go of the locks it had taken in folder b.
    expect(await readdir(join(dir, 'b'))).toEqual(['r.jsonl']);
    await lock.release();
    expect(await readdir(join(dir, 'a'))).toEqual(['r.jsonl']);
    expect(await readdir(join(run, 'mge-ingest'))).toEqual([]);
  });
});
