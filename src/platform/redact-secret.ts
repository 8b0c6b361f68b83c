/** What a scrubbed secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * A token shorter than this is not searched for: replacing every `t` of a message would make it
 * unreadable, and real platform tokens are tens of characters long. `Bearer …` is scrubbed regardless.
 */
const MIN_SECRET_LENGTH = 6;

const BEARER = /\b(Bearer)\s+[^\s"'<>,;]+/gi;

/**
 * Removes the token from text the platform sent (an `error_detail` that echoes the request's headers,
 * an HTML error page) before it goes into an error message or detail: every occurrence of the token's
 * value, and every `Bearer <credential>`.
 */
export function redactSecret(text: string, token: string | undefined): string {
  let clean = text;
  if (token !== undefined && token.length >= MIN_SECRET_LENGTH) clean = clean.split(token).join(REDACTED);
  return clean.replace(BEARER, `$1 ${REDACTED}`);
}
