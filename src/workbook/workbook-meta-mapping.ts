import { setAtPath } from './set-at-path.js';
import type { MetaColumnKey } from './workbook-meta.js';

/** Mapping of meta columns to record meta, and the source facts the workbook does not hold. */
export interface WorkbookMetaFlags {
  readonly source?: string;
  readonly methods?: string;
  readonly reference?: string;
  /** The flat export holds no meta at all: these too (text templates may name its cells). */
  readonly title?: string;
  readonly abstract?: string;
  readonly keywords?: string;
}

const META_VALUE: Readonly<Record<MetaColumnKey, (column: string) => [readonly string[], unknown][]>> = {
  title: (c) => [[['title'], { column: c }]],
  abstract: (c) => [[['abstract'], { column: c }]],
  keywords: (c) => [[['keywords'], { column: c }]],
  doi: (c) => [[['doi'], { column: c }]],
  contributor: (c) => [[['contributor'], { column: c }]],
  institution: (c) => [[['institution'], { column: c }]],
  reference: () => [],
  public_range: (c) => [
    [['public_range'], { column: c, lookup: { 公开: 0, 一级机构内可见: 1, 二级机构内可见: 2, 私有: 3, '0': 0, '1': 1, '2': 2, '3': 3 } }],
  ],
  // `项目名(项目号)/课题名(课题号)`, ASCII or full-width parentheses: the ids in the parentheses.
  institution_ids: (c) => [
    [['other_info', 'project'], { column: c, regex: '^[^/]*[(（]([^()（）/]+)[)）]\\s*/' }],
    [['other_info', 'subject'], { column: c, regex: '/[^/]*[(（]([^()（）/]+)[)）]\\s*$' }],
  ],
};

/** `meta.source` of a mapping from the flags (`--source`, `--methods`, `--reference`). */
export function sourceFlags(meta: WorkbookMetaFlags): Record<string, unknown> {
  const source: Record<string, unknown> = {};
  if (meta.source !== undefined) source['source'] = meta.source;
  if (meta.methods !== undefined)
    source['methods'] = /^[01]+$/.test(meta.methods) ? meta.methods : meta.methods.split(/[,\s]+/).filter((m) => m !== '');
  if (meta.reference !== undefined) source['reference'] = meta.reference;
  return source;
}

/** The mapping's `meta` for meta columns (key, column name) and the source flags. */
export function metaMapping(metaKeys: readonly (readonly [MetaColumnKey, string])[], flags: WorkbookMetaFlags): Record<string, unknown> {
  const tree = Object.create(null) as Record<string, unknown>;
  for (const [key, column] of metaKeys) for (const [path, value] of META_VALUE[key](column)) setAtPath(tree, path, value);
  tree['source'] = sourceFlags(flags);
  return tree;
}
