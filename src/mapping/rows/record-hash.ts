import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** sha256 hex of a text (one-shot: cheaper per row than a Hash object). */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** sha256 hex of the canonical JSON of a record (or of any JSON value, e.g. a row's source values). */
export function recordHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
