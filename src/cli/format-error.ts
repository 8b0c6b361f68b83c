import { formatLocation } from '../errors/format-location.js';
import { isMgeError } from '../errors/mge-error.js';

/**
 * The one message a user sees for an error: `error CODE: message`, then `at <location>` and
 * `hint: ...` when known. Internal errors (bugs) carry their stack so they can be reported.
 */
export function formatError(error: unknown): string {
  if (isMgeError(error) && error.kind !== 'internal') {
    const lines = [`error ${error.code}: ${error.message}`];
    // A positional argument is no "field": `at argument <tid>` reads as what the user typed.
    const argument = error.location?.field?.startsWith('<') && Object.keys(error.location).length === 1 ? error.location.field : undefined;
    const where = argument === undefined ? formatLocation(error.location) : `argument ${argument}`;
    if (where) lines.push(`  at ${where}`);
    if (error.hint) lines.push(`  hint: ${error.hint}`);
    return lines.join('\n') + '\n';
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `error INTERNAL: an unexpected failure (a bug in mge-ingest; please report it with this output)\n${stack}\n`;
}
