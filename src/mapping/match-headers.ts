import type { Field } from '../template/template-types.js';
import { levenshtein } from './did-you-mean.js';
import { normalizeName, splitHeaderUnit, toHalfWidth } from './normalize-name.js';

/** How a header was matched to a field. */
export type MatchKind = 'exact' | 'normalised' | 'similar';

export interface HeaderMatch {
  readonly field: string;
  readonly header: string;
  readonly kind: MatchKind;
}

export interface HeaderMatching {
  readonly matches: readonly HeaderMatch[];
  /** Template fields (by name) with no header. */
  readonly unmatchedFields: readonly string[];
  /** Headers no field took. */
  readonly unmatchedHeaders: readonly string[];
}

/**
 * Pairs template fields with spreadsheet headers, each used once: exact names first, then names equal
 * once normalised (case, full-/half-width, spaces, the unit in `名称 (单位)`, `名称/单位` or `[unit]`,
 * a multi-row header's group title), then similar names (edit distance within a third of the length).
 */
export function matchHeaders(fields: readonly Pick<Field, 'name'>[], headerNames: readonly string[]): HeaderMatching {
  const freeFields = new Set(fields.map((f) => f.name));
  const freeHeaders = new Set(headerNames.filter((h) => h.trim() !== ''));
  const matches: HeaderMatch[] = [];
  const take = (field: string, header: string, kind: MatchKind): void => {
    matches.push({ field, header, kind });
    freeFields.delete(field);
    freeHeaders.delete(header);
  };
  const lastPart = (h: string): string => toHalfWidth(h).split(' / ').pop() ?? h;
  for (const f of [...freeFields]) if (freeHeaders.has(f)) take(f, f, 'exact');
  for (const f of [...freeFields]) {
    const key = normalizeName(f);
    const hit = [...freeHeaders].find((h) => normalizeName(h) === key || normalizeName(lastPart(h)) === key);
    if (hit !== undefined) take(f, hit, 'normalised');
  }
  for (const f of [...freeFields]) {
    const key = normalizeName(f);
    let best: { h: string; d: number } | undefined;
    for (const h of freeHeaders) {
      const norm = normalizeName(splitHeaderUnit(lastPart(h)).base);
      const d = levenshtein(norm, key);
      const allowed = Math.max(1, Math.floor(Math.max(Array.from(norm).length, Array.from(key).length) / 3));
      if (d <= allowed && (!best || d < best.d)) best = { h, d };
    }
    if (best) take(f, best.h, 'similar');
  }
  return { matches, unmatchedFields: [...freeFields], unmatchedHeaders: [...freeHeaders] };
}
