import type { JsonValue } from '../../template/record-types.js';
import { scalarText, type SpecMap, type SpecNode, type SpecPos } from '../load/spec-node.js';

/** Where one value comes from. */
export type ValueSource =
  | { readonly kind: 'column'; readonly name: string; readonly pos: SpecPos }
  | { readonly kind: 'const'; readonly value: JsonValue }
  /** A text template; an `optional` placeholder (`{b?}`) may be empty, the rest of the text is kept. */
  | { readonly kind: 'template'; readonly parts: readonly (string | TemplatePlaceholder)[] };

/** One `{column}` of a text template. */
export interface TemplatePlaceholder {
  readonly name: string;
  readonly pos: SpecPos;
  /** Written `{name?}`: an empty cell leaves the placeholder out instead of the whole text. */
  readonly optional: boolean;
}

/** One value spec (`{column: 温度, unit: K, default: 25}`), parsed. */
export interface ValuePlan extends SpecPos {
  readonly source: ValueSource;
  /** Used when the cell is empty. */
  readonly default: JsonValue | undefined;
  /** Trim surrounding whitespace of text. @default true */
  readonly trim: boolean;
  /** The first capture group (or the whole match) of this pattern is the value. */
  readonly regex: RegExp | undefined;
  /** Value map (`map: {退火: 固溶}`): unmatched values pass through. */
  readonly map: ReadonlyMap<string, JsonValue> | undefined;
  /** Lookup table: an unmatched value is a row problem `LOOKUP_MISS`. */
  readonly lookup: ReadonlyMap<string, JsonValue> | undefined;
  /** Split a cell into several values on this delimiter (text) or pattern. */
  readonly split: RegExp | undefined;
  /** The column's unit, overriding a unit written in its header. */
  readonly unit: string | undefined;
  /** Number decimal separator for this value. */
  readonly decimal: '.' | ',' | undefined;
  /** Read as a date and write in `to` format. */
  readonly date: { readonly to: string; readonly from: string | undefined } | undefined;
  /** A value±error range from one cell may hold the value alone (`1035`), sent as `{val}`. @default false */
  readonly errOptional: boolean;
}

/** Keys a value spec may have. */
export const VALUE_KEYS = [
  'column',
  'const',
  'template',
  'default',
  'trim',
  'regex',
  'map',
  'lookup',
  'split',
  'unit',
  'decimal',
  'date',
  'errOptional',
];

