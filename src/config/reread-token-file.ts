import { readBoundedFileSync } from '../util/read-bounded-file.js';
import { checkToken, MAX_TOKEN_FILE_BYTES } from './check-token.js';

/**
 * The token a token file holds now, read again mid-run (a secret store rewrote it), or undefined when
 * it cannot be read or holds no usable token: the caller then stops as it would have (TOKEN_REJECTED).
 * What was wrong is not said: nothing of the file's contents may reach a message.
 */
export function rereadTokenFile(file: string): string | undefined {
  try {
    const checked = checkToken(readBoundedFileSync(file, { maxBytes: MAX_TOKEN_FILE_BYTES }));
    return checked.ok ? checked.token : undefined;
  } catch {
    return undefined;
  }
}
