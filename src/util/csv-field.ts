/** Quotes one CSV field per RFC 4180 when it holds a quote, comma or line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
