import type { CellValue } from '../../sources/source-types.js';
import { parseNumber } from '../values/parse-number.js';
import { parseRange } from '../values/parse-range.js';

/** What the sampled cells of one column look like. */
export interface ColumnProfile {
  /** Rows sampled. */
  readonly rows: number;
  /** Cells with a value. */
  readonly filled: number;
  /** Share of the filled cells that read as numbers (0 when none is filled). */
  readonly numeric: number;
  /** Share of the filled cells that read as a range (`8-10`, `(1, 2)`, `5±1`). */
  readonly ranges: number;
  /** Share of the filled cells that look like file paths (`a/b.png`). */
  readonly paths: number;
  /** How often each text occurs, for up to {@link MAX_DISTINCT} distinct texts. */
  readonly distinct: ReadonlyMap<string, number>;
  /** More distinct texts than were counted. */
  readonly manyDistinct: boolean;
  /** Every sampled row has a value and no value repeats. */
  readonly unique: boolean;
  /**
   * The cells look like identifiers: three or more, none repeated, nearly all of one shape of letters
   * and digits (`mp-1234`, `TE-001`, `S17`) with the same leading letters.
   */
  readonly idShaped: boolean;
}

/** Distinct texts counted per column. */
export const MAX_DISTINCT = 200;

/** A cell as the text a curator sees. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'object') return value.iso;
  return String(value).trim();
}

const PATH = /^[^\s,;]+\/[^\s,;]*\.[A-Za-z0-9]{2,5}$/;

/** Share of the texts that must have the most common shape and prefix to call a column identifiers. */
const ID_SHARE = 0.9;
const ID_SHAPE = /^([A-Za-z]{1,6})[-_:.#/ ]?\d{1,10}(?:[-_.]\d{1,6})?$/;

/** An identifier's shape: its letters and separator, its digits shortened to one (`mp-1143` and `mp-19717` are `mp-9`). */
function idShape(text: string): string | undefined {
  const m = ID_SHAPE.exec(text);
  return m === null ? undefined : `${m[1]!.toLowerCase()}${text.slice(m[1]!.length).replace(/\d+/g, '9')}`;
}

/** Profiles the sampled cells of a column. */
export function profileColumn(values: readonly CellValue[]): ColumnProfile {
  const distinct = new Map<string, number>();
  const seen = new Set<string>();
  let filled = 0;
  let numeric = 0;
  let ranges = 0;
  let paths = 0;
  let repeats = false;
  let many = false;
  const shapes = new Map<string, number>();
  for (const v of values) {
    const text = cellText(v);
    if (text === '') continue;
    filled++;
    if (typeof v === 'number' || parseNumber(text, '.').ok) numeric++;
    else if (parseRange(text).ok) ranges++;
    if (PATH.test(text)) paths++;
    const shape = idShape(text);
    // Only the first shapes are counted: the most common one is among them whenever it is most of the column.
    if (shape !== undefined && (shapes.has(shape) || shapes.size < MAX_DISTINCT)) shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    if (seen.has(text)) repeats = true;
    else seen.add(text);
    if (distinct.has(text)) distinct.set(text, distinct.get(text)! + 1);
    else if (distinct.size < MAX_DISTINCT) distinct.set(text, 1);
    else many = true;
  }
  const share = (n: number): number => (filled === 0 ? 0 : n / filled);
  const idShaped = filled >= 3 && !repeats && Math.max(0, ...shapes.values()) >= ID_SHARE * filled;
  return {
    rows: values.length,
    filled,
    numeric: share(numeric),
    ranges: share(ranges),
    paths: share(paths),
    distinct,
    manyDistinct: many,
    unique: values.length > 1 && filled === values.length && !repeats,
    idShaped,
  };
}
