/**
 * A row's key as the curator wrote it, from the key the report files it under: the key columns' texts
 * joined with `, ` (`GH4169, 17`), where the report holds the JSON array of them (`["GH4169","17"]`),
 * and without the part from a NUL on, which a duplicate or blank-keyed row's report key adds to keep
 * its outcome apart from the first row's (`["GH4169"]\0duplicate@data.csv:12`). A key that is not such
 * an array (the record hash of a mapping without `key`) is returned as it is.
 */
export function keyAsWritten(reportKey: string): string {
  const cut = reportKey.indexOf('\u0000');
  const key = cut < 0 ? reportKey : reportKey.slice(0, cut);
  const texts = keyTexts(key);
  return texts === undefined ? key : texts.join(', ');
}

/** The texts of a key written as a JSON array of texts, else undefined. */
export function keyTexts(key: string): string[] | undefined {
  if (!key.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) && parsed.every((t) => typeof t === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** True when every key column of the row is empty (`[""]`, `["",""]`): the row has no identity. */
export function isBlankKey(key: string): boolean {
  return /^\[""(?:,"")*\]$/.test(key);
}
