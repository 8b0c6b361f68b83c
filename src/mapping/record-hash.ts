import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** sha256 hex of the canonical JSON of a record (or of any JSON value, e.g. a row's source values). */
export function recordHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
