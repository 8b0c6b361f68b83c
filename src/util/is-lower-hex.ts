/**
 * True when `text` is `length` lowercase hex digits. A loop rather than a regular expression: the
 * ledger checks a hash on every line it folds, and the expression cost a tenth of a million-row fold.
 */
export function isLowerHex(text: string, length: number): boolean {
  if (text.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}
