/** LaTeX commands seen in table headers, as the characters they print. */
const SYMBOLS: Readonly<Record<string, string>> = {
  mu: 'μ',
  micro: 'μ',
  Omega: 'Ω',
  ohm: 'Ω',
  circ: '°',
  degree: '°',
  deg: '°',
  AA: 'Å',
  angstrom: 'Å',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  Delta: 'Δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  eta: 'η',
  theta: 'θ',
  kappa: 'κ',
  lambda: 'λ',
  nu: 'ν',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  chi: 'χ',
  omega: 'ω',
  pm: '±',
  times: '×',
  cdot: '·',
  '%': '%',
};

/**
 * Plain text for the LaTeX markup of a header: `$\mu$m` → `μm`, `$^\circ$C` → `°C`, `cm$^{-3}$` →
 * `cm^-3`, `T$_\mathrm{g}$` → `T_g`. Text without `$` or `\` is returned as it is.
 */
export function latexToText(text: string): string {
  if (!/[$\\]/.test(text)) return text;
  let t = text.replace(/\\(?:mathrm|text|textrm|mathit|mathbf|rm|it|bf|operatorname)\s*\{([^{}]*)\}/g, '$1');
  t = t.replace(/\^\s*\{?\s*\\circ\s*\}?/g, '°');
  t = t.replace(/\\([A-Za-z]+|%)\s*/g, (_m, name: string) => SYMBOLS[name] ?? name);
  t = t.replace(/([\^_])\{([^{}]*)\}/g, '$1$2');
  return t.replace(/[${}]/g, '');
}
