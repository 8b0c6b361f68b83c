import { createRequire } from 'node:module';
import path from 'node:path';
import type { FactoryFunctionMap, MathJsInstance } from 'mathjs';
import { latexToText } from '../../util/latex-to-text.js';

/** A linear conversion `value * factor + offset` from a column's unit to the template's. */
export interface UnitConversion {
  readonly factor: number;
  readonly offset: number;
}

let instance: UnitsInstance | undefined;
let slim = false;

/** The part of mathjs the conversions use. */
type UnitsInstance = Pick<MathJsInstance, 'unit' | 'createUnit'>;

/**
 * A private mathjs instance (`createUnit` must not change a global) made on the first real conversion
 * from only the `unit`/`createUnit` factories: ~0.6 s against ~1.8 CPU-s and 30 MB for all of mathjs
 * (15.2). They are required by file path beside its entry (its `exports` hide them), else the bundle.
 */
function units(): UnitsInstance {
  if (instance === undefined) {
    const lean = slimUnits();
    slim = lean !== undefined;
    instance = lean ?? fullUnits();
    instance.createUnit('ksi', '1000 psi');
  }
  return instance;
}

function slimUnits(): UnitsInstance | undefined {
  const require = createRequire(import.meta.url);
  try {
    // <mathjs>/lib/cjs/index.js → <mathjs>/lib/cjs/{core/create.js, entry/dependenciesAny/…}
    const lib = path.dirname(require.resolve('mathjs'));
    const { create } = require(path.join(lib, 'core', 'create.js')) as typeof import('mathjs');
    const deps = (name: string): FactoryFunctionMap =>
      require(path.join(lib, 'entry', 'dependenciesAny', `dependencies${name}.generated.js`)) as FactoryFunctionMap;
    return create({ ...deps('UnitFunction'), ...deps('CreateUnit') });
  } catch {
    return undefined;
  }
}

function fullUnits(): UnitsInstance {
  const mathjs = createRequire(import.meta.url)('mathjs') as typeof import('mathjs');
  return mathjs.create(mathjs.all as NonNullable<typeof mathjs.all>);
}

/** Whether the conversions run on the slim instance (for the test that keeps the file paths honest). */
export function unitsLoadedSlim(): boolean {
  units();
  return slim;
}

/** Units that only convert to themselves: fractions and counts whose meaning the units library cannot know. */
const DIMENSIONLESS = new Set(['%', 'wt%', 'at%', 'vol%', 'mol%', 'ppm', 'a.u.', 'au', '1', '‰']);

/**
 * Materials notations → mathjs unit text. LaTeX markup is read first (`$\\mu$m` → `μm`,
 * `$^\\circ$C` → `°C`); `℃` and `°C` → `degC`; `Ω` → `ohm`; `μ`/`µ`/`mu` → `u`;
 * `ohm.cm` and `Ω·cm` → `ohm*cm`; `W/mK` → `W/(m*K)`; `°` alone → `deg`.
 */
export function toMathUnit(unit: string): string {
  let u = latexToText(unit).trim().replace(/\s+/g, '');
  u = u.replace(/℃|°C/g, 'degC').replace(/℉|°F/g, 'degF').replace(/^°$/, 'deg');
  u = u
    .replace(/Ω/g, 'ohm')
    .replace(/[μµ]/g, 'u')
    .replace(/(^|[^a-z])mu(?=[A-Za-z])/g, '$1u');
  u = u.replace(/Å/g, 'angstrom');
  u = u.replace(/([A-Za-z])[.·⋅]([A-Za-z])/g, '$1*$2');
  u = u.replace(/^W\/mK(\^?2)?$/, (_m, sq: string | undefined) => (sq ? 'W/(m*K^2)' : 'W/(m*K)'));
  // Materials notation puts everything after the one slash below it: W/m·K is W/(m·K), J/kg·K is J/(kg·K).
  const slash = /^([^/()]+)\/([^/()]+\*[^/()]+)$/.exec(u);
  if (slash) u = `${slash[1]}/(${slash[2]})`;
  return u;
}

