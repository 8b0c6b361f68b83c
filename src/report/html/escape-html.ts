const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML element content and quoted attribute values: `& < > " '` become entities, so
 * a cell holding `<script>` or a quote shows as written and never becomes markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON for a `<script type="application/json">`: `<`, `>`, `&` escaped so no value can end the element
 * (`</script`) or open a comment, U+2028/U+2029 too (they end a line in older parsers).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
