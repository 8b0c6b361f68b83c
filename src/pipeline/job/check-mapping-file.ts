import path from 'node:path';
import { MAX_MAPPING_BYTES } from '../../mapping/load/load-mapping.js';
import { MappingError } from '../../mapping/mapping-errors.js';
import { BoundedReadError, readBoundedFileSync, readFailureText } from '../../util/read-bounded-file.js';
import { checkMappingText, type CheckMappingOptions } from './check-mapping-text.js';
import type { LoadedJob } from './job.js';

/** Options of {@link checkMappingFile}. */
export interface CheckMappingFileOptions extends CheckMappingOptions {
  /**
   * The mapping's text, when it is not to be read from `mappingFile` (a mapping being edited, not yet
   * saved: `mapper`); `mappingFile` still names it. @default undefined (the file is read)
   */
  readonly mappingText?: string | undefined;
  /** Where a relative `mappingFile` is found. @default undefined (the process's working directory) */
  readonly cwd?: string | undefined;
}

function readMappingText(file: string, cwd: string | undefined): string {
  try {
    return readBoundedFileSync(cwd === undefined ? file : path.resolve(cwd, file), { maxBytes: MAX_MAPPING_BYTES });
  } catch (error) {
    if (error instanceof BoundedReadError && error.reason === 'too-large') {
      throw new MappingError('MAPPING_TOO_LARGE', `the mapping file holds more than ${MAX_MAPPING_BYTES} bytes: it is not a mapping`, {
        location: { file },
        hint: 'Check the --mapping path: a mapping names a few hundred fields at most.',
        details: { limit: MAX_MAPPING_BYTES },
      });
    }
    const code = (error as NodeJS.ErrnoException).code;
    throw new MappingError(
      code === 'ENOENT' ? 'MAPPING_NOT_FOUND' : 'MAPPING_UNREADABLE',
      code === 'ENOENT' ? 'the mapping file does not exist' : `cannot read the mapping file (${readFailureText(error)})`,
      {
        location: { file },
        hint: 'Check the --mapping path; `mge-ingest init <tid> --input FILE` writes a new mapping.',
        cause: error,
      },
    );
  }
}

/**
 * Reads the mapping file once (bounded) and checks it ({@link checkMappingText}); no input is read.
 * @throws MappingError `MAPPING_NOT_FOUND`, `MAPPING_UNREADABLE`, `MAPPING_TOO_LARGE`, and the errors of
 *   {@link checkMappingText}.
 */
export async function checkMappingFile(options: CheckMappingFileOptions): Promise<LoadedJob> {
  return checkMappingText(options.mappingText ?? readMappingText(options.mappingFile, options.cwd), options);
}
