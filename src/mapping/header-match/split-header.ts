import { isUnitText, superscriptsToPowers, cleanUnit } from './header-unit.js';
import { latexToText } from '../../util/latex-to-text.js';

/** A header taken apart: what it belongs to, its own name and its unit. */
export interface HeaderParts {
  /** A group title above it (`力学性能 / 屈服强度`) or a category prefix (`SAMPLE: porosity`): describes the column loosely. */
  readonly context: readonly string[];
  /** The column's own name, without its unit or prefix. */
  readonly name: string;
  /** The unit written with it, plain (`$\mu$m` → `μm`), when it is one. */
  readonly unit: string | undefined;
}

const CJK = '\\u3400-\\u9fff';

/**
 * Takes a header apart: LaTeX made plain, NFKC, group titles and a `GROUP:` prefix set aside as
 * context, and the unit found in brackets, after `/`, a comma or `in`, glued to Chinese (`温度℃`) or
 * where it cannot be a word (`硬度 HV`); bracketed non-units (`(PBE)`) stay in the name.
 */
export function splitHeader(header: string): HeaderParts {
  const text = superscriptsToPowers(latexToText(header)).normalize('NFKC').replace(/\s+/g, ' ').trim();
  const parts = text.split(/\s+\/\s+/);
  let name = parts.pop() ?? '';
  const context = parts;
  const prefix = /^([^:]{1,40}?)\s*:\s+(.+)$/.exec(name);
  if (prefix?.[1] !== undefined && prefix[2] !== undefined && prefix[1].split(' ').length <= 3) {
    context.push(prefix[1]);
    name = prefix[2];
  }
  const found = findUnit(name);
  if (found.unit === undefined) {
    const snake = snakeUnit(name);
    if (snake !== undefined) return { context, ...snake };
  }
  return { context, name: found.name, unit: found.unit === undefined ? undefined : cleanUnit(found.unit) };
}

/** Units spelled as the last part of a snake_case name (`temp_k`, `ys_mpa`, `gap_ev`, `elong_pct`). */
const SNAKE_UNITS: ReadonlyMap<string, string> = new Map([
  ['k', 'K'],
  ['c', '°C'],
  ['degc', '°C'],
  ['mpa', 'MPa'],
  ['gpa', 'GPa'],
  ['kpa', 'kPa'],
  ['ksi', 'ksi'],
  ['ev', 'eV'],
  ['mev', 'meV'],
  ['nm', 'nm'],
  ['um', 'μm'],
  ['mm', 'mm'],
  ['pct', '%'],
  ['ppm', 'ppm'],
]);
/** Leading words after which a last part names an element, not a unit (`wt_c` is the carbon content). */
const AMOUNT_WORDS = /^(?:wt|at|mass|mol|vol|x|w)$/;

/** The unit a snake_case name ends in, with the name before it; undefined when its last part is no unit. */
function snakeUnit(name: string): { name: string; unit: string } | undefined {
  const m = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)*)_([a-z]+)$/.exec(name);
  const unit = m?.[2] === undefined ? undefined : SNAKE_UNITS.get(m[2]);
  if (unit === undefined || m?.[1] === undefined || m[1].length < 2 || AMOUNT_WORDS.test(m[1])) return undefined;
  return { name: m[1], unit };
}

const UNIT_FORMS: readonly RegExp[] = [
  /^(.*?)\s*\[([^[\]]+)\]\s*$/,
  /^(.*?)\s*\(([^()]+)\)\s*$/,
  /^(.*\S),\s*(\S+)$/,
  new RegExp(`^(.*[${CJK}])\\s*([^${CJK}\\s]+)$`),
  /^(.*\S)\s+in\s+(\S+)$/,
  // After a space only when that cannot be a word of the name: after Chinese (`硬度 HV`), or with a
  // sign no word has (`加载速率 mm/min`, `T °C`).
  new RegExp(`^(.*[${CJK}])\\s+(\\S+)$`),
  /^(.*\S)\s+(\S*[/%°^·μΩ℃]\S*)$/,
  /^(.*[^\s/])\/([^\s/][^\s]*)$/,
];

function findUnit(name: string): { name: string; unit: string | undefined } {
  let rest = name;
  const kept: string[] = [];
  // A bracket that holds no unit is part of the name: look for the unit before it too.
  for (let guard = 0; guard < 3; guard++) {
    let matched = false;
    for (const form of UNIT_FORMS) {
      const m = form.exec(rest);
      if (m?.[1] === undefined || m[2] === undefined || m[1].trim() === '') continue;
      if (isUnitText(m[2])) return { name: [m[1].trim(), ...kept].join(' '), unit: m[2] };
      if (form === UNIT_FORMS[0] || form === UNIT_FORMS[1]) {
        kept.unshift(m[2]);
        rest = m[1].trim();
        matched = true;
        break;
      }
    }
    if (!matched) break;
  }
  return { name: [rest, ...kept].join(' '), unit: undefined };
}
