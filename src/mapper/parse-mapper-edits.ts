import { MapperEditError } from './apply-mapper-edit.js';
import type { Json, MapperEdit } from './mapper-api.js';

/** The parts of a mapping the page edits: never `version`, `template` or `input` (the header it read stays the header). */
const ROOTS = new Set(['content', 'meta', 'key', 'groupBy', 'duplicates']);
/** Edits taken in one request. */
const MAX_EDITS = 200;
/** Steps of a path: deeper than any template nests. */
const MAX_DEPTH = 64;
/** Characters of one name or text: a header a person wrote is far shorter. */
const MAX_TEXT = 4096;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function text(v: unknown, what: string, max = MAX_TEXT): string {
  if (typeof v !== 'string' || v.length > max) throw new MapperEditError(`${what} must be a text of at most ${max} characters`);
  return v;
}

function editPath(v: unknown): string[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_DEPTH) throw new MapperEditError('an edit needs a path');
  const path = v.map((step, i) => text(step, `path step ${i + 1}`));
  if (!ROOTS.has(path[0]!)) throw new MapperEditError(`the page edits ${[...ROOTS].join(', ')}, not ${path[0]}`);
  return path;
}

function json(v: unknown, depth = 0): Json {
  if (depth > MAX_DEPTH) throw new MapperEditError('a value nests too deep');
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new MapperEditError('a number must be finite');
    return v;
  }
  if (typeof v === 'string') return text(v, 'a text');
  if (Array.isArray(v)) return v.map((x) => json(x, depth + 1));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k, 'a key'), json(x, depth + 1)]));
  throw new MapperEditError('a value must be JSON');
}

const orNull = (v: unknown, what: string): string | null => (v === null ? null : text(v, what));

/** One edit as the page sent it, checked field by field (the body is parsed JSON of unknown shape). */
function parseEdit(v: unknown): MapperEdit {
  if (!isRecord(v)) throw new MapperEditError('an edit must be an object');
  const path = editPath(v['path']);
  switch (v['kind']) {
    case 'set':
      return { kind: 'set', path, value: json(v['value']) };
    case 'yaml':
      return { kind: 'yaml', path, text: text(v['text'], 'the YAML text', 64 * 1024) };
    case 'column':
      return {
        kind: 'column',
        path,
        column: orNull(v['column'], 'the column'),
        ...(v['part'] === undefined ? {} : { part: text(v['part'], 'the part') }),
      };
    case 'unit':
      return { kind: 'unit', path, unit: orNull(v['unit'], 'the unit') };
    case 'map':
      return { kind: 'map', path, from: text(v['from'], 'the value found'), to: orNull(v['to'], 'the option') };
    case 'errOptional':
      if (typeof v['on'] !== 'boolean') throw new MapperEditError('errOptional is true or false');
      return { kind: 'errOptional', path, on: v['on'] };
    case 'constant':
    case 'default':
      return { kind: v['kind'], path, value: orNull(v['value'], 'the value') };
    case 'tableSource':
      if (v['source'] !== null && v['source'] !== 'fromRows' && v['source'] !== 'fromColumns')
        throw new MapperEditError('a table\'s rows come from "fromRows", "fromColumns" or null');
      return { kind: 'tableSource', path, source: v['source'] };
    case 'rowColumn':
      return {
        kind: 'rowColumn',
        path,
        column: text(v['column'], 'the column'),
        ...(v['label'] === undefined ? {} : { label: orNull(v['label'], 'the label') }),
      };
    case 'rowRole':
      if (v['role'] !== 'label' && v['role'] !== 'value' && v['role'] !== 'unit')
        throw new MapperEditError('the role is label, value or unit');
      return { kind: 'rowRole', path, role: v['role'], to: orNull(v['to'], `the ${v['role']}`) };
    case 'rowSet':
      return { kind: 'rowSet', path, column: text(v['column'], 'the column'), value: orNull(v['value'], 'the value') };
    case 'arrayColumns':
      if (!Array.isArray(v['columns']) || v['columns'].length > MAX_EDITS)
        throw new MapperEditError(`an array's columns are a list of at most ${MAX_EDITS}`);
      return { kind: 'arrayColumns', path, columns: v['columns'].map((c, i) => text(c, `column ${i + 1}`)) };
    case 'keywords':
      if (path.length !== 2 || path[0] !== 'meta' || path[1] !== 'keywords') throw new MapperEditError('keywords are at meta.keywords');
      return { kind: 'keywords', path, text: text(v['text'], 'the keywords', 64 * 1024) };
    default:
      throw new MapperEditError(`unknown edit ${JSON.stringify(v['kind'])}`);
  }
}

/** The edits of a request body (`{"edits": [...]}`), all checked before any is applied. */
export function parseMapperEdits(body: unknown): MapperEdit[] {
  if (!isRecord(body) || !Array.isArray(body['edits'])) throw new MapperEditError('the body must be {"edits": [...]}');
  if (body['edits'].length > MAX_EDITS) throw new MapperEditError(`at most ${MAX_EDITS} edits at once`);
  return body['edits'].map(parseEdit);
}
