import type { SourceOptions } from '../../sources/source-options.js';
import type { SpecNode } from './spec-node.js';
import { unknownKeys, type Report } from './unknown-keys.js';

const INPUT_KEYS = ['sheet', 'headerRow', 'headerRows', 'dataStartRow', 'skipRows', 'encoding', 'delimiter'];
const ENCODINGS = ['auto', 'utf8', 'utf16le', 'gb18030'] as const;
const DELIMITERS = ['auto', ',', '\t', ';', '|'] as const;

/** The mapping's `input:` (reader settings), each bad value reported at its node. */
export function readInput(node: SpecNode | undefined, report: Report): SourceOptions {
  if (!node) return {};
  if (node.kind !== 'map') {
    report('MAPPING_SHAPE_MISMATCH', '`input` must be a mapping of reader settings', node, 'input');
    return {};
  }
  unknownKeys(node, INPUT_KEYS, 'input', report);
  const out: { -readonly [K in keyof SourceOptions]: SourceOptions[K] } = {};
  const positive = (name: 'headerRow' | 'headerRows' | 'dataStartRow'): void => {
    const v = node.entries.get(name);
    if (!v) return;
    if (v.kind === 'scalar' && typeof v.value === 'number' && Number.isInteger(v.value) && v.value >= 1) out[name] = v.value;
    else report('MAPPING_BAD_INPUT', `\`input.${name}\` must be a whole number ≥ 1`, v, `input.${name}`);
  };
  positive('headerRow');
  positive('headerRows');
  positive('dataStartRow');
  const start = node.entries.get('dataStartRow');
  if (start && out.dataStartRow !== undefined && out.dataStartRow <= (out.headerRow ?? 1)) {
    report(
      'MAPPING_BAD_INPUT',
      `\`input.dataStartRow\` (${out.dataStartRow}) must come after the header row (${out.headerRow ?? 1})`,
      start,
      'input.dataStartRow',
    );
  }
  const sheet = node.entries.get('sheet');
  if (sheet) {
    if (sheet.kind === 'scalar' && typeof sheet.value === 'number' && Number.isInteger(sheet.value) && sheet.value >= 1)
      out.sheet = sheet.value;
    else if (sheet.kind === 'scalar' && typeof sheet.value === 'string' && sheet.value !== '') out.sheet = sheet.value;
    else report('MAPPING_BAD_INPUT', '`input.sheet` must be a sheet name or a 1-based index', sheet, 'input.sheet');
  }
  const skip = node.entries.get('skipRows');
  if (skip) {
    const items = skip.kind === 'seq' ? skip.items : [skip];
    const rows = items.map((i) =>
      i.kind === 'scalar' && typeof i.value === 'number' && Number.isInteger(i.value) && i.value >= 1 ? i.value : Number.NaN,
    );
    if (rows.every((r) => !Number.isNaN(r))) out.skipRows = rows;
    else report('MAPPING_BAD_INPUT', '`input.skipRows` must list whole row numbers ≥ 1', skip, 'input.skipRows');
  }
  const encoding = node.entries.get('encoding');
  if (encoding) {
    const v =
      encoding.kind === 'scalar'
        ? String(encoding.value)
            .toLowerCase()
            .replace(/^utf-8$/, 'utf8')
            .replace(/^gbk$/, 'gb18030')
        : '';
    const found = ENCODINGS.find((e) => e === v);
    if (found) out.encoding = found;
    else report('MAPPING_BAD_INPUT', `\`input.encoding\` must be one of ${ENCODINGS.join(', ')}`, encoding, 'input.encoding');
  }
  const delimiter = node.entries.get('delimiter');
  if (delimiter) {
    const v = delimiter.kind === 'scalar' ? String(delimiter.value).replace(/^tab$/i, '\t') : '';
    const found = DELIMITERS.find((d) => d === v);
    if (found) out.delimiter = found;
    else report('MAPPING_BAD_INPUT', '`input.delimiter` must be auto, ",", tab, ";" or "|"', delimiter, 'input.delimiter');
  }
  return out;
}