type Report = (code: string, message: string, node: SpecPos, suggestions?: string[]) => void;

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** Node → plain JSON (for constants and defaults). Map keys stay data: the object has no prototype. */
export function nodeToJson(node: SpecNode): JsonValue {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(nodeToJson);
  const out = Object.create(null) as Record<string, JsonValue>;
  for (const [k, v] of node.entries)
    Object.defineProperty(out, k, { value: nodeToJson(v), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * A text template `"{牌号} at {温度} ℃"` split into literal text and column names; `{{` escapes a
 * brace. A name ending in `?` (`{温度?}`) is an optional placeholder of the column without the `?`.
 */
export function parseTemplateText(text: string, pos: SpecPos): ValueSource {
  const parts: (string | TemplatePlaceholder)[] = [];
  let last = 0;
  const src = text.replace(/\{\{/g, '\u0000').replace(/\}\}/g, '\u0001');
  for (const m of src.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push(restore(src.slice(last, m.index)));
    const name = restore(m[1] ?? '').trim();
    const optional = name.length > 1 && name.endsWith('?');
    parts.push({ name: optional ? name.slice(0, -1).trimEnd() : name, pos, optional });
    last = m.index + m[0].length;
  }
  if (last < src.length) parts.push(restore(src.slice(last)));
  return { kind: 'template', parts };
}

function restore(s: string): string {
  // eslint-disable-next-line no-control-regex -- \u0000 and \u0001 stand in for escaped braces
  return s.replace(/\u0000/g, '{').replace(/\u0001/g, '}');
}

/** True when a text contains a `{column}` placeholder. */
export function hasPlaceholder(text: string): boolean {
  return /\{[^{}]+\}/.test(text.replace(/\{\{|\}\}/g, ''));
}

/**
 * Parses a value spec. A bare scalar is, in `content`, a column name (a text with `{…}` is a
 * template; numbers and booleans are constants); in `meta` (`textByDefault`), literal text.
 */
export function parseValuePlan(node: SpecNode, textByDefault: boolean, report: Report): ValuePlan | undefined {
  const base = {
    default: undefined,
    trim: true,
    regex: undefined,
    map: undefined,
    lookup: undefined,
    split: undefined,
    unit: undefined,
    decimal: undefined,
    date: undefined,
    errOptional: false,
    line: node.line,
    col: node.col,
  };
  if (node.kind === 'scalar') {
    if (node.value === null) return undefined;
    if (typeof node.value !== 'string') return { ...base, source: { kind: 'const', value: node.value } };
    const text = node.value;
    if (hasPlaceholder(text)) return { ...base, source: parseTemplateText(text, node) };
    return { ...base, source: textByDefault ? { kind: 'const', value: text } : { kind: 'column', name: text, pos: node } };
  }
  if (node.kind === 'seq') {
    report('MAPPING_SHAPE_MISMATCH', 'a single value cannot come from a list here', node);
    return undefined;
  }
  return parseValueMap(node, report, base);
}

function parseValueMap(node: SpecMap, report: Report, base: Omit<ValuePlan, 'source'>): ValuePlan | undefined {
  const e = node.entries;
  const sources = ['column', 'const', 'template'].filter((k) => e.has(k));
  if (sources.length !== 1) {
    report(
      'MAPPING_SHAPE_MISMATCH',
      sources.length === 0
        ? 'a value needs one of `column`, `const` or `template`'
        : `a value takes only one of ${sources.map((s) => `\`${s}\``).join(', ')}`,
      node,
    );
    return undefined;
  }
  const which = sources[0];
  const srcNode = e.get(which ?? '')!;
  let source: ValueSource;
  if (which === 'const') source = { kind: 'const', value: nodeToJson(srcNode) };
  else if (srcNode.kind !== 'scalar' || srcNode.value === null) {
    report('MAPPING_SHAPE_MISMATCH', `\`${which}\` must be text`, srcNode);
    return undefined;
  } else if (which === 'column') source = { kind: 'column', name: scalarText(srcNode), pos: srcNode };
  else source = parseTemplateText(scalarText(srcNode), srcNode);

  const text = (key: string): string | undefined => {
    const n = e.get(key);
    if (!n) return undefined;
    if (n.kind === 'scalar' && n.value !== null) return scalarText(n);
    report('MAPPING_SHAPE_MISMATCH', `\`${key}\` must be text`, n);
    return undefined;
  };
  const table = (key: string): Map<string, JsonValue> | undefined => {
    const n = e.get(key);
    if (!n) return undefined;
    if (n.kind !== 'map') {
      report('MAPPING_SHAPE_MISMATCH', `\`${key}\` must be a mapping of "found: meant" pairs`, n);
      return undefined;
    }
    const m = new Map<string, JsonValue>();
    for (const [k, v] of n.entries) m.set(k, nodeToJson(v));
    return m;
  };
  let regex: RegExp | undefined;
  const pattern = text('regex');
  if (pattern !== undefined) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      report('MAPPING_BAD_REGEX', `\`regex\` is not a valid regular expression: ${pattern}`, e.get('regex')!);
    }
  }
  let splitText = text('split');
  // An empty split matches between every character: `690` would become [6, 9, 0] and pass.
  if (splitText !== undefined && splitText.trim() === '') {
    report(
      'MAPPING_BAD_OPTION',
      '`split` must name a separator such as ";" (an empty or blank split would cut every character apart)',
      e.get('split')!,
    );
    splitText = undefined;
  }
  let date: ValuePlan['date'];
  const dateNode = e.get('date');
  if (dateNode?.kind === 'scalar' && dateNode.value !== null) date = { to: scalarText(dateNode), from: undefined };
  else if (dateNode?.kind === 'map') {
    const to = dateNode.entries.get('to');
    const from = dateNode.entries.get('from');
    date = {
      to: to?.kind === 'scalar' && to.value !== null ? scalarText(to) : 'YYYY-MM-DD',
      from: from?.kind === 'scalar' && from.value !== null ? scalarText(from) : undefined,
    };
  } else if (dateNode) report('MAPPING_SHAPE_MISMATCH', '`date` is a format (`YYYY-MM-DD`) or {from, to}', dateNode);
  const decimal = text('decimal');
  if (decimal !== undefined && decimal !== '.' && decimal !== ',')
    report('MAPPING_BAD_OPTION', '`decimal` must be "." or ","', e.get('decimal')!);
  const optional = e.get('errOptional');
  if (optional !== undefined && !(optional.kind === 'scalar' && typeof optional.value === 'boolean'))
    report('MAPPING_BAD_OPTION', '`errOptional` is true or false', optional);
  const trimNode = e.get('trim');
  const defNode = e.get('default');
  return {
    ...base,
    source,
    default: defNode ? nodeToJson(defNode) : undefined,
    trim: !(trimNode?.kind === 'scalar' && trimNode.value === false),
    regex,
    map: table('map'),
    lookup: table('lookup'),
    split:
      splitText === undefined
        ? undefined
        : new RegExp(
            splitText.length === 1 || !/[\\[\]|()]/.test(splitText) ? splitText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : splitText,
          ),
    unit: text('unit'),
    decimal: decimal === '.' || decimal === ',' ? decimal : undefined,
    date,
    errOptional: optional?.kind === 'scalar' && optional.value === true,
  };
}
