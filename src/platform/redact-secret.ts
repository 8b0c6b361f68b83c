/** What a scrubbed secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * A token shorter than this is not searched for: replacing every `t` of a message would make it
 * unreadable, and real platform tokens are tens of characters long. `Bearer …` is scrubbed regardless.
 */
const MIN_SECRET_LENGTH = 6;

const BEARER = /\b(Bearer)\s+[^\s"'<>,;]+/gi;

/**
 * The forms a server may echo a token in: as sent, escaped inside a JSON string (`\"`, `\\`, and `\/`
 * as some encoders write a slash), URL-encoded (a query string or a form it reflects), and in base64
 * and base64url (a header or a payload it logs encoded).
 */
function echoedForms(token: string): string[] {
  const json = JSON.stringify(token).slice(1, -1);
  const forms = [
    token,
    json,
    json.replace(/\//g, '\\/'),
    encodeURIComponent(token),
    Buffer.from(token).toString('base64'),
    Buffer.from(token).toString('base64url'),
  ];
  // Longest first, so a form that contains another is replaced whole.
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * Removes the token from text the platform sent (an `error_detail` that echoes the request's headers,
 * an HTML error page) before it goes into an error message or detail: every occurrence of the token's
 * value in the forms a server may echo it in, and every `Bearer <credential>`.
 */
export function redactSecret(text: string, token: string | undefined): string {
  let clean = text;
  if (token !== undefined && token.length >= MIN_SECRET_LENGTH) {
    for (const form of echoedForms(token)) clean = clean.split(form).join(REDACTED);
  }
  return clean.replace(BEARER, `$1 ${REDACTED}`);
}
