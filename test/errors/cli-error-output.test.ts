import { exitCodeForError } from '../../src/cli/exit-codes.js';
import { formatError } from '../../src/cli/format-error.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { SettingsError } from '../../src/config/setting-problem.js';
import { MappingError, MappingInvalidError } from '../../src/mapping/mapping-errors.js';
import { RunStoppedError } from '../../src/pipeline/run-stopped-error.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';
import { zeroCounts } from '../../src/report/report-lines.js';
import { SourceError } from '../../src/sources/source-error.js';
import { RunStopError } from '../../src/upload/stop-error.js';

const summary = {
  counts: zeroCounts(),
  rows: 0,
  durationMs: 0,
  notUploaded: 0,
  toCheck: { invalid: 0, failed: 0, uncertain: 0, changed: 0 },
  interrupted: false,
  stoppedBy: undefined,
};

/** What the user sees, and what the shell gets. */
const shown = (error: unknown): [string[], number] => [formatError(error).trimEnd().split('\n'), exitCodeForError(error, false)];

describe("the CLI's form of an error: the printed lines and the exit code", () => {
  test('a mapping that does not fit: every problem with its place, no stack, exit 2', () => {
    const error = new MappingInvalidError('m.yaml', [
      { code: 'MAPPING_UNKNOWN_FIELD', message: 'unknown field "x"', line: 3, col: 2, path: 'content.x' },
    ]);
    expect(shown(error)).toEqual([
      [
        'error MAPPING_INVALID: the mapping has 1 problem(s):',
        'm.yaml:3:2 MAPPING_UNKNOWN_FIELD unknown field "x"',
        '  at m.yaml:3:2 field content.x',
        '  hint: Fix every listed line of the mapping, then run the command again.',
      ],
      2,
    ]);
  });

  test('a too-deep mapping: its place and hint, exit 2', () => {
    const [lines, code] = shown(
      new MappingError('MAPPING_TOO_DEEP', 'deep.yaml:67:3 the mapping nests deeper than 64 levels', {
        location: { file: 'deep.yaml', row: 67, col: 3 },
        hint: 'flatten it',
      }),
    );
    expect([lines, code]).toEqual([
      ['error MAPPING_TOO_DEEP: deep.yaml:67:3 the mapping nests deeper than 64 levels', '  at deep.yaml:67:3', '  hint: flatten it'],
      2,
    ]);
  });

  test('an input file, the settings, the command line: exit 2, each at its place', () => {
    expect(shown(new SourceError('SOURCE_NOT_FOUND', 'the file does not exist', { file: 'a.csv' }))).toEqual([
      ['error SOURCE_NOT_FOUND: the file does not exist', '  at a.csv'],
      2,
    ]);
    expect(
      shown(new SettingsError([{ code: 'SETTING_INVALID', message: 'rate must be a number ≥ 0', location: { field: '--rate' } }]))[1],
    ).toBe(2);
    // A positional argument reads as what the user typed, not as a field.
    expect(shown(new UsageError('OPTION_INVALID', 'argument <tid> must be an id', { location: { field: '<tid>' } }))).toEqual([
      ['error OPTION_INVALID: argument <tid> must be an id', '  at argument <tid>'],
      2,
    ]);
  });

  test('a run stopped part-way (token, breaker, an input error after uploads): exit 3, the stopping code', () => {
    const token = new PlatformRequestError(
      'TOKEN_REJECTED',
      'the platform rejected the token',
      { endpoint: 'POST data/full', status: 403, requestSent: true },
      { hint: 'Renew the token.' },
    );
    expect(shown(token)).toEqual([
      ['error TOKEN_REJECTED: the platform rejected the token', '  at [POST data/full]', '  hint: Renew the token.'],
      3,
    ]);
    expect(shown(new RunStoppedError(new RunStopError('UNCERTAIN_STREAK', undefined, 10), summary))[1]).toBe(3);
    const input = new RunStoppedError(new SourceError('SOURCE_CSV_SYNTAX', 'a quote is not closed', { file: 'a.csv', row: 7 }), summary);
    expect(shown(input)).toEqual([['error SOURCE_CSV_SYNTAX: a quote is not closed', '  at a.csv:7'], 3]);
  });

  test('a bug: INTERNAL with its stack (to be reported), exit 3; ours marked internal likewise', () => {
    const [lines, code] = shown(new TypeError('x is undefined'));
    expect([lines[0], lines[1], code]).toEqual([
      'error INTERNAL: an unexpected failure (a bug in mge-ingest; please report it with this output)',
      'TypeError: x is undefined',
      3,
    ]);
    const [ours] = shown(new RunStopError('INTERNAL_ERROR'));
    expect(ours[0]).toMatch(/^error INTERNAL:/);
    expect(ours.some((l) => /^\s+at /.test(l))).toBe(true);
  });
});
