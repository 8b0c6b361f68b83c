/**
 * The shape of each report line, as the readers of a report rely on it (see `report-lines.ts`): a
 * line that parses as JSON but holds a field of another type (a hand edit, a forged line) must be
 * refused where it is read, not crash `report`, `--html` or a resume further on.
 */
import { isObject } from '../util/is-object.js';

/** Checks a value; returns the path of the first part that does not fit, or undefined. */
type Shape = (value: unknown, at: string) => string | undefined;

const is =
  (test: (value: unknown) => boolean): Shape =>
  (value, at) =>
    test(value) ? undefined : at;

const text = is((v) => typeof v === 'string');
const number = is((v) => typeof v === 'number' && Number.isFinite(v));
const boolean = is((v) => typeof v === 'boolean');
const anyObject = is(isObject);

/** Absent, or of `shape`. */
const optional =
  (shape: Shape): Shape =>
  (value, at) =>
    value === undefined ? undefined : shape(value, at);

function object(fields: Readonly<Record<string, Shape>>): Shape {
  // Built once per shape: a check runs for every line of a million-line report.
  const names = Object.keys(fields);
  const shapes = Object.values(fields);
  return (value, at) => {
    if (!isObject(value)) return at;
    for (let i = 0; i < names.length; i++) {
      // The path is only built for a value that does not fit (`.name` is added to what a check returns).
      const wrong = shapes[i]!(value[names[i]!], '');
      if (wrong !== undefined) return `${at}.${names[i]!}${wrong}`;
    }
    return undefined;
  };
}

function arrayOf(shape: Shape): Shape {
  return (value, at) => {
    if (!Array.isArray(value)) return at;
    for (let i = 0; i < value.length; i++) {
      const wrong = shape(value[i], '');
      if (wrong !== undefined) return `${at}[${i}]${wrong}`;
    }
    return undefined;
  };
}

function recordOf(shape: Shape): Shape {
  return (value, at) => {
    if (!isObject(value)) return at;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const wrong = shape(value[name], '');
      if (wrong !== undefined) return `${at}.${name}${wrong}`;
    }
    return undefined;
  };
}

/** A cell: text, a number, a boolean, empty, or a spreadsheet date. */
const dateCell = object({ kind: is((v) => v === 'date'), iso: text });
const cell: Shape = (value, at) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? undefined : dateCell(value, at);
const sourceValues = recordOf(cell);
const resendOf = optional(object({ runId: optional(text), at: optional(text), reason: optional(text) }));
const problem = object({
  code: text,
  message: text,
  location: object({
    file: optional(text),
    sheet: optional(text),
    row: optional(number),
    column: optional(text),
    cell: optional(text),
    header: optional(text),
  }),
  field: optional(text),
  expected: optional(text),
  found: optional(text),
});

/** An input by name, or by its index in the run line's `inputs` (resolved by `scanReport`). */
const inputRef = is((v) => typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0));

/** Fields every row line has. */
const ROW = {
  key: text,
  hash: text,
  location: object({ file: inputRef, row: number, sheet: optional(text), rows: optional(arrayOf(number)) }),
};
const status = is((v) => ['uploaded', 'invalid', 'failed', 'uncertain', 'changed', 'duplicate'].includes(v as string));

/** The fields of each line type, beside `type` and `at`. */
const SHAPES: Readonly<Record<string, Readonly<Record<string, Shape>>>> = {
  run: {
    runId: text,
    version: text,
    startedAt: text,
    settings: anyObject,
    mapping: object({ file: text, fingerprint: text, parts: optional(recordOf(text)) }),
    template: object({ id: number, fingerprint: text, fields: optional(recordOf(text)) }),
    inputs: arrayOf(object({ file: text, size: number, sha256: text, numberColumns: optional(arrayOf(number)) })),
    dryRun: optional(boolean),
    accepted: optional(object({ mapping: arrayOf(text), template: arrayOf(text), rows: number })),
    recordFields: optional(arrayOf(text)),
  },
  intent: { ...ROW, attempt: number },
  retrying: { ...ROW, attempt: number, code: text, status: optional(number), delayMs: number },
  uploaded: {
    ...ROW,
    id: number,
    attempts: number,
    ms: number,
    replaces: optional(object({ id: optional(number), hash: text })),
    resendOf,
    src: optional(text),
    fieldDigests: optional(text),
  },
  invalid: { ...ROW, problems: arrayOf(problem), sourceValues },
  failed: {
    ...ROW,
    code: text,
    retryable: boolean,
    status: optional(number),
    platformCode: optional(number),
    detail: optional(text),
    attempts: number,
    sourceValues,
    resendOf,
  },
  uncertain: {
    ...ROW,
    code: text,
    reason: text,
    status: optional(number),
    detail: optional(text),
    attempts: number,
    sourceValues,
    resendOf,
  },
  skipped: {
    ...ROW,
    why: is((v) => ['uploaded', 'uncertain', 'failed', 'dry-run', 'duplicate'].includes(v as string)),
    id: optional(number),
    code: optional(text),
    plan: optional(text),
    sourceValues: optional(sourceValues),
    src: optional(text),
  },
  changed: { ...ROW, oldHash: text, oldId: optional(number), sourceValues, fieldDigests: optional(text) },
  state: {
    ...ROW,
    status,
    attempts: number,
    id: optional(number),
    uploadedHash: optional(text),
    uploadedAt: optional(text),
    uncertainHash: optional(text),
    uncertainSince: optional(object({ runId: optional(text), at: text })),
    failure: optional(
      object({ code: text, retryable: boolean, status: optional(number), platformCode: optional(number), detail: optional(text) }),
    ),
    reason: optional(text),
    problems: optional(arrayOf(problem)),
    sourceValues: optional(sourceValues),
    src: optional(text),
    fieldDigests: optional(text),
    uploadedFieldDigests: optional(text),
  },
  summary: {
    counts: recordOf(number),
    rows: number,
    durationMs: number,
    interrupted: boolean,
    otherShards: optional(number),
    stray: optional(object({ rows: number, problems: arrayOf(problem) })),
    fatal: optional(text),
    error: optional(object({ code: text, message: text, location: optional(anyObject) })),
  },
};

/** Each line type's whole check, `at` included, built once. */
const LINE_SHAPES = new Map(Object.entries(SHAPES).map(([type, fields]) => [type, object({ at: text, ...fields })]));

/**
 * The first field of a parsed report line (an object whose `type` is known) that is missing or of
 * the wrong type, as a path (`location.file`, `problems[0].message`); undefined when the line fits.
 */
export function misshapenField(line: Readonly<Record<string, unknown>>, type: string): string | undefined {
  const shape = LINE_SHAPES.get(type);
  if (shape === undefined) return 'type';
  return shape(line, '')?.slice(1);
}
