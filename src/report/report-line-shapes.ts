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
  return (value, at) => {
    if (!isObject(value)) return at;
    for (const [name, shape] of Object.entries(fields)) {
      const wrong = shape(value[name], `${at}.${name}`);
      if (wrong !== undefined) return wrong;
    }
    return undefined;
  };
}

function arrayOf(shape: Shape): Shape {
  return (value, at) => {
    if (!Array.isArray(value)) return at;
    for (const [i, item] of value.entries()) {
      const wrong = shape(item, `${at}[${i}]`);
      if (wrong !== undefined) return wrong;
    }
    return undefined;
  };
}

function recordOf(shape: Shape): Shape {
  return (value, at) => {
    if (!isObject(value)) return at;
    for (const [name, item] of Object.entries(value)) {
      const wrong = shape(item, `${at}.${name}`);
      if (wrong !== undefined) return wrong;
    }
    return undefined;
  };
}

/** A cell: text, a number, a boolean, empty, or a spreadsheet date. */
const cell: Shape = (value, at) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)
    ? undefined
    : object({ kind: is((v) => v === 'date'), iso: text })(value, at);
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
const status = is((v) => ['uploaded', 'invalid', 'failed', 'uncertain', 'changed'].includes(v as string));

/** The fields of each line type, beside `type` and `at`. */
const SHAPES: Readonly<Record<string, Readonly<Record<string, Shape>>>> = {
  run: {
    runId: text,
    version: text,
    startedAt: text,
    settings: anyObject,
    mapping: object({ file: text, fingerprint: text, parts: optional(recordOf(text)) }),
    template: object({ id: number, fingerprint: text, fields: optional(recordOf(text)) }),
    inputs: arrayOf(object({ file: text, size: number, sha256: text })),
    dryRun: optional(boolean),
    accepted: optional(object({ mapping: arrayOf(text), template: arrayOf(text), rows: number })),
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
    why: is((v) => ['uploaded', 'uncertain', 'failed', 'dry-run'].includes(v as string)),
    id: optional(number),
    code: optional(text),
    plan: optional(text),
    sourceValues: optional(sourceValues),
  },
  changed: { ...ROW, oldHash: text, oldId: optional(number), sourceValues },
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
  },
  summary: {
    counts: recordOf(number),
    rows: number,
    durationMs: number,
    interrupted: boolean,
    otherShards: optional(number),
    fatal: optional(text),
    error: optional(object({ code: text, message: text, location: optional(anyObject) })),
  },
};

/**
 * The first field of a parsed report line (an object whose `type` is known) that is missing or of
 * the wrong type, as a path (`location.file`, `problems[0].message`); undefined when the line fits.
 */
export function misshapenField(line: Readonly<Record<string, unknown>>, type: string): string | undefined {
  const fields = SHAPES[type];
  if (fields === undefined) return 'type';
  return object({ at: text, ...fields })(line, '')?.slice(1);
}