/** True when the text is a unit the conversions know: a fraction or count (`wt.%`, `ppm`) or a unit mathjs reads. */
export function isKnownUnit(unit: string): boolean {
  if (unit.trim() === '') return false;
  if (dimensionless(unit) !== undefined) return true;
  try {
    units().unit(1, toMathUnit(unit));
    return true;
  } catch {
    return false;
  }
}

/** The dimensionless spelling of a unit (`wt.%` → `wt%`), or undefined for a physical unit. */
function dimensionless(unit: string): string | undefined {
  const u = latexToText(unit)
    .trim()
    .replace(/\s+/g, '')
    .replace(/^(wt|at|vol|mol)\.?%$/i, (_m, k: string) => `${k.toLowerCase()}%`);
  return DIMENSIONLESS.has(u) ? u : undefined;
}

/** True for a percent unit (`%`, `wt.%`, `at%`, `vol.%`, `mol%`): a number shown as 7.5% is meant as 7.5. */
export function isPercentUnit(unit: string | undefined): boolean {
  return unit !== undefined && (dimensionless(unit)?.endsWith('%') ?? false);
}

/**
 * The conversion from `from` to `to`, computed once per column (never per row). Identity when the
 * units are the same or either is unknown to the mapping. Undefined when the units cannot convert
 * (different dimensions, a dimensionless unit against another, a unit mathjs does not know).
 */
export function unitConversion(from: string | undefined, to: string | undefined): UnitConversion | undefined {
  if (from === undefined || to === undefined || from.trim() === to.trim()) return { factor: 1, offset: 0 };
  const a = dimensionless(from);
  const b = dimensionless(to);
  if (a !== undefined || b !== undefined) return a === b ? { factor: 1, offset: 0 } : undefined;
  try {
    const mf = toMathUnit(from);
    const mt = toMathUnit(to);
    if (mf === mt) return { factor: 1, offset: 0 };
    const math = units();
    const offset = math.unit(0, mf).toNumber(mt);
    const factor = math.unit(1, mf).toNumber(mt) - offset;
    return Number.isFinite(factor) && Number.isFinite(offset) ? { factor, offset } : undefined;
  } catch {
    return undefined;
  }
}

/** The number a percent-formatted cell shows (0.075 shown as 7.5%), without binary noise. */
export function shownPercent(value: number): number {
  return Number((value * 100).toPrecision(15));
}

/** Powers of ten that doubles hold exactly. */
const EXACT_POWERS = Array.from({ length: 23 }, (_v, i) => Number(`1e${i}`));

/**
 * `Number(v.toPrecision(12))`, five times faster (it was a tenth of the mapping stage): scaled by a power
 * of ten the 12 digits round exactly, except near a half, out of range or tiny/huge, which take
 * `toPrecision`. The same double in every case.
 */
export function roundTo12(v: number): number {
  const a = v < 0 ? -v : v;
  if (a >= 1e-10 && a < 1e11) {
    const scale = EXACT_POWERS[11 - Math.floor(Math.log10(a))]!;
    const scaled = a * scale;
    const whole = Math.floor(scaled);
    const frac = scaled - whole;
    if (scaled >= 1e11 && scaled < 1e12 && (frac < 0.499 || frac > 0.501)) {
      const r = (frac > 0.5 ? whole + 1 : whole) / scale;
      return v < 0 ? -r : r;
    }
  }
  return Number(v.toPrecision(12));
}

/** Applies a conversion, rounding away binary noise (`0.1 * 3` style) to 12 significant digits. */
export function convertValue(value: number, conv: UnitConversion): number {
  if (conv.factor === 1 && conv.offset === 0) return value;
  const v = value * conv.factor + conv.offset;
  return v === 0 ? 0 : roundTo12(v);
}
