/** Longest one-line message shown whole; a longer one, or one of several lines, is cut to its brief. */
const MAX_LINE = 160;

/** `PLATFORM_ERROR (HTTP 502, code 7)`: the code and status that `failureText` puts before the platform's text. */
const HEAD = /^([A-Z][A-Z0-9_]*(?: \([^)\n]*\))?): ([\s\S]*)$/;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of an HTML page, by lines: its title if it has one, else its markup dropped. */
function htmlText(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  const text =
    title !== undefined && title !== ''
      ? title
      : html
          .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '\n')
          .replace(/<!--[\s\S]*?-->/g, '\n')
          .replace(/<[^>]*>/g, '\n');
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/**
 * The first line of a long message (code and status, then its first text, or an HTML page's title),
 * cut to 160 characters; undefined when the message is one short line. Pure.
 */
export function briefMessage(message: string): string | undefined {
  if (!message.includes('\n') && message.length <= MAX_LINE) return undefined;
  const parts = HEAD.exec(message);
  const rest = parts?.[2] ?? message;
  const text = /<(?:!doctype|html|head|body|title|div|p|h1|center)\b/i.test(rest) ? htmlText(rest) : rest;
  const first = text
    .split(/\r\n|[\r\n]/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .find((line) => line !== '');
  const line = first === undefined ? '' : first.length > MAX_LINE ? `${first.slice(0, MAX_LINE - 1)}…` : first;
  return parts?.[1] === undefined ? line : line === '' ? parts[1] : `${parts[1]}: ${line}`;
}
