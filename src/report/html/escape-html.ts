const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML element content and quoted attribute values: `& < > " '` become entities, so
 * a cell holding `<script>` or a quote shows as written and never becomes markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON for the inside of a `<script type="application/json">` element. The HTML parser ends a script at
 * the first `</script` whatever the JSON around it, and `<!--` changes how it reads on; `<`, `>` and `&`
 * are written as `\u003c`-style escapes so no value can close the element or open a comment. U+2028 and
 * U+2029 are escaped as well: they are valid in JSON but end a line in older JavaScript parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
