/**
 * Per-field digests of a record (docs/report-format.md → Field digests): what `uploaded` and `changed`
 * lines carry so `report --changed-out` can name the fields a changed row differs in, though the
 * report holds no record.
 */
import { keyDigest } from '../ledger/ledger.js';
import { KNOWN_META_KEYS } from '../validate/validate-meta.js';

/** Characters of one present part's digest: 48 bits in base64url. */
export const FIELD_DIGEST_CHARS = 8;

/** Stands for a part the record does not have: one character no digest holds, so absent parts cost one. */
const ABSENT = '.';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The parts of a record a run's lines digest, as its `run` line lists them (`recordFields`): each
 * content field the mapping fills (`content.<name>`) and each meta key the platform reads
 * (`meta.<key>`), sorted. Nothing else can be in a record the tool sends.
 */
export function recordFieldNames(contentFields: Iterable<string>): string[] {
  return [...[...contentFields].map((name) => `content.${name}`), ...[...KNOWN_META_KEYS].map((key) => `meta.${key}`)].sort();
}

const words = new Uint32Array(4);

/** 48 bits of the MurmurHash3 of a value's JSON text as 8 base64url characters. */
function digestOf(text: string): string {
  keyDigest(text, words);
  const hi = words[0]!;
  const lo = words[1]!;
  return (
    BASE64URL[hi >>> 26]! +
    BASE64URL[(hi >>> 20) & 63]! +
    BASE64URL[(hi >>> 14) & 63]! +
    BASE64URL[(hi >>> 8) & 63]! +
    BASE64URL[(hi >>> 2) & 63]! +
    BASE64URL[((hi & 3) << 4) | ((lo >>> 12) & 15)]! +
    BASE64URL[(lo >>> 6) & 63]! +
    BASE64URL[lo & 63]!
  );
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string starting at `i` (its opening quote); -1 when it does not end. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  return -1;
}

/** The index after the JSON value starting at `i`; -1 when it does not end. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return stringEnd(text, i);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    let j = i;
    for (; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break;
    }
    return j > i ? j : -1;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) {
      j = stringEnd(text, j) - 1;
      if (j < 0) return -1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return j + 1;
  }
  return -1;
}

/** Calls `each` with every member of the object at `i` (name, value text); false when it is no object. */
function eachMember(text: string, i: number, each: (name: string, start: number, end: number) => boolean): boolean {
  i = skipSpace(text, i);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return false;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE_OBJECT) return true;
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return false;
    const nameEnd = stringEnd(text, i);
    if (nameEnd < 0) return false;
    const raw = text.slice(i + 1, nameEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(text.slice(i, nameEnd)) as string) : raw;
    i = skipSpace(text, nameEnd);
    if (text.charCodeAt(i) !== COLON) return false;
    const start = skipSpace(text, i + 1);
    const end = valueEnd(text, start);
    if (end < 0 || !each(name, start, end)) return false;
    i = skipSpace(text, end);
    const c = text.charCodeAt(i);
    if (c === CLOSE_OBJECT) return true;
    if (c !== COMMA) return false;
    i = skipSpace(text, i + 1);
  }
}

/**
 * Digests a record's parts from its canonical JSON text without parsing it: 8 characters per name in
 * `names`, `.` for a part it lacks. Undefined for a text that is not a record's object.
 */
export function createFieldDigester(names: readonly string[]): (body: string) => string | undefined {
  // Per part, its fields' slots: no name is put together per member.
  const slots = new Map<string, Map<string, number>>([
    ['content', new Map()],
    ['meta', new Map()],
  ]);
  names.forEach((name, i) => {
    const dot = name.indexOf('.');
    slots.get(name.slice(0, dot))?.set(name.slice(dot + 1), i);
  });
  const digests = new Array<string>(names.length);
  return (body) => {
    digests.fill(ABSENT);
    const whole = eachMember(body, 0, (part, start) => {
      const slot = slots.get(part);
      if (slot === undefined) return true;
      return eachMember(body, start, (name, from, to) => {
        const at = slot.get(name);
        if (at !== undefined) digests[at] = digestOf(body.slice(from, to));
        return true;
      });
    });
    return whole ? digests.join('') : undefined;
  };
}

/**
 * The digests of a line (`fieldDigests`) by part name, read with its run's `recordFields`; undefined
 * when they do not fit the names (a line edited by hand).
 */
export function readFieldDigests(digests: string, names: readonly string[]): ReadonlyMap<string, string> | undefined {
  const read = new Map<string, string>();
  let at = 0;
  for (const name of names) {
    const width = digests[at] === ABSENT ? 1 : FIELD_DIGEST_CHARS;
    if (at + width > digests.length) return undefined;
    read.set(name, digests.slice(at, at + width));
    at += width;
  }
  return at === digests.length ? read : undefined;
}

/**
 * Digests read from one run's lines ({@link readFieldDigests}) written for another run's `recordFields`;
 * undefined when a part the other run does not list was present (it could not be told apart).
 */
export function writeFieldDigests(digests: ReadonlyMap<string, string>, names: readonly string[]): string | undefined {
  const listed = new Set(names);
  for (const [name, digest] of digests) if (!listed.has(name) && digest !== ABSENT) return undefined;
  return names.map((name) => digests.get(name) ?? ABSENT).join('');
}

/**
 * The parts whose digests differ between two versions of a record, sorted (content fields first, by
 * name as the template has them; meta keys as `meta.<key>`). A part one run does not list is absent
 * from its record.
 */
export function fieldsThatDiffer(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .filter((name) => (before.get(name) ?? ABSENT) !== (after.get(name) ?? ABSENT))
    .map((name) => (name.startsWith('content.') ? name.slice('content.'.length) : name));
}
