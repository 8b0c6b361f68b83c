import { MgeError, type MgeErrorOptions } from '../errors/mge-error.js';

/**
 * Codes of the command line itself (kind `usage`, exit 2, nothing done): `USAGE` (yargs refused it),
 * `OPTION_INVALID` (names the flag), `OUTPUT_IS_INPUT`/`OUTPUT_CLASH` (an output over an input or
 * another output), `OUTPUT_NOT_A_FILE` (a target the output may not write).
 */
export type UsageErrorCode = 'USAGE' | 'OPTION_INVALID' | 'OUTPUT_IS_INPUT' | 'OUTPUT_CLASH' | 'OUTPUT_NOT_A_FILE';

/** A command line that cannot be run as given. */
export class UsageError extends MgeError<UsageErrorCode> {
  constructor(code: UsageErrorCode, message: string, options: MgeErrorOptions = {}) {
    super('usage', code, message, options);
  }
}
