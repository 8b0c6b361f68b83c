/**
 * Header and field names as a curator sees them: the same whether typed in full-width or half-width,
 * upper or lower case, with or without spaces, underscores or the unit in brackets.
 */

/** Full-width ASCII (U+FF01..U+FF5E) and the ideographic space to their half-width forms. */
export function toHalfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** A header split into its name and the unit written with it, if any. */
export interface HeaderUnit {
  readonly base: string;
  readonly unit: string | undefined;
}

const BRACKETED = /^(.*?)\s*[([]\s*([^()[\]]+?)\s*[)\]]\s*$/;

/**
 * Recognizes the unit written in a header: `YS (MPa)`, `温度（℃）`, `S [muV/K]`, `温度/℃`, `rho (ohm.cm)`.
 * A slash with spaces around it (` / `) joins a multi-row header and is not a unit separator.
 */
export function splitHeaderUnit(header: string): HeaderUnit {
  const text = toHalfWidth(header).trim();
  const bracketed = BRACKETED.exec(text);
  if (bracketed && bracketed[1] && bracketed[2]) return { base: bracketed[1].trim(), unit: bracketed[2].trim() };
  const slash = /^(.*[^\s/])\/([^\s/][^\s]*)$/.exec(text);
  if (slash && slash[1] && slash[2] && looksLikeUnit(slash[2])) return { base: slash[1].trim(), unit: slash[2] };
  return { base: text, unit: undefined };
}

/** Short, no letters of a CJK word, starts like a unit: `℃`, `MPa`, `h`, `wt.%`, `μV/K`. */
function looksLikeUnit(text: string): boolean {
  return text.length <= 12 && !/[\u4e00-\u9fff]/.test(text) && /^[A-Za-zμµΩ℃℉°%‰]/.test(text);
}

/** The comparison key of a name: half-width, lower case, unit removed, no spaces, `_`, `-` or `.`. */
export function normalizeName(name: string): string {
  const { base } = splitHeaderUnit(name);
  return base.toLowerCase().replace(/[\s_\-.·]+/g, '');
}
