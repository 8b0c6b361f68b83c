import { isMgeError } from '../errors/mge-error.js';

/**
 * The `--json` error on stdout: `{"schemaVersion": 1, "error": {code, kind, message, location, hint}}`
 * with each problem of a list (`MAPPING_INVALID`); the text still goes to stderr; a bug is `INTERNAL`.
 */
export function formatErrorJson(error: unknown): string {
  if (!isMgeError(error) || error.kind === 'internal') {
    return errorJson({
      code: 'INTERNAL',
      kind: 'internal',
      message: 'an unexpected failure (a bug in mge-ingest; please report it with the output on stderr)',
    });
  }
  const problems = (error as { readonly problems?: unknown }).problems;
  const body = {
    code: error.code,
    kind: error.kind,
    message: error.message,
    ...(error.location === undefined ? {} : { location: error.location }),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    ...(Array.isArray(problems) ? { problems } : {}),
  };
  return errorJson(body);
}

/** The error object as printed: versioned by `schema/error-output.schema.json` (a field renamed or removed bumps it). */
function errorJson(body: Readonly<Record<string, unknown>>): string {
  return `${JSON.stringify({ schemaVersion: 1, error: body }, null, 2)}\n`;
}

/**
 * Whether the command line asked for JSON, for an error met before the settings are read (a usage
 * error of the parser, a setting that does not parse): `--json`, `--json=true`, `--no-json` last wins.
 */
export function argvAsksJson(argv: readonly string[]): boolean {
  let json = false;
  for (const arg of argv) {
    if (arg === '--') break;
    if (arg === '--json' || arg === '--json=true') json = true;
    else if (arg === '--no-json' || arg === '--json=false') json = false;
  }
  return json;
}
