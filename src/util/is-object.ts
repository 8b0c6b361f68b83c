/** A plain JSON object (not null, not an array): the shape every parsed answer, template and report line is checked for first. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
