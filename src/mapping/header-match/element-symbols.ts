/** The chemical elements by symbol, with their Chinese names. */
const ELEMENTS = `H 氢 He 氦 Li 锂 Be 铍 B 硼 C 碳 N 氮 O 氧 F 氟 Ne 氖 Na 钠 Mg 镁 Al 铝 Si 硅 P 磷 S 硫 Cl 氯 Ar 氩 K 钾 Ca 钙
Sc 钪 Ti 钛 V 钒 Cr 铬 Mn 锰 Fe 铁 Co 钴 Ni 镍 Cu 铜 Zn 锌 Ga 镓 Ge 锗 As 砷 Se 硒 Br 溴 Kr 氪 Rb 铷 Sr 锶 Y 钇 Zr 锆
Nb 铌 Mo 钼 Tc 锝 Ru 钌 Rh 铑 Pd 钯 Ag 银 Cd 镉 In 铟 Sn 锡 Sb 锑 Te 碲 I 碘 Xe 氙 Cs 铯 Ba 钡 La 镧 Ce 铈 Pr 镨
Nd 钕 Pm 钷 Sm 钐 Eu 铕 Gd 钆 Tb 铽 Dy 镝 Ho 钬 Er 铒 Tm 铥 Yb 镱 Lu 镥 Hf 铪 Ta 钽 W 钨 Re 铼 Os 锇 Ir 铱 Pt 铂
Au 金 Hg 汞 Tl 铊 Pb 铅 Bi 铋 Po 钋 At 砹 Rn 氡 Fr 钫 Ra 镭 Ac 锕 Th 钍 Pa 镤 U 铀 Np 镎 Pu 钚`;

/** English names of the elements a composition table most often lists, by symbol (both spellings of aluminium and sulfur). */
const NAMES = `H hydrogen He helium Li lithium Be beryllium B boron C carbon N nitrogen O oxygen F fluorine Na sodium Mg magnesium
Al aluminium Al aluminum Si silicon P phosphorus S sulfur S sulphur Cl chlorine K potassium Ca calcium Sc scandium Ti titanium
V vanadium Cr chromium Mn manganese Fe iron Co cobalt Ni nickel Cu copper Zn zinc Ga gallium Ge germanium As arsenic Se selenium
Sr strontium Y yttrium Zr zirconium Nb niobium Mo molybdenum Ru ruthenium Rh rhodium Pd palladium Ag silver Cd cadmium In indium
Sn tin Sb antimony Te tellurium Ba barium La lanthanum Ce cerium Nd neodymium Gd gadolinium Hf hafnium Ta tantalum W tungsten
Re rhenium Ir iridium Pt platinum Au gold Pb lead Bi bismuth`;

const BY_KEY = new Map<string, string>();
{
  const parts = ELEMENTS.split(/\s+/);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    BY_KEY.set(parts[i]!.toLowerCase(), parts[i]!);
    BY_KEY.set(parts[i + 1]!, parts[i]!);
  }
  const names = NAMES.split(/\s+/);
  for (let i = 0; i + 1 < names.length; i += 2) BY_KEY.set(names[i + 1]!, names[i]!);
}

/** Words around an element that say "its amount": `C content`, `w(C)`, `碳含量`, `Mn (wt.%)`, `oxygen content`. */
const AMOUNT = new RegExp(
  `^(?:w|x|c|wt|at|mass|weight|atomic|mol)?\\s*[([]?\\s*([A-Za-z]{1,2}|${NAMES.split(/\s+/)
    .filter((_w, i) => i % 2 === 1)
    .join('|')}|[\\u3400-\\u9fff])\\s*[)\\]]?\\s*(?:content|concentration|fraction|amount|wt|at|含量|质量分数|原子分数)?$`,
  'i',
);

/** The element symbol a column name stands for (`c`, `Mn content`, `碳`, `w(Si)`, `Oxygen content`), correctly capitalized, or undefined. */
export function elementOf(name: string): string | undefined {
  const text = name.normalize('NFKC').trim();
  const direct = BY_KEY.get(text.toLowerCase()) ?? BY_KEY.get(text);
  if (direct !== undefined) return direct;
  const m = AMOUNT.exec(text.replace(/[_-]+/g, ' '));
  if (m?.[1] === undefined) return undefined;
  return BY_KEY.get(m[1].toLowerCase()) ?? BY_KEY.get(m[1]);
}
