import { munkres } from 'munkres';

/**
 * One column to one field: the assignment with the largest total of squared scores (Hungarian
 * algorithm). Squaring favors one strong match over two middling ones. Scores below `floor` are not
 * candidates. Returns [row, column] pairs of the matrix.
 */
export function assignPairs(scores: readonly (readonly number[])[], floor: number): [number, number][] {
  if (scores.length === 0 || scores[0]!.length === 0) return [];
  const cost = scores.map((row) => row.map((s) => (s >= floor ? -(s * s) : 0)));
  return munkres(cost).filter(([r, c]) => (scores[r]![c] ?? 0) >= floor);
}
