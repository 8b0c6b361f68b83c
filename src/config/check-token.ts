/**
 * Largest token file read (64 KiB). An access token is tens to a few thousand characters; a bigger file
 * is the wrong file, and reading it whole (or `/dev/zero`, endlessly) must not be tried.
 */
export const MAX_TOKEN_FILE_BYTES = 64 * 1024;

/** A token as read, cleaned for the `Authorization` header, or why it cannot be sent. */
export type TokenCheck = { readonly ok: true; readonly token: string | undefined } | { readonly ok: false; readonly reason: string };

/** What a character the header cannot carry is, in words (never the token itself). */
function describe(ch: string): string {
  if (ch === '\n' || ch === '\r') return 'a line break';
  if (/\s/.test(ch)) return 'whitespace';
  // eslint-disable-next-line no-control-regex -- naming the control character is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(ch)) return 'a control character';
  return 'a non-ASCII character';
}

/**
 * Checks a token before it becomes a header: surrounding spaces and an editor's final newline are
 * dropped; anything else not printable ASCII is a settings problem here, not Node's `ERR_INVALID_CHAR`
 * later, which reads like a network failure. Empty is `token: undefined`.
 */
export function checkToken(raw: string): TokenCheck {
  const token = raw.replace(/\r?\n$/, '').replace(/^ +| +$/g, '');
  if (token === '') return { ok: true, token: undefined };
  const bad = /[^\x21-\x7e]/.exec(token);
  if (bad) {
    const lines = token.split(/\r?\n/).length;
    const what = lines > 1 ? `${lines} lines` : `${describe(bad[0])} at character ${bad.index + 1}`;
    return { ok: false, reason: `holds ${what}; a token is one line of printable ASCII without spaces` };
  }
  return { ok: true, token };
}
