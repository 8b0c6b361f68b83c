import { MgeError, type ErrorLocation } from '../errors/mge-error.js';
import { formatLocation } from '../errors/format-location.js';

/** One thing wrong with the settings, and where it came from. */
export interface SettingProblem {
  readonly code: string;
  readonly message: string;
  readonly location: ErrorLocation;
}

/** One error for all problems found (a single problem keeps its own code). */
export function settingsError(problems: readonly SettingProblem[]): MgeError {
  const [first] = problems;
  if (first === undefined) throw new Error('settingsError needs at least one problem');
  if (problems.length === 1) {
    return new MgeError('config', first.code, first.message, { location: first.location, hint: 'See `mge-ingest --help` and the Configuration section of the README.', details: { problems } });
  }
  const lines = problems.map((p) => `  - ${p.message} (${formatLocation(p.location)})`).join('\n');
  // Each line names its own source; one shared location would only repeat the first.
  return new MgeError('config', 'SETTINGS_INVALID', `${problems.length} problems in the settings:\n${lines}`, {
    hint: 'Fix them all, then run again; see the Configuration section of the README.',
    details: { problems },
  });
}
