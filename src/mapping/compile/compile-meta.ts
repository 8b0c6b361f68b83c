import type { CellValue } from '../../sources/source-types.js';
import { compileValue, type ResolveColumn, type ValueReader } from './compile-value.js';
import type { MetaPlan } from '../check/meta-plan.js';
import type { JsonValue, RecordMeta } from '../../template/record-types.js';
import { addProblem, type RowContext } from './row-context.js';
import type { ValuePlan } from '../check/value-plan.js';

/** Builds a record's meta for the current row. */
export type MetaEval = (ctx: RowContext) => RecordMeta;

const KEYWORD_SPLIT = /\s*[,，;；]\s*/;
const TRUE = new Set(['true', '1', 'yes', 'y', '是', '公开']);
const FALSE = new Set(['false', '0', 'no', 'n', '否', '不公开']);

function text(v: JsonValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}

function readPublic(pub: ValueReader | undefined, ctx: RowContext): boolean | undefined {
  if (!pub) return undefined;
  const v = pub.read(ctx, 'meta.public');
  if (v === undefined || typeof v === 'boolean') return v;
  const t = (text(v) ?? '').toLowerCase();
  if (TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  addProblem(ctx, 'VALUE_NOT_A_BOOLEAN', pub.column, 'meta.public', 'true or false', t, 'the value is not yes/no');
  return undefined;
}

function filled(value: CellValue | undefined): boolean {
  return value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');
}

/**
 * A `groupBy` record's meta reader: the group's first row with a value in its columns (curators often
 * fill a title or DOI on a later row), else the first row; traced, it records the cell it read.
 */
function groupReader(reader: ValueReader): ValueReader {
  if (reader.column < 0) return reader;
  const { columns } = reader;
  return {
    column: reader.column,
    columns,
    read(ctx, path) {
      const current = ctx.row;
      if (ctx.rows.length > 1 && !columns.some((c) => filled(current.values[c]))) {
        ctx.row = ctx.rows.find((row) => columns.some((c) => filled(row.values[c]))) ?? current;
      }
      try {
        if (ctx.trace) ctx.trace.set(path, { row: ctx.row, column: reader.column });
        return reader.read(ctx, path);
      } finally {
        ctx.row = current;
      }
    },
  };
}

/**
 * Compiles the meta plan: each value from the group's first row that has it (see `groupReader`);
 * keywords are always a list (a string would be split on spaces by the platform: docs/platform.md#meta).
 */
export function compileMeta(plan: MetaPlan, tid: number, resolve: ResolveColumn): MetaEval {
  const c = (p: ValuePlan | undefined): ValueReader | undefined => (p ? groupReader(compileValue(p, resolve)) : undefined);
  const title = c(plan.title);
  const abstract = c(plan.abstract);
  const kwSplit = c(plan.keywords.split);
  const kwItems = plan.keywords.items.map((p) => groupReader(compileValue(p, resolve)));
  const reference = c(plan.reference);
  const doi = c(plan.doi);
  const project = c(plan.project);
  const subject = c(plan.subject);
  const institution = c(plan.institution);
  const contributor = c(plan.contributor);
  const pub = c(plan.public);
  const publicDate = c(plan.publicDate);
  const publicRange = c(plan.publicRange);
  const read = (r: ValueReader | undefined, ctx: RowContext, path: string): string | undefined => (r ? text(r.read(ctx, path)) : undefined);
  const int = (r: ValueReader | undefined, ctx: RowContext, path: string): number => {
    if (!r) return 0;
    const v = r.read(ctx, path);
    if (v === undefined) return 0;
    const n = typeof v === 'number' ? v : Number(text(v));
    if (Number.isInteger(n)) return n;
    addProblem(ctx, 'VALUE_NOT_A_NUMBER', r.column, path, 'a whole number', text(v) ?? '', 'the value is not a whole number');
    return Number.NaN;
  };
  return (ctx) => {
    const keywords: string[] = [];
    if (kwSplit) {
      const v = read(kwSplit, ctx, 'meta.keywords');
      if (v !== undefined) for (const k of v.split(KEYWORD_SPLIT)) if (k !== '') keywords.push(k);
    }
    for (const item of kwItems) {
      const v = text(item.read(ctx, 'meta.keywords'));
      if (v !== undefined && v.trim() !== '') keywords.push(v.trim());
    }
    const ref = read(reference, ctx, 'meta.source.reference');
    const d = read(doi, ctx, 'meta.doi');
    const p = read(project, ctx, 'meta.other_info.project');
    const s = read(subject, ctx, 'meta.other_info.subject');
    const inst = read(institution, ctx, 'meta.institution');
    const contrib = read(contributor, ctx, 'meta.contributor');
    const isPublic = readPublic(pub, ctx);
    // Keys are written in code-unit order so the record's JSON is already canonical (compileMapping).
    const meta: { -readonly [K in keyof RecordMeta]: RecordMeta[K] } = {
      abstract: read(abstract, ctx, 'meta.abstract') ?? '',
    } as RecordMeta;
    if (contrib !== undefined) meta.contributor = contrib;
    if (d !== undefined) meta.doi = d;
    if (inst !== undefined) meta.institution = inst;
    meta.keywords = keywords;
    if (p !== undefined || s !== undefined)
      meta.other_info = { ...(p === undefined ? {} : { project: p }), ...(s === undefined ? {} : { subject: s }) };
    if (isPublic !== undefined) meta.public = isPublic;
    meta.public_date = int(publicDate, ctx, 'meta.public_date');
    meta.public_range = int(publicRange, ctx, 'meta.public_range');
    meta.source =
      ref === undefined ? { methods: plan.methods, source: plan.source } : { methods: plan.methods, reference: ref, source: plan.source };
    meta.tid = tid;
    meta.title = read(title, ctx, 'meta.title') ?? '';
    return meta;
  };
}
