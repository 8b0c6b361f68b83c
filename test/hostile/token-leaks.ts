/**
 * The forms of `token` (or of the `Authorization` value `Bearer <token>`) that `text` holds, by name:
 * as sent, JSON- or backslash-escaped, URL-encoded, as HTML character references (also escaped again
 * as `&amp;#116;`, as a page shows a reference it quotes), in base64 or base64url at any of the three
 * alignments (the secret inside a longer encoded text), or in hex of either case. Written apart from
 * the scrubbing it checks (src/platform/redact-secret.ts): decode the text every way, then look.
 */
export function tokenLeaks(text: string, token: string): string[] {
  const found = new Set<string>();
  const views = textViews(text);
  for (const [view, seen] of views) {
    if (seen.includes(token)) found.add(`plain (${view})`);
    if (seen.toLowerCase().includes(Buffer.from(token).toString('hex'))) found.add(`hex (${view})`);
    for (const secret of [token, `Bearer ${token}`])
      for (const [alignment, middle] of base64Middles(secret))
        for (const alphabet of ['base64', 'base64url'] as const) {
          const form = alphabet === 'base64' ? middle : middle.replace(/\+/g, '-').replace(/\//g, '_');
          if (seen.includes(form))
            found.add(`${alphabet} of ${secret === token ? 'the token' : 'the header'} at alignment ${alignment} (${view})`);
        }
  }
  return [...found];
}

/** The text as it is, and as every decoding a reader (or a browser) could apply would show it (each view once). */
function textViews(text: string): [string, string][] {
  const views: [string, string][] = [['as written', text]];
  const add = (name: string, view: string): void => {
    if (!views.some(([, seen]) => seen === view)) views.push([name, view]);
  };
  if (text.includes('\\'))
    add(
      'escapes undone',
      text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, code: string) => String.fromCharCode(Number.parseInt(code, 16))).replace(/\\(.)/g, '$1'),
    );
  for (const [name, view] of [...views]) {
    if (view.includes('%')) add(`${name}, URL-decoded`, urlDecoded(view));
    if (view.includes('&')) {
      add(`${name}, HTML references decoded`, htmlDecoded(view));
      add(`${name}, HTML references and URL decoded`, urlDecoded(htmlDecoded(view)));
    }
  }
  return views;
}

function urlDecoded(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const NAMED: Readonly<Record<string, string>> = { quot: '"', amp: '&', apos: "'", lt: '<', gt: '>' };

function htmlDecoded(text: string): string {
  let decoded = text;
  // `&amp;#116;` is how a page quotes a reference: undo the page's escaping first, as many times as it was done.
  for (let i = 0; i < 4 && decoded.includes('&amp;'); i++) decoded = decoded.replace(/&amp;/g, '&');
  return decoded.replace(/&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|(quot|amp|apos|lt|gt));?/g, (match, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? match;
    const point = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match;
  });
}

/** The base64 characters that depend on `secret`'s bytes alone, after 0, 1 and 2 bytes of something else. */
function base64Middles(secret: string): [number, string][] {
  const bytes = Buffer.from(secret);
  return [0, 1, 2].map((k) => [
    k,
    Buffer.concat([Buffer.alloc(k, 0x41), bytes])
      .toString('base64')
      .slice(Math.ceil((4 * k) / 3), Math.floor((4 * (k + bytes.length)) / 3)),
  ]);
}
