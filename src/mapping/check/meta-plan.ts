import { didYouMean } from '../../util/did-you-mean.js';
import type { MethodsWidth } from '../../template/record-types.js';
import type { SpecMap, SpecNode, SpecPos } from '../load/spec-node.js';
import { scalarText } from '../load/spec-node.js';
import { parseValuePlan, VALUE_KEYS, type ValuePlan } from './value-plan.js';

/** How each meta key is filled. In `meta`, a bare string is literal text (with `{column}` placeholders). */
export interface MetaPlan {
  readonly title: ValuePlan | undefined;
  readonly abstract: ValuePlan | undefined;
  /** One cell split on `,` `，` `;` `；` (never on spaces), or a list of values. */
  readonly keywords: { readonly split: ValuePlan | undefined; readonly items: readonly ValuePlan[] };
  readonly source: '10' | '01';
  /** The 0/1 mask, already at the run's width. */
  readonly methods: string;
  readonly reference: ValuePlan | undefined;
  readonly doi: ValuePlan | undefined;
  readonly project: ValuePlan | undefined;
  readonly subject: ValuePlan | undefined;
  readonly institution: ValuePlan | undefined;
  readonly contributor: ValuePlan | undefined;
  readonly public: ValuePlan | undefined;
  readonly publicDate: ValuePlan | undefined;
  readonly publicRange: ValuePlan | undefined;
}

export const META_KEYS = [
  'title',
  'abstract',
  'keywords',
  'source',
  'doi',
  'other_info',
  'public',
  'public_date',
  'public_range',
  'institution',
  'contributor',
];
const SOURCE_KEYS = ['source', 'methods', 'reference'];
/** Bit positions of `methods` (docs/platform.md#source-and-methods): computation, experiment, production, other. */
const METHOD_NAMES: ReadonlyArray<readonly string[]> = [
  ['computation', 'calculation', '计算'],
  ['experiment', '实验'],
  ['production', '生产'],
  ['other', '其它', '其他'],
];
const SOURCE_ALIASES: ReadonlyMap<string, '10' | '01'> = new Map([
  ['10', '10'],
  ['self', '10'],
  ['self-production', '10'],
  ['自产', '10'],
  ['01', '01'],
  ['reference', '01'],
  ['excerpt', '01'],
  ['引用', '01'],
]);

type Report = (code: string, message: string, pos: SpecPos, path: string, suggestions?: string[]) => void;

