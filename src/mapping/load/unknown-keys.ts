import { didYouMean } from '../../util/did-you-mean.js';
import type { SpecMap } from './spec-node.js';

/** How the mapping's loader reports a problem at a node of the spec (its code, message, place, path and suggestions). */
export type Report = (code: string, message: string, node: { line: number; col: number }, path: string, suggestions?: string[]) => void;

/** Reports every key of `map` not in `allowed`, with the closest allowed keys. */
export function unknownKeys(map: SpecMap, allowed: readonly string[], path: string, report: Report): void {
  for (const [name, pos] of map.keyPos) {
    if (!allowed.includes(name)) {
      report(
        'MAPPING_UNKNOWN_KEY',
        `unknown key "${name}"${path ? ` in ${path}` : ''}`,
        pos,
        path ? `${path}.${name}` : name,
        didYouMean(name, allowed),
      );
    }
  }
}
