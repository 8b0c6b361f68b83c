/**
 * The meta sheet of the platform's workbook (docs/platform-workbook.md, The meta sheet): which
 * columns we write and read, and the hidden cell naming the template.
 */

/** The record meta keys a meta-sheet column fills. */
export type MetaColumnKey =
  'title' | 'abstract' | 'keywords' | 'institution_ids' | 'public_range' | 'doi' | 'reference' | 'contributor' | 'institution';

export interface MetaColumn {
  readonly key: MetaColumnKey;
  /** The header we write (the current platform's). */
  readonly header: string;
  /** Headers of older platform versions read as the same column. */
  readonly aliases: readonly string[];
  readonly required: boolean;
  /** The note on the header, written only. */
  readonly note: string | undefined;
  /** Written by `init --workbook` (the others are only read). */
  readonly written: boolean;
}

export const META_COLUMNS: readonly MetaColumn[] = [
  {
    key: 'title',
    header: '数据标题',
    aliases: ['Title', '标题'],
    required: true,
    note: '数据标题 / the record title (required)',
    written: true,
  },
  { key: 'abstract', header: '摘要', aliases: ['Abstract'], required: true, note: '摘要 / abstract (required)', written: true },
  {
    key: 'keywords',
    header: '关键词',
    aliases: ['Keywords'],
    required: true,
    note: '关键词, separated by , ， ; or ；(required)',
    written: true,
  },
  {
    key: 'institution_ids',
    header: '机构',
    aliases: [],
    required: false,
    note: '项目名(项目号)/课题名(课题号): the project and subject ids are sent',
    written: true,
  },
  {
    key: 'public_range',
    header: '可见范围',
    aliases: ['public_range'],
    required: false,
    note: '公开 / 一级机构内可见 / 二级机构内可见 / 私有',
    written: true,
  },
  { key: 'doi', header: 'DOI', aliases: [], required: false, note: undefined, written: false },
  { key: 'reference', header: '引用', aliases: ['Reference'], required: false, note: undefined, written: false },
  { key: 'contributor', header: '贡献者', aliases: ['Contributor'], required: false, note: undefined, written: false },
  { key: 'institution', header: 'Institution', aliases: [], required: false, note: undefined, written: false },
];

/** The visibility texts of the `可见范围` column and the `public_range` they send. */
export const PUBLIC_RANGE_OPTIONS: readonly (readonly [string, number])[] = [
  ['公开', 0],
  ['一级机构内可见', 1],
  ['二级机构内可见', 2],
  ['私有', 3],
];

/** Column L of row 1 of the meta sheet holds the template id, hidden. */
export const TEMPLATE_ID_COLUMN = 12;
const ID_SUFFIX = '请勿修改 do not edit';

/**
 * `201|2024-06-01 10:00:00|请勿修改 do not edit`: the platform reads the leading digits; the template
 * version after them is ours, so a later read can list the fields changed since.
 */
export function templateIdCellText(tid: number, pubDate: string): string {
  return `${tid}|${pubDate}|${ID_SUFFIX}`;
}

/** The template id (and version, when we wrote it) of a template-id cell; undefined when it is none. */
export function parseTemplateIdCell(text: string): { tid: number; pubDate: string | undefined } | undefined {
  const m = /^\s*(\d{1,15})(?:\|([^|]{1,40})\|)?/.exec(text);
  if (m === null) return undefined;
  // A bare number in the header row would be a data column named by a number: the platform's cell
  // always carries a suffix after the digits.
  if (m[0].length === text.trim().length) return undefined;
  const tid = Number(m[1]);
  if (!Number.isSafeInteger(tid) || tid <= 0) return undefined;
  return { tid, pubDate: m[2] };
}
