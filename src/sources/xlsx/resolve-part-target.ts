/**
 * A relationship `Target` as a zip entry name (OPC, ECMA-376 part 2, 9.3): a leading `/` is from the
 * package root (openpyxl writes that), else relative to the `source` part's folder; `%20` is a space.
 * @param source the part whose `_rels` file holds the relationship (`''` for the package itself).
 * @returns undefined for a target that climbs out of the package.
 */
export function resolvePartTarget(source: string, target: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.replace(/[?#].*$/, ''));
  } catch {
    decoded = target;
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1);
  const parts = [...base];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.length === 0 ? undefined : parts.join('/');
}

/** The relationships part of a part: `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`. */
export function relationshipsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}
