import { isUtf8Row } from './gb18030-guard.js';

/**
 * Whether non-UTF-8 bytes read plausibly as GB18030/GBK (Excel on a Chinese system), so `auto` may
 * decode them so; GB18030 decodes almost any pair (Latin-1 `Zürich` → `Z黵ich`). Yes needs every
 * sequence well-formed, GB2312 characters (lead 0xB0–0xF7 or 0xA1–0xA9) outnumbering others four to
 * one, and no valid UTF-8 line with two three-byte characters. A cut last character is not held against it.
 */
export function isPlausibleGb18030(bytes: Uint8Array): boolean {
  let gb2312 = 0;
  let other = 0;
  let lineStart = 0;
  let lineHigh = false;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x0a) {
        if (lineHigh && isUtf8Row(bytes.subarray(lineStart, i))) return false;
        lineStart = i + 1;
        lineHigh = false;
      }
      i++;
      continue;
    }
    lineHigh = true;
    if (i + 1 >= n) break;
    const t = bytes[i + 1]!;
    if (b < 0x81 || b > 0xfe) return false;
    if (t >= 0x30 && t <= 0x39) {
      if (i + 3 < n && !(bytes[i + 2]! >= 0x81 && bytes[i + 2]! <= 0xfe && bytes[i + 3]! >= 0x30 && bytes[i + 3]! <= 0x39)) return false;
      other++;
      i += 4;
      continue;
    }
    if (t < 0x40 || t === 0x7f || t === 0xff) return false;
    if (t >= 0xa1 && ((b >= 0xb0 && b <= 0xf7) || (b >= 0xa1 && b <= 0xa9))) gb2312++;
    else other++;
    i += 2;
  }
  if (lineHigh && lineStart < n && isUtf8Row(bytes.subarray(lineStart, n))) return false;
  return gb2312 > 0 && other * 4 <= gb2312;
}
