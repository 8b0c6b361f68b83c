import type { MethodsWidth } from '../template/record-types.js';

type Push = (code: string, field: string, expected: string, found: unknown, message: string) => void;

/** Meta keys the platform reads (docs/platform.md#meta); anything else would be dropped. */
export const KNOWN_META_KEYS: ReadonlySet<string> = new Set([
  'tid',
  'title',
  'abstract',
  'keywords',
  'source',
  'doi',
  'other_info',
  'institution',
  'contributor',
  'public',
  'public_date',
  'public_range',
]);

/** A DOI's shape: `10.` registrant `/` suffix. A column name written as literal text (`doi`) fails it. */
export const DOI = /^10\.\d{4,9}\/\S+$/;

/** The v2 server's placeholder text that counts as blank. */
export const PLACEHOLDER = '在这里填写';

function blank(v: unknown): boolean {
  return typeof v !== 'string' || v.trim() === '' || v.includes(PLACEHOLDER);
}

/**
 * Checks `meta` against the platform's rules (docs/platform.md#meta,
 * docs/platform.md#source-and-methods), stricter where the server would store something other than what
 * was meant: whitespace-only titles are blank, keywords must be an array.
 */
export function validateMeta(meta: Record<string, unknown>, tid: number, width: MethodsWidth, push: Push): void {
  for (const key of Object.keys(meta))
    if (!KNOWN_META_KEYS.has(key))
      push('META_UNKNOWN_KEY', `meta.${key}`, 'a meta key the platform reads', key, 'the platform ignores this meta key');
  if (meta['tid'] !== tid) push('META_TID', 'meta.tid', String(tid), meta['tid'], 'meta.tid is not the template id');
  for (const key of ['title', 'abstract']) {
    if (blank(meta[key])) push('META_BLANK', `meta.${key}`, 'non-blank text', meta[key], `meta.${key} is blank`);
  }
  const kw = meta['keywords'];
  if (!Array.isArray(kw) || kw.length === 0)
    push(
      'META_KEYWORDS',
      'meta.keywords',
      'a non-empty list of keywords',
      kw,
      'keywords must be a list (a string would be split on spaces)',
    );
  else
    kw.forEach((k, i) => {
      if (blank(k) || (k as string).length > 255)
        push('META_KEYWORDS', `meta.keywords[${i}]`, 'non-blank text of at most 255 characters', k, 'a keyword is blank or too long');
    });
  const source = meta['source'];
  if (typeof source !== 'object' || source === null || Array.isArray(source))
    push('META_SOURCE', 'meta.source', '{source, methods, reference}', source, 'meta.source must be an object');
  else {
    const s = source as Record<string, unknown>;
    for (const key of Object.keys(s))
      if (!['source', 'methods', 'reference'].includes(key))
        push('META_UNKNOWN_KEY', `meta.source.${key}`, 'source, methods or reference', key, 'the platform ignores this key');
    if (s['source'] !== '10' && s['source'] !== '01')
      push('META_SOURCE', 'meta.source.source', '"10" (self-produced) or "01" (excerpted)', s['source'], 'source must be "10" or "01"');
    if (s['source'] === '01' && blank(s['reference']))
      push(
        'META_REFERENCE',
        'meta.source.reference',
        'the reference of excerpted data',
        s['reference'],
        'excerpted data needs a reference',
      );
    if (s['reference'] !== undefined && typeof s['reference'] !== 'string')
      push('META_REFERENCE', 'meta.source.reference', 'text', s['reference'], 'the reference must be text');
    const m = s['methods'];
    if (typeof m !== 'string' || m.length !== width || !/^[01]+$/.test(m))
      push('META_METHODS', 'meta.source.methods', `${width} characters of 0/1`, m, 'methods must be a bit string of the configured width');
  }
  const doi = meta['doi'];
  if (doi !== undefined && (typeof doi !== 'string' || doi.length > 255 || !DOI.test(doi)))
    push(
      'META_DOI',
      'meta.doi',
      'a DOI such as 10.1016/j.actamat.2020.01.001 (at most 255 characters)',
      doi,
      'the DOI is not a DOI or too long',
    );
  for (const key of ['institution', 'contributor'])
    if (meta[key] !== undefined && typeof meta[key] !== 'string')
      push('META_NOT_TEXT', `meta.${key}`, 'text', meta[key], `meta.${key} must be text`);
  const other = meta['other_info'];
  if (other !== undefined) {
    if (typeof other !== 'object' || other === null || Array.isArray(other))
      push('META_OTHER_INFO', 'meta.other_info', '{project, subject}', other, 'other_info must be an object');
    else
      for (const [k, v] of Object.entries(other)) {
        if (k !== 'project' && k !== 'subject')
          push('META_UNKNOWN_KEY', `meta.other_info.${k}`, 'project or subject', k, 'the platform ignores this key');
        else if (typeof v !== 'string') push('META_OTHER_INFO', `meta.other_info.${k}`, 'text', v, 'project and subject are text ids');
      }
  }
  if (meta['public'] !== undefined && typeof meta['public'] !== 'boolean')
    push('META_PUBLIC', 'meta.public', 'true or false', meta['public'], 'public must be a boolean');
  const pd = meta['public_date'];
  if (typeof pd !== 'number' || !Number.isInteger(pd) || pd < 0)
    push('META_PUBLIC_DATE', 'meta.public_date', 'a whole number of years ≥ 0', pd, 'public_date must always be sent as a whole number');
  const pr = meta['public_range'];
  if (typeof pr !== 'number' || !Number.isInteger(pr) || pr < 0 || pr > 3)
    push(
      'META_PUBLIC_RANGE',
      'meta.public_range',
      '0 (public), 1 (project), 2 (subject) or 3 (person)',
      pr,
      'public_range must always be sent, 0..3',
    );
}
