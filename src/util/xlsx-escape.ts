/**
 * xlsx's text escape (ECMA-376 `ST_Xstring`): `_xHHHH_` is UTF-16 unit HHHH, for what XML 1.0 cannot
 * carry (most controls; CR becomes LF); a literal `_xHHHH_` is written `_x005F_xHHHH_`.
 */
const ESCAPED = /_x([0-9A-Fa-f]{4})_/g;

/** Text as an xlsx cell must hold it to read back exactly (see {@link decodeXlsxText}). */
export function encodeXlsxText(text: string): string {
  return (
    text
      .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
      // eslint-disable-next-line no-control-regex -- control characters are what must be escaped
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
  );
}

/** The text an xlsx cell means: every `_xHHHH_` decoded, in one pass (so `_x005F_x0041_` is `_x0041_`). */
export function decodeXlsxText(text: string): string {
  return text.includes('_x') ? text.replace(ESCAPED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}
