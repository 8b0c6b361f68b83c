import { constants } from 'node:fs';
import { copyFile, link, mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { RowOutcome } from '../../upload/upload-types.js';
import { identifyPath } from '../../util/identify-path.js';
import { PipelineError } from '../pipeline-errors.js';

/** An input moved out of the way, where it was and where it is now. */
export interface MovedInput {
  readonly file: string;
  readonly to: string;
}

/** An input that was done but could not be moved, and why. */
export interface UnmovedInput {
  readonly file: string;
  readonly reason: string;
}

/**
 * True for an outcome that leaves nothing to do: uploaded, or skipped as uploaded (the only skip that
 * carries the record's id). Everything else keeps its file where it is: invalid, failed, uncertain,
 * changed, and rows skipped as rejected or left uncertain by an earlier run.
 */
export function isDone(outcome: RowOutcome): boolean {
  return outcome.type === 'uploaded' || (outcome.type === 'skipped' && outcome.id !== undefined);
}

/** The files of a run that have an outcome still to see to, by their name in the report. */
export function createOutstandingFiles(): { readonly add: (outcome: RowOutcome) => void; readonly has: (file: string) => boolean } {
  const outstanding = new Set<string>();
  return {
    add: (outcome) => {
      if (!isDone(outcome)) outstanding.add(outcome.location.file);
    },
    has: (file) => outstanding.has(file),
  };
}

const MAX_NAMES = 1000;

/** `name.csv`, `name.1.csv`, `name.2.csv`, …: a name that never replaces a file moved earlier. */
function candidate(dir: string, base: string, n: number): string {
  if (n === 0) return path.join(dir, base);
  const ext = path.extname(base);
  return path.join(dir, `${base.slice(0, base.length - ext.length)}.${n}${ext}`);
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Moves one file into `dir` without replacing anything: hard link under the first free name, then
 * unlink (a rename could replace a file moved an earlier night); across devices a hidden copy first;
 * without hard links a rename to a name checked free.
 */
async function moveOne(from: string, dir: string): Promise<string> {
  const base = path.basename(from);
  for (let n = 0; n < MAX_NAMES; n += 1) {
    const to = candidate(dir, base, n);
    try {
      await link(from, to);
      await unlink(from);
      return to;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EEXIST') continue;
      if (code === 'EXDEV') return copyAcross(from, dir, base);
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
        if (await exists(to)) continue;
        await rename(from, to);
        return to;
      }
      throw error;
    }
  }
  throw new Error(`${MAX_NAMES} files named like ${base} are already in ${dir}`);
}

async function copyAcross(from: string, dir: string, base: string): Promise<string> {
  const partial = path.join(dir, `.${base}.${process.pid}.partial`);
  await copyFile(from, partial, constants.COPYFILE_EXCL);
  try {
    for (let n = 0; n < MAX_NAMES; n += 1) {
      const to = candidate(dir, base, n);
      try {
        await link(partial, to);
      } catch (error) {
        if (codeOf(error) === 'EEXIST') continue;
        throw error;
      }
      await unlink(from);
      return to;
    }
    throw new Error(`${MAX_NAMES} files named like ${base} are already in ${dir}`);
  } finally {
    await unlink(partial).catch(() => undefined);
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The real path of the folder `file` is in (links resolved). */
async function realFolderOf(file: string): Promise<string> {
  return (await identifyPath(path.dirname(path.resolve(file)), process.cwd())).real;
}

/**
 * Refuses `--move-done DIR` when `dir` is an input's folder (by real path), before anything is read or
 * sent: it used to move `in.csv` to `in.1.csv` there, and a no-op would quietly reread it every night.
 * @throws PipelineError `MOVE_DONE_INPUT_FOLDER` (kind `usage`, exit 2) naming the input and the folder.
 */
export async function checkMoveDoneFolder(
  inputs: readonly { readonly file: string; readonly openPath: string }[],
  dir: string,
): Promise<void> {
  const target = (await identifyPath(dir, process.cwd())).real;
  for (const input of inputs) {
    if ((await realFolderOf(input.openPath)) !== target) continue;
    throw new PipelineError(
      'MOVE_DONE_INPUT_FOLDER',
      `--move-done ${dir} is the folder the input ${input.file} is in: a file cannot be moved into its own folder`,
      {
        location: { field: '--move-done', file: input.file },
        hint: 'Name another folder for --move-done (e.g. done/ beside the drop folder), or leave --move-done out.',
        details: { folder: target },
      },
    );
  }
}

/**
 * `--move-done DIR`: after a run that read every input, moves each input with nothing outstanding
 * ({@link isDone}) into `dir`; one that cannot be moved is named in `unmoved` (the next run skips it).
 */
export async function moveDoneInputs(
  inputs: readonly { readonly file: string; readonly openPath: string }[],
  outstanding: (file: string) => boolean,
  dir: string,
): Promise<{ moved: MovedInput[]; unmoved: UnmovedInput[] }> {
  const moved: MovedInput[] = [];
  const unmoved: UnmovedInput[] = [];
  const done = inputs.filter((input) => !outstanding(input.file));
  if (done.length === 0) return { moved, unmoved };
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { moved, unmoved: done.map((input) => ({ file: input.file, reason })) };
  }
  const target = await realFolderOf(path.join(dir, 'x'));
  for (const input of done) {
    // Checked before the run (checkMoveDoneFolder); should the folders have come to be one since, no rename.
    if ((await realFolderOf(input.openPath)) === target) {
      unmoved.push({ file: input.file, reason: `it is in the --move-done folder already` });
      continue;
    }
    try {
      moved.push({ file: input.file, to: await moveOne(input.openPath, dir) });
    } catch (error) {
      unmoved.push({ file: input.file, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { moved, unmoved };
}
