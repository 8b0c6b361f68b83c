import { latexToText } from '../../../src/util/latex-to-text.js';
import { nameReadings } from '../../../src/mapping/header-match/name-readings.js';
import { splitHeader } from '../../../src/mapping/header-match/split-header.js';

describe('splitHeader', () => {
  test.each([
    ['SAMPLE: Exp. porosity (vol.%)', { context: ['SAMPLE'], name: 'Exp. porosity', unit: 'vol.%' }],
    ['Anneal temperature ($^\\circ$C)', { context: [], name: 'Anneal temperature', unit: '°C' }],
    ['TS (MPa)', { context: [], name: 'TS', unit: 'MPa' }],
    ['particle size ($\\mu$m)', { context: [], name: 'particle size', unit: 'μm' }],
    ['density (g/cm$^3$)', { context: [], name: 'density', unit: 'g/cm^3' }],
    ['抗拉强度/MPa', { context: [], name: '抗拉强度', unit: 'MPa' }],
    ['温度（℃）', { context: [], name: '温度', unit: '°C' }],
    ['硬度HV', { context: [], name: '硬度', unit: 'HV' }],
    ['S [muV/K]', { context: [], name: 'S', unit: 'muV/K' }],
    ['Temperature, K', { context: [], name: 'Temperature', unit: 'K' }],
    ['Formation energy (eV/atom)', { context: [], name: 'Formation energy', unit: 'eV/atom' }],
    ['力学性能 / 屈服强度 (MPa)', { context: ['力学性能'], name: '屈服强度', unit: 'MPa' }],
    ['band gap (PBE)', { context: [], name: 'band gap PBE', unit: undefined }],
    ['band gap pbe', { context: [], name: 'band gap pbe', unit: undefined }],
    ['phase (AM/CR)', { context: [], name: 'phase AM/CR', unit: undefined }],
    ['e_above_hull', { context: [], name: 'e_above_hull', unit: undefined }],
    ['加载速率 mm/min', { context: [], name: '加载速率', unit: 'mm/min' }],
    ['硬度 HV', { context: [], name: '硬度', unit: 'HV' }],
    ['density g/cm^3', { context: [], name: 'density', unit: 'g/cm^3' }],
    ['atom a', { context: [], name: 'atom a', unit: undefined }],
    ['temp_k', { context: [], name: 'temp', unit: 'K' }],
    ['ys_mpa', { context: [], name: 'ys', unit: 'MPa' }],
    ['elong_pct', { context: [], name: 'elong', unit: '%' }],
    ['wt_c', { context: [], name: 'wt_c', unit: undefined }],
    ['e_form', { context: [], name: 'e_form', unit: undefined }],
    ['mu_b', { context: [], name: 'mu_b', unit: undefined }],
  ])('%s', (header, parts) => {
    expect(splitHeader(header)).toEqual(parts);
  });

  test('LaTeX markup is read as the text it prints', () => {
    expect(latexToText('$\\sigma_{y}$ (MPa)')).toBe('σ_y (MPa)');
    expect(latexToText('cm$^{-3}$')).toBe('cm^-3');
    expect(latexToText('T$_\\mathrm{g}$')).toBe('T_g');
    expect(latexToText('plain (K)')).toBe('plain (K)');
  });
});

describe('nameReadings', () => {
  const read = (name: string): string[] => nameReadings(name).map((r) => r.tokens.join(' '));
  test('abbreviations, symbols and their several words meet the glossary names they stand for', () => {
    expect(read('UTS')).toEqual(read('ultimate tensile strength'));
    expect(read('TS')).toEqual(read('tensile strength'));
    expect(read('YS')).toEqual(read('yield strength'));
    expect(read('e_above_hull')).toEqual(read('energy above hull'));
    expect(read('e_form')).toEqual(read('formation energy'));
    expect(read('T_g')).toEqual(read('glass transition temperature'));
    expect(read('μ_B')).toEqual(read('magnetic moment'));
  });

  test('Chinese and English names of one concept read the same', () => {
    expect(read('屈服强度')).toEqual(read('yield strength'));
    expect(read('抗拉强度')).toEqual(read('tensile strength'));
    expect(read('硬度')).toEqual(read('hardness'));
    expect(read('密度')).toEqual(read('density'));
    expect(read('退火温度')).toEqual(read('annealing temperature'));
    expect(read('实测')).toEqual(read('measured'));
  });

  test('a symbol with several meanings gives a reading for each; one-letter symbols are weaker clues', () => {
    expect(read('rho')).toEqual([...read('density'), ...read('resistivity')]);
    expect(nameReadings('T')[0]).toMatchObject({ tokens: read('temperature')[0]!.split(' '), confidence: 0.85 });
    expect(read('t')).toEqual(read('time'));
  });

  test('Chinese characters no term covers stay words of their own', () => {
    expect(read('炉批编号')).toEqual([['炉', '批', ...read('编号')[0]!.split(' ')].join(' ')]);
  });
});
