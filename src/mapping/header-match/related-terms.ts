import { stem } from './words-of.js';

/**
 * Pairs of qualifiers that contradict each other: a header saying one and a field saying the other
 * (`Calc. bulk modulus` against `Bulk modulus / Measured`) are different quantities.
 */
export const OPPOSITE_QUALIFIERS: readonly (readonly [string, string])[] = [
  ['experimental', 'calculated'],
  ['minimum', 'maximum'],
  ['value', 'error'],
].map(([a, b]) => [stem(a!), stem(b!)] as const);

/**
 * Concepts that are not the same but often name the same column, with how alike they are: a
 * material's formula is its composition; an alloy is the material of an alloy table.
 */
export const RELATED: readonly (readonly [string, string, number])[] = [
  ['formula', 'composition', 0.7],
  ['alloy', 'material', 0.7],
  ['compound', 'material', 0.7],
  ['name', 'identifier', 0.7],
].map(([a, b, s]) => [stem(a as string), stem(b as string), s as number] as const);
