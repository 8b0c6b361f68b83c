import type { SourceHeader } from '../sources/source-types.js';
import { DATA_ID, stripUnitSuffix, type LayoutSheet } from './platform-layout.js';
import type { MetaColumnKey } from './workbook-meta.js';
import { setAtPath } from './set-at-path.js';
import { metaMapping, type WorkbookMetaFlags } from './workbook-meta-mapping.js';

/** A sheet of the platform workbook as the joined mapping sees it: its layout, header, and the joined column each column feeds. */
export interface FedSheet {
  readonly layout: LayoutSheet | undefined;
  readonly header: SourceHeader;
  /** Sheet column index → joined column index. */
  readonly feeds: ReadonlyMap<number, number>;
}

/** What the joined table's mapping is written from. */
export interface JoinedMappingParts {
  readonly root: FedSheet;
  /** The numbered sheets after the root: each a table or array field read with `fromRows`. */
  readonly sheets: readonly FedSheet[];
  /** The joined table's column names, by joined column index. */
  readonly names: readonly string[];
  /** The meta columns found, with the joined column name each is read from. */
  readonly metaKeys: readonly (readonly [MetaColumnKey, string])[];
  readonly flags: WorkbookMetaFlags;
  readonly templateId: number;
  readonly pubDate: string | undefined;
}

/** The header text of a sheet column as the layout names it: the unit suffix stripped. */
const pathOf = (sheet: FedSheet, i: number): string => stripUnitSuffix(sheet.header.names[i]!.trim()).path;

/**
 * The mapping (JSON text) that reads the joined table of a platform workbook (docs/platform-workbook.md,
 * How it is read): root columns as fields, every other sheet's columns gathered with `fromRows`, the
 * record known and grouped by `数据ID`. The pipeline checks and compiles it as it does a mapping file.
 */
export function joinedWorkbookMapping(parts: JoinedMappingParts): string {
  const { root, names } = parts;
  const content = Object.create(null) as Record<string, unknown>;
  for (const [i, j] of root.feeds) {
    const col = root.layout?.columns.find((c) => pathOf(root, i) === c.path);
    if (col !== undefined) setAtPath(content, col.names, { column: names[j] });
  }
  for (const s of parts.sheets) {
    if (s.layout === undefined || s.feeds.size === 0) continue;
    const each = Object.create(null) as Record<string, unknown>;
    let scalar: unknown;
    for (const [i, j] of s.feeds) {
      const col = s.layout.columns.find(
        (c) => pathOf(s, i) === c.path || (c.path === '元素' && /^(Items|数据项)$/.test(s.header.names[i]!.trim())),
      );
      if (col === undefined) continue;
      if (col.names.length === 0) scalar = { column: names[j] };
      else setAtPath(each, col.names, { column: names[j] });
    }
    setAtPath(content, s.layout.fieldNames, { fromRows: scalar ?? each });
  }
  const mapping = {
    version: 1,
    template: parts.templateId,
    ...(parts.pubDate === undefined ? {} : { templatePubDate: parts.pubDate }),
    key: [DATA_ID],
    groupBy: [DATA_ID],
    meta: metaMapping(parts.metaKeys, parts.flags),
    content,
  };
  return `${JSON.stringify(mapping, null, 2)}\n`;
}
