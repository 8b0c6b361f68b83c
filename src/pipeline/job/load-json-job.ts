import { stat } from 'node:fs/promises';
import { compileMapping } from '../../mapping/compile/compile-mapping.js';
import type { CellValue, SourceHeader, SourceRow } from '../../sources/source-types.js';
import type { Field } from '../../template/template-types.js';
import { BoundedReadError, readBoundedFileSync, readFailureText } from '../../util/read-bounded-file.js';
import { flatLayoutMapping, requiredFlatHeaders } from '../../workbook/flat-layout-mapping.js';
import { metaMapping } from '../../workbook/workbook-meta-mapping.js';
import type { MetaColumnKey } from '../../workbook/workbook-meta.js';
import { PipelineError } from '../pipeline-errors.js';
import { checkMappingText } from './check-mapping-text.js';
import { fetchTemplate } from './fetch-template.js';
import type { Job, LayoutJobOptions } from './job.js';
import { layoutInputPath, requireSource, workbookMappingName } from './layout-steps.js';

/** The largest JSON import file read (it is parsed whole). */
export const MAX_JSON_IMPORT_BYTES = 64 * 1024 * 1024;
/** The most records one JSON import file may hold. */
export const MAX_JSON_IMPORT_RECORDS = 1_000_000;
/** How deep a record's content may nest before it is refused (a template nests a few levels). */
const MAX_DEPTH = 32;

/** The meta labels of the JSON import file and the record meta they fill (docs/platform-workbook.md → The JSON import file). */
const JSON_META: readonly (readonly [string, MetaColumnKey])[] = [
  ['数据标题', 'title'],
  ['摘要', 'abstract'],
  ['关键词', 'keywords'],
  ['可见范围', 'public_range'],
];
const DATA_ID = '数据ID';

function invalid(file: string, message: string, hint?: string): PipelineError {
  return new PipelineError('JSON_IMPORT_INVALID', message, { location: { file }, ...(hint === undefined ? {} : { hint }) });
}

/** A JSON value as the cell text the platform's importer reads; undefined for an object or list where one value belongs. */
function text(v: unknown): CellValue | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string' || typeof x === 'number') ? v.join('\n') : undefined;
  // A range written as the API writes it, though the file should hold its text.
  const o = v as Record<string, unknown>;
  const num = (x: unknown): boolean => typeof x === 'number' || typeof x === 'string';
  if (num(o['lb']) && num(o['ub'])) return `(${String(o['lb'])}, ${String(o['ub'])})`;
  if (num(o['val']) && num(o['err'])) return `${String(o['val'])}±${String(o['err'])}`;
  return undefined;
}

/** The cells of one record, and the paths holding an object or list where a value belongs. */
interface FlatRecord {
  readonly cells: Map<string, CellValue>;
  readonly notValues: Set<string>;
}

function set(out: FlatRecord, path: string, v: unknown): void {
  const t = text(v);
  if (t === undefined) {
    out.cells.set(path, null);
    out.notValues.add(path);
  } else out.cells.set(path, t);
}

/** A record's content as the flat layout's cells: dotted paths with 1-based indices, driven by the template. */
function flatten(fields: readonly Field[], value: unknown, prefix: string, out: FlatRecord, depth: number): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > MAX_DEPTH) return;
  const obj = value as Record<string, unknown>;
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(obj, field.name)) continue;
    const v = obj[field.name];
    const at = `${prefix}${field.name}`;
    switch (field.type) {
      case 'container':
        flatten(field.fields, v, `${at}.`, out, depth + 1);
        break;
      case 'generator':
        flatten(field.options, v, `${at}.`, out, depth + 1);
        break;
      case 'table':
        if (Array.isArray(v))
          v.forEach((row, i) => {
            if (typeof row !== 'object' || row === null) return;
            for (const c of field.columns)
              if (Object.prototype.hasOwnProperty.call(row, c.name))
                set(out, `${at}.${c.name}.${i + 1}`, (row as Record<string, unknown>)[c.name]);
          });
        break;
      case 'array': {
        if (!Array.isArray(v)) break;
        const el = field.element;
        v.forEach((item, i) => {
          if (el.type === 'container' || el.type === 'generator')
            flatten(el.type === 'container' ? el.fields : el.options, item, `${at}.${i + 1}.`, out, depth + 1);
          else set(out, `${at}.${i + 1}`, item);
        });
        break;
      }
      default:
        set(out, at, v);
    }
  }
}

/**
 * The platform's JSON import file (docs/platform-workbook.md → The JSON import file), each record laid
 * out as a flat-export row; a problem is at the record's number in `data` and its dotted path.
 */
