/** Quoted keys, cached: records repeat the same few field names millions of times. */
const quotedKeys = new Map<string, string>();

function quoteKey(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    // Bounded: a pathological input with endless distinct keys must not grow memory without limit.
    if (quotedKeys.size < 10000) quotedKeys.set(key, q);
  }
  return q;
}

function write(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = value[i];
          out += item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : write(item);
        }
        return `${out}]`;
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj);
      if (keys.length > 1) keys.sort();
      let out = '{';
      let first = true;
      for (const key of keys) {
        const v = obj[key];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        if (!first) out += ',';
        first = false;
        out += `${quoteKey(key)}:${write(v)}`;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}

/**
 * JSON text with object keys sorted (by UTF-16 code units) and no whitespace, so equal records give
 * equal text whatever order their keys were built in. Numbers are written as JSON writes them;
 * `undefined` members are left out, as `JSON.stringify` does.
 */
export function canonicalJson(value: unknown): string {
  return write(value);
}
