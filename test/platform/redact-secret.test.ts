import { redactSecret } from '../../src/platform/redact-secret.js';

/** A token with the characters JSON, URL and HTML encoding change. */
const TOKEN = 'tok"en\\with/slash+plus=eq<&>-Zq9';
const HEADER = `Bearer ${TOKEN}`;

const base64 = (text: string | Buffer): string => Buffer.from(text).toString('base64');
const base64url = (text: string | Buffer): string => Buffer.from(text).toString('base64url');
const hex = (text: string): string => Buffer.from(text).toString('hex');
/** Every character as a reference, decimal and hex in turn, the hex digits in both cases. */
const references = (text: string): string =>
  [...text].map((c, i) => (i % 2 === 0 ? `&#${c.codePointAt(0)};` : `&#x${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()};`)).join('');

describe('redactSecret', () => {
  test('removes every occurrence of the token and any Bearer credential', () => {
    const text = 'header was "Bearer secret-tok-XYZ"; token=secret-tok-XYZ; other: bearer abc.def';
    const clean = redactSecret(text, 'secret-tok-XYZ');
    expect(clean).not.toContain('secret-tok-XYZ');
    expect(clean).not.toContain('abc.def');
    expect(clean).toBe('header was "Bearer [redacted]"; token=[redacted]; other: bearer [redacted]');
  });

  test('a very short token is not searched for (it would shred the text), Bearer still is', () => {
    expect(redactSecret('the platform failed: Bearer t', 't')).toBe('the platform failed: Bearer [redacted]');
    expect(redactSecret('plain text', undefined)).toBe('plain text');
  });

  test.each([
    ['JSON-escaped', JSON.stringify(TOKEN).slice(1, -1)],
    ['JSON-escaped with \\/', JSON.stringify(TOKEN).slice(1, -1).replace(/\//g, '\\/')],
    ['JSON \\u escapes', [...TOKEN].map((c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`).join('')],
    ['URL-encoded', encodeURIComponent(TOKEN)],
    ['every character URL-encoded', hex(TOKEN).replace(/../g, '%$&')],
    ['base64 of the token', base64(TOKEN)],
    ['base64url of the token', base64url(TOKEN)],
    ['base64 of the header', base64(HEADER)],
    ['base64url of the header', base64url(HEADER)],
    ['base64 of the header, URL-encoded', encodeURIComponent(base64(HEADER))],
    ['hex of the token', hex(TOKEN)],
    ['HEX of the token', hex(TOKEN).toUpperCase()],
    ['hex of the token, mixed case', hex(TOKEN).replace(/[a-f]/g, (c, i: number) => (i % 3 === 0 ? c.toUpperCase() : c))],
    ['hex of the header', hex(HEADER)],
    ['decimal character references', [...TOKEN].map((c) => `&#${c.codePointAt(0)};`).join('')],
    ['hex character references', [...TOKEN].map((c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`).join('')],
    ['decimal and hex references mixed', references(TOKEN)],
    [
      'references mixed with plain and named',
      [...TOKEN].map((c, i) => (c === '"' ? '&quot;' : i % 3 === 0 ? `&#${c.codePointAt(0)};` : c)).join(''),
    ],
  ])('the token echoed %s is scrubbed', (_name, echo) => {
    const clean = redactSecret(`{"error_detail":"header: ${echo} (echoed)"}`, TOKEN);
    expect(clean).toContain('[redacted]');
    expect(clean).not.toContain(echo);
    expect(clean.startsWith('{"error_detail":"header: ')).toBe(true);
    expect(clean.endsWith(' (echoed)"}')).toBe(true);
  });

  test.each([0, 1, 2, 3, 4, 5])(
    'the header inside a longer base64 text, after %i bytes, leaves no 8 characters of its encoding',
    (prefix) => {
      const before = 'x'.repeat(prefix);
      for (const encode of [base64, base64url]) {
        const block = encode(`${before}authorization: ${HEADER}\r\nhost: example\r\n`);
        const clean = redactSecret(`detail ${block} end`, TOKEN);
        expect(clean).toContain('[redacted]');
        // Whatever is left of the block may hold a few characters that mix the secret's bits with its neighbours', never a run of its own.
        for (const encoded of [encode(TOKEN), encode(`.${TOKEN}`).slice(2), encode(`..${TOKEN}`).slice(3)])
          for (let i = 0; i + 8 <= encoded.length - 2; i++) expect(clean).not.toContain(encoded.slice(i, i + 8));
      }
    },
  );

  test('text without the token is left as it is, digits, hex and base64 look-alikes too', () => {
    const text = 'id 0123456789abcdef, dG9rZW4=, &#116;&#111;k, 50%, R&amp;D <b>';
    expect(redactSecret(text, TOKEN)).toBe(text);
  });

  test('fast: a 1 MB body with a few echoes is scrubbed in well under a second', () => {
    const filler = 'lorem ipsum &amp; dolor 0123456789abcdef QUJDREVGR0g= %20 \\u0041 '.repeat(16_000);
    const text = `${filler}${base64(HEADER)}${filler}${references(TOKEN)}${filler}${hex(TOKEN)}`;
    redactSecret('warm up', TOKEN);
    const started = performance.now();
    const clean = redactSecret(text, TOKEN);
    const ms = performance.now() - started;
    expect(clean.split('[redacted]')).toHaveLength(4);
    expect(ms).toBeLessThan(1000);
  });
});