/** Builds the meta plan, reporting missing required keys (`MAPPING_META_REQUIRED`) and bad values. */
export function buildMetaPlan(meta: SpecMap | undefined, at: SpecPos, width: MethodsWidth, report: Report): MetaPlan {
  const node = (key: string): SpecNode | undefined => meta?.entries.get(key);
  for (const [key, pos] of meta?.keyPos ?? []) {
    if (!META_KEYS.includes(key))
      report(
        'MAPPING_UNKNOWN_KEY',
        `unknown meta key "${key}" (the platform would drop it)`,
        pos,
        `meta.${key}`,
        didYouMean(key, META_KEYS),
      );
  }
  const value = (key: string, n: SpecNode | undefined = node(key), path = `meta.${key}`): ValuePlan | undefined => {
    if (!n) return undefined;
    if (n.kind === 'map')
      for (const [k, pos] of n.keyPos)
        if (!VALUE_KEYS.includes(k))
          report('MAPPING_UNKNOWN_TRANSFORM', `unknown value key or transform "${k}"`, pos, `${path}.${k}`, didYouMean(k, VALUE_KEYS));
    const plan = parseValuePlan(n, true, (code, message, pos, s) => report(code, message, pos, path, s));
    if (plan?.source.kind === 'const' && plan.source.value === 'FILL_IN')
      report('MAPPING_PLACEHOLDER', `${path} still has the FILL_IN placeholder`, plan, path);
    return plan;
  };
  const required = (key: string): ValuePlan | undefined => {
    const plan = value(key);
    if (!plan) report('MAPPING_META_REQUIRED', `meta.${key} is required`, meta ?? at, `meta.${key}`);
    return plan;
  };
  const title = required('title');
  const abstract = required('abstract');

  const kw = node('keywords');
  let keywords: MetaPlan['keywords'] = { split: undefined, items: [] };
  if (!kw) report('MAPPING_META_REQUIRED', 'meta.keywords is required', meta ?? at, 'meta.keywords');
  else if (kw.kind === 'seq')
    keywords = {
      split: undefined,
      items: kw.items.map((i, n) => value('keywords', i, `meta.keywords[${n}]`)).filter((p): p is ValuePlan => p !== undefined),
    };
  else keywords = { split: value('keywords'), items: [] };

  let source: '10' | '01' = '10';
  let methods = '0'.repeat(width);
  let reference: ValuePlan | undefined;
  const src = node('source');
  if (!src)
    report(
      'MAPPING_META_REQUIRED',
      'meta.source is required: write `source: {source: "10", methods: [experiment]}` (or "01", a published source, with `reference`)',
      meta ?? at,
      'meta.source',
    );
  else if (src.kind !== 'map')
    report('MAPPING_SHAPE_MISMATCH', 'meta.source is a mapping {source, methods, reference}', src, 'meta.source');
  else {
    for (const [key, pos] of src.keyPos)
      if (!SOURCE_KEYS.includes(key))
        report('MAPPING_UNKNOWN_KEY', `unknown key "${key}" in meta.source`, pos, `meta.source.${key}`, didYouMean(key, SOURCE_KEYS));
    const s = src.entries.get('source');
    const found = s?.kind === 'scalar' ? SOURCE_ALIASES.get(scalarText(s).toLowerCase()) : undefined;
    if (found) source = found;
    else
      report(
        'MAPPING_BAD_META',
        'meta.source.source must be "10" (self-produced) or "01" (excerpted); quote it so YAML keeps the leading zero',
        s ?? src,
        'meta.source.source',
      );
    methods = readMethods(src.entries.get('methods'), src, width, report);
    reference = value('reference', src.entries.get('reference'), 'meta.source.reference');
    if (source === '01' && !reference)
      report('MAPPING_META_REQUIRED', 'meta.source.reference is required for excerpted data (source "01")', src, 'meta.source.reference');
  }
  const other = node('other_info');
  if (other && other.kind !== 'map')
    report('MAPPING_SHAPE_MISMATCH', 'meta.other_info is a mapping {project, subject}', other, 'meta.other_info');
  const otherMap = other?.kind === 'map' ? other : undefined;
  for (const [key, pos] of otherMap?.keyPos ?? [])
    if (key !== 'project' && key !== 'subject')
      report(
        'MAPPING_UNKNOWN_KEY',
        `unknown key "${key}" in meta.other_info`,
        pos,
        `meta.other_info.${key}`,
        didYouMean(key, ['project', 'subject']),
      );
  return {
    title,
    abstract,
    keywords,
    source,
    methods,
    reference,
    doi: value('doi'),
    project: value('project', otherMap?.entries.get('project'), 'meta.other_info.project'),
    subject: value('subject', otherMap?.entries.get('subject'), 'meta.other_info.subject'),
    institution: value('institution'),
    contributor: value('contributor'),
    public: value('public'),
    publicDate: value('public_date'),
    publicRange: value('public_range'),
  };
}

/** `methods` as a bit string of the run's width, or a list of method names. */
function readMethods(node: SpecNode | undefined, parent: SpecPos, width: MethodsWidth, report: Report): string {
  const zero = '0'.repeat(width);
  if (!node) {
    report(
      'MAPPING_META_REQUIRED',
      'meta.source.methods is required: a list such as [experiment] or a bit string',
      parent,
      'meta.source.methods',
    );
    return zero;
  }
  if (node.kind === 'scalar') {
    const bits = scalarText(node);
    if (/^[01]+$/.test(bits) && bits.length === width) return bits;
    report(
      'MAPPING_BAD_META',
      `meta.source.methods must be ${width} characters of 0/1 (computation, experiment, production${width === 4 ? ', other' : ''}) or a list of names; quote bit strings`,
      node,
      'meta.source.methods',
    );
    return zero;
  }
  const items = node.kind === 'seq' ? node.items : [];
  const bits = zero.split('');
  for (const item of items) {
    const name = item.kind === 'scalar' ? scalarText(item).toLowerCase() : '';
    const index = METHOD_NAMES.findIndex((names) => names.includes(name));
    if (index < 0 || index >= width) {
      report(
        'MAPPING_BAD_META',
        `unknown method "${name}" (computation, experiment, production${width === 4 ? ', other' : ''})`,
        item,
        'meta.source.methods',
        didYouMean(
          name,
          METHOD_NAMES.slice(0, width).map((n) => n[0]!),
        ),
      );
    } else bits[index] = '1';
  }
  if (node.kind === 'map')
    report('MAPPING_BAD_META', 'meta.source.methods is a list of names or a bit string', node, 'meta.source.methods');
  return bits.join('');
}
