import { MgeError, type MgeErrorOptions } from '../errors/mge-error.js';

/**
 * Codes of the command line itself (kind `usage`, exit 2: nothing was done):
 * - `USAGE`: yargs refused the command line (an unknown command or option, a missing argument).
 * - `OPTION_INVALID`: an option's value is out of its rule (names the flag).
 * - `OUTPUT_IS_INPUT`, `OUTPUT_CLASH`: an output would write over an input or another output.
 * - `OUTPUT_NOT_A_FILE`: an output's target exists and is not a regular file the output may write
 *   (a directory; for an output replaced by a rename, a FIFO or a device too).
 */
export type UsageErrorCode = 'USAGE' | 'OPTION_INVALID' | 'OUTPUT_IS_INPUT' | 'OUTPUT_CLASH' | 'OUTPUT_NOT_A_FILE';

/** A command line that cannot be run as given. */
export class UsageError extends MgeError<UsageErrorCode> {
  constructor(code: UsageErrorCode, message: string, options: MgeErrorOptions = {}) {
    super('usage', code, message, options);
  }
}
