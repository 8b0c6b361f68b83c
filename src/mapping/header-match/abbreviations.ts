/**
 * Materials-science symbols and abbreviations with what each may stand for (glossary names; `ρ`
 * density or resistivity, the unit decides). One-letter keys are case-sensitive (`T`, `t`), longer ones
 * not; a multi-word key matches however the header separates it. General vocabulary, from no one file.
 */
const LINES = `
YS; σy; sigma y; Rp0.2; Rp02; Rp 0.2; σ0.2 = yield strength
UTS; TS; Rm; σb; σuts; sigma uts = tensile strength
EL; elong = elongation
RA = reduction of area
HV = vickers hardness
HB; HBW = brinell hardness
HRC; HRB; HR = rockwell hardness
E; YM = young modulus
G = shear modulus
K; B = bulk modulus
ν; nu; PR = poisson ratio
KIC; K1C; KQ = fracture toughness
CVN; KV; Akv; KU = impact energy
Tg = glass transition temperature
Tx = crystallization temperature
Tl; TL; Tliq = liquidus temperature
Tsol = solidus temperature
Tm = melting point
Tc = curie temperature; critical temperature
TN = neel temperature
T; temp; tem = temperature
t = time
P = pressure
ρ; rho = density; electrical resistivity
σ; sigma = electrical conductivity; stress
κ; kappa; k; λ; lambda = thermal conductivity
κL; kappa l; kl = lattice thermal conductivity
α; alpha; CTE = thermal expansion coefficient
Cp; Cv = specific heat
S = seebeck coefficient
PF = power factor
ZT = figure of merit
n = carrier concentration
μ; mu = carrier mobility
Eg; E g; gap = band gap
Ef; Eform; e form; delta h; δh; dHf; delta hf; δhf; hform = formation energy
Ehull; e hull; e above hull; e abovehull = energy above hull
Etot; e tot; e total = total energy
Ec; Ecoh = cohesive energy
μB; mu b; mub; magmom; mag mom = magnetic moment
Ms = saturation magnetization
Hc = coercivity
Br; Mr = remanence
εr; eps; epsilon = dielectric constant
d33 = piezoelectric coefficient
V = volume
vpa; v pa; vol per atom = volume per atom
SG; spg; spacegroup = space group
GS = grain size
GFA = glass forming ability
Rc = critical cooling rate
Dmax; Dc = critical diameter
FWHM = full width at half maximum
BET = specific surface area
SPS = spark plasma sintering
HIP = hot isostatic pressing
CVD = chemical vapor deposition
PVD = physical vapor deposition
PLD = pulsed laser deposition
AM = additive manufacturing
exp; expt; exptl; meas; obs = experimental
calc; cal; calcd; theo; theor; pred; sim; dft; pbe; gga; lda; hse; hse06; scan = calculated
conc = concentration
comp; compo = composition
avg; ave = average
std; sd; stdev; err; unc; plusminus = error
min; lo = minimum
max; hi = maximum
val = value
no; num; nr; idx = identifier
ref; refs; src = reference
desc = description
`;

/** What each abbreviation may stand for, by its key (lower case unless one letter). */
export const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = parseAbbreviations(LINES);

function parseAbbreviations(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [keys = '', meanings = ''] = line.split(' = ');
    const expansions = meanings
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    for (const raw of keys.split(';')) {
      const key = abbreviationKey(raw.trim());
      if (key !== '') out.set(key, [...(out.get(key) ?? []), ...expansions]);
    }
  }
  return out;
}

/** The key an abbreviation is stored and looked up under: words joined by one space, lower case unless one letter. */
export function abbreviationKey(text: string): string {
  const words = text.replace(/[_\s]+/g, ' ').trim();
  return Array.from(words).length === 1 ? words : words.toLowerCase();
}
