import { lstat, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileKindText } from '../util/file-kind-text.js';
import { ReportError } from './report-errors.js';

/** Where the machine's lock folder is, and whose it must be. */
export interface MachineLockPlace {
  /** The user's runtime folder (`$XDG_RUNTIME_DIR`); ignored unless absolute, as the XDG spec says. */
  readonly runtimeDir?: string | undefined;
  /** @default os.tmpdir() */
  readonly tmpDir?: string;
  /** The user who must own the folder. @default process.getuid() (none on Windows: not checked) */
  readonly uid?: number | undefined;
}

const HINT =
  'The lock folder keeps runs that reach one report by different names apart, so it must be a folder of your own: remove it (it is made again, mode 700), or set XDG_RUNTIME_DIR to a folder of your own.';

function unsafe(folder: string, why: string): ReportError {
  return new ReportError('REPORT_LOCK_DIR_UNSAFE', `the report lock folder ${folder} ${why}`, {
    location: { file: folder },
    hint: HINT,
    details: { folder },
  });
}

/**
 * This user's lock folder on this machine (docs/report-format.md#the-lock), made mode 700 when
 * missing. In a shared temporary folder it is used only when it is a real directory of this user's,
 * not writable by others, since anyone may have made that name first.
 * @throws ReportError `REPORT_LOCK_DIR_UNSAFE` (kind `config`), `REPORT_LOCK_FAILED` when it cannot be made.
 */
export async function machineLockFolder(place: MachineLockPlace = {}): Promise<string> {
  const uid = 'uid' in place ? place.uid : process.getuid?.();
  const runtime = place.runtimeDir !== undefined && path.isAbsolute(place.runtimeDir) ? place.runtimeDir : undefined;
  const folder =
    runtime !== undefined ? path.join(runtime, 'mge-ingest') : path.join(place.tmpDir ?? tmpdir(), `mge-ingest-${uid ?? 'user'}`);
  const made = await mkdir(folder, { recursive: true, mode: 0o700 }).catch((error: unknown) => error);
  const info = await lstat(folder).catch(() => undefined);
  if (info === undefined) {
    throw new ReportError('REPORT_LOCK_FAILED', `Cannot make the report lock folder ${folder}`, {
      location: { file: folder },
      hint: 'Its parent folder must exist and be writable, or set XDG_RUNTIME_DIR to a folder of your own.',
      cause: made,
    });
  }
  if (info.isSymbolicLink()) throw unsafe(folder, 'is a symbolic link: it is not followed');
  if (!info.isDirectory()) throw unsafe(folder, `is ${info.isFile() ? 'a regular file' : fileKindText(info)}, not a directory`);
  if (uid !== undefined && info.uid !== uid) throw unsafe(folder, `belongs to user ${info.uid}, not to this user (${uid})`);
  if ((info.mode & 0o022) !== 0) {
    throw unsafe(folder, `can be written by others (mode ${(info.mode & 0o777).toString(8)})`);
  }
  return folder;
}
