/** What a scrubbed secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * A token shorter than this is not searched for: replacing every `t` of a message would make it
 * unreadable, and real platform tokens are tens of characters long. `Bearer …` is scrubbed regardless.
 */
const MIN_SECRET_LENGTH = 6;

const BEARER = /\b(Bearer)\s+[^\s"'<>,;]+/gi;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A pattern of `text` that matches its letters in either case (hex digits, say). */
function eitherCase(text: string): string {
  return [...text].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRegExp(c))).join('');
}

const NAMED_REFERENCE: Readonly<Record<string, string>> = { '"': 'quot', '&': 'amp', "'": 'apos', '<': 'lt', '>': 'gt' };

/**
 * One character of the secret as a server may write it: as sent, JSON-escaped (`\"`, `\\`, `\/`,
 * `\u0074`), URL-encoded (`%74`), or as an HTML character reference (`&#116;`, `&#x74;`, `&quot;`).
 * Each character is matched on its own, so any mix of these forms is found.
 */
function characterPattern(c: string): string {
  const point = c.codePointAt(0) ?? 0;
  const forms = [escapeRegExp(c)];
  if (c === '"' || c === '\\' || c === '/') forms.push(escapeRegExp(`\\${c}`));
  if (point <= 0xffff) forms.push(`\\\\u${eitherCase(point.toString(16).padStart(4, '0'))}`);
  forms.push([...Buffer.from(c)].map((byte) => `%${eitherCase(byte.toString(16).padStart(2, '0'))}`).join(''));
  forms.push(`&#0*${point};?`, `&#[xX]0*${eitherCase(point.toString(16))};?`);
  const named = NAMED_REFERENCE[c];
  if (named !== undefined) forms.push(`&${named};`);
  return `(?:${forms.join('|')})`;
}

/** One base64 character, in the standard or the URL alphabet, also as a JSON escape or URL-encoded would write it. */
function base64CharacterPattern(c: string): string {
  if (c === '+' || c === '-') return '(?:[+-]|%2[bB])';
  if (c === '/' || c === '_') return '(?:[/_]|\\\\/|%2[fF])';
  if (c === '=') return '(?:=|%3[dD])';
  return c;
}

/**
 * The base64 text of `secret` wherever it starts in a longer encoded text: the secret after 0, 1 or 2
 * bytes of whatever came before it, keeping only the characters that depend on the secret's bytes alone
 * (from ⌈4k/3⌉ to ⌊4(k+n)/3⌋). First the whole encoding, padded, so an echo of the secret alone goes whole.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms = [bytes.toString('base64')];
  for (let k = 0; k < 3; k++) {
    const encoded = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    forms.push(encoded.slice(Math.ceil((4 * k) / 3), Math.floor((4 * (k + bytes.length)) / 3)));
  }
  return forms.map((form) => [...form].map(base64CharacterPattern).join(''));
}

/**
 * Every form a server may echo the token or the whole `Authorization` value (`Bearer <token>`) in, as
 * one pattern: each character as sent or escaped (see {@link characterPattern}), base64 and base64url at
 * any alignment, hex in either case. The header's forms come first, so its echo is replaced whole.
 */
function echoPattern(token: string): RegExp {
  const secrets = [`Bearer ${token}`, token];
  const alternatives = [
    ...secrets.flatMap(base64Forms),
    ...secrets.map((secret) => eitherCase(Buffer.from(secret).toString('hex'))),
    [...token].map(characterPattern).join(''),
  ];
  return new RegExp(alternatives.join('|'), 'g');
}

/** The last token's pattern: a run has one token at a time (two across a rotation), and building it costs more than using it. */
let cached: { token: string; pattern: RegExp } | undefined;

function patternFor(token: string): RegExp {
  if (cached?.token !== token) cached = { token, pattern: echoPattern(token) };
  return cached.pattern;
}

/**
 * Removes the token from platform text before it enters an error: the token or its `Authorization`
 * value in every form a server may echo (as sent, JSON-escaped, URL-encoded, HTML references, base64
 * and base64url at any alignment, hex), and every `Bearer <credential>`.
 */
export function redactSecret(text: string, token: string | undefined): string {
  let clean = text;
  if (token !== undefined && token.length >= MIN_SECRET_LENGTH) clean = clean.replace(patternFor(token), REDACTED);
  return clean.replace(BEARER, `$1 ${REDACTED}`);
}
