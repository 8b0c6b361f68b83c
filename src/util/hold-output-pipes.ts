import { constants, open, type FileHandle } from 'node:fs/promises';
import { MgeError } from '../errors/mge-error.js';

/** An output to look at: the option that named it and its absolute path. */
export interface OutputPipe {
  readonly option: string;
  readonly path: string;
}

/**
 * Opens every output that is a FIFO for writing without waiting, and keeps it open until the caller
 * closes it: a FIFO nobody reads would hang the command's own open, and a closed look at one would hand
 * its reader an end of file. Other outputs are left alone.
 * @throws MgeError `OUTPUT_NO_READER` (kind `usage`); the handles opened before it are closed.
 */
export async function holdOutputPipes(outputs: readonly OutputPipe[]): Promise<FileHandle[]> {
  const held: FileHandle[] = [];
  try {
    for (const output of outputs) {
      const handle = await open(output.path, constants.O_WRONLY | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENXIO') return undefined;
        throw new MgeError(
          'usage',
          'OUTPUT_NO_READER',
          `${output.option} ${output.path} is a FIFO (named pipe) that nobody reads: writing it would wait for ever`,
          {
            location: { field: output.option, file: output.path },
            hint: `Start the reader of the pipe first, or name a file for ${output.option}.`,
          },
        );
      });
      if (handle !== undefined) held.push(handle);
    }
  } catch (error) {
    await Promise.all(held.map((h) => h.close()));
    throw error;
  }
  return held;
}