export async function loadJsonJob(options: LayoutJobOptions): Promise<Job> {
  const { file } = options;
  const openPath = layoutInputPath(options);
  requireSource(options);
  let raw: string;
  try {
    raw = readBoundedFileSync(openPath, { maxBytes: MAX_JSON_IMPORT_BYTES });
  } catch (error) {
    if (error instanceof BoundedReadError && error.reason === 'too-large')
      throw invalid(file, `the JSON import file holds more than ${MAX_JSON_IMPORT_BYTES} bytes`, 'split it into several files');
    throw invalid(file, `cannot read the JSON import file (${readFailureText(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw invalid(file, `the file is not JSON: ${(error as Error).message}`);
  }
  const root = parsed as { template?: { _id?: unknown }; data?: unknown };
  if (typeof root !== 'object' || root === null || !Array.isArray(root.data))
    throw invalid(file, 'a JSON import file is {"template": {"_id": …}, "data": [{"meta": {…}, "content": {…}}, …]}: no "data" list');
  if (root.data.length > MAX_JSON_IMPORT_RECORDS)
    throw invalid(file, `the file holds ${root.data.length} records, more than ${MAX_JSON_IMPORT_RECORDS}`, 'split it into several files');
  const named = root.template?._id;
  const tid =
    options.tid ??
    (typeof named === 'number' && Number.isSafeInteger(named) && named > 0
      ? named
      : typeof named === 'string' && /^[1-9]\d{0,14}$/.test(named)
        ? Number(named)
        : undefined);
  if (tid === undefined)
    throw new PipelineError('WORKBOOK_NO_TEMPLATE', 'the JSON import file names no template (template._id)', {
      location: { file },
      hint: 'give the template with --template TID',
    });
  const { template } = await fetchTemplate(tid, options);

  const records: FlatRecord[] = root.data.map((item: unknown) => {
    const out: FlatRecord = { cells: new Map(), notValues: new Set() };
    const record = (typeof item === 'object' && item !== null ? item : {}) as { meta?: unknown; content?: unknown };
    const meta = (typeof record.meta === 'object' && record.meta !== null ? record.meta : {}) as Record<string, unknown>;
    for (const label of [DATA_ID, ...JSON_META.map(([l]) => l)])
      if (Object.prototype.hasOwnProperty.call(meta, label))
        set(out, label, Array.isArray(meta[label]) ? (meta[label] as unknown[]).map(String).join(', ') : meta[label]);
    flatten(template.fields, record.content, '', out, 0);
    return out;
  });
  const names = [...new Set([...records.flatMap((m) => [...m.cells.keys()]), ...requiredFlatHeaders(template.fields)])];
  const header: SourceHeader = { file, sheet: undefined, row: 0, names, columns: names.map(() => '') };
  const flat = flatLayoutMapping(
    template.fields,
    names.filter((n) => n !== DATA_ID && !JSON_META.some(([l]) => l === n)),
  );
  const metaKeys = JSON_META.filter(([label]) => names.includes(label)).map(([label, key]) => [key, label] as const);
  const mapping = {
    version: 1,
    template: template.id,
    ...(names.includes(DATA_ID) ? { key: [DATA_ID] } : {}),
    meta: metaMapping(metaKeys, options.meta),
    content: flat.content,
  };
  const mappingText = `${JSON.stringify(mapping, null, 2)}\n`;
  if (flat.unknownColumns.length > 0) {
    options.onWarning?.({
      code: 'WORKBOOK_COLUMNS_CHANGED',
      file,
      lines: flat.unknownColumns.map((c) => `content ${c}: no such field in template ${tid} now; not read`),
      message: `${file} does not match template ${tid} as it is now`,
    });
  }
  const checked = await checkMappingText(mappingText, {
    ...options,
    mappingFile: workbookMappingName(file, 'json'),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const compiled = compileMapping(checked.prepared, header);
  const rows = async function* (): AsyncIterable<SourceRow> {
    for (const [i, m] of records.entries()) {
      const issues = [...m.notValues].map((p) => ({
        code: 'JSON_NOT_A_VALUE',
        message: `${p} holds an object or a list where the field takes one value`,
        columnIndex: names.indexOf(p),
        found: 'an object or a list',
      }));
      yield { header, rowNumber: i + 1, values: names.map((n) => m.cells.get(n) ?? null), issues };
    }
  };
  const open = () => Promise.resolve({ header, rows, close: () => Promise.resolve() });
  const input = { file, openPath, header, compiled, sourceOptions: {}, bytes: (await stat(openPath)).size, open };
  return { layout: 'json', checked, inputs: [input], mappingText };
}
