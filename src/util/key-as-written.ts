/**
 * A row's key as the curator wrote it: a report key's JSON array of key texts joined with `, `, and
 * without the NUL suffix a duplicate or blank key's report key adds (`["GH4169"]\0duplicate@data.csv:12`).
 * Any other key (a record hash) is returned as it is.
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
