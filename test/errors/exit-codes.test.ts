import { EXIT, exitCodeForError, exitCodeForReport, exitCodeForRun } from '../../src/cli/exit-codes.js';
import { MgeError, type ErrorKind } from '../../src/errors/mge-error.js';

describe('the CLI alone maps facts to exit codes', () => {
  test.each([
    // interrupted, stopped early, rows to check → code
    [false, false, 0, EXIT.ok],
    [false, false, 3, EXIT.rowsToCheck],
    [false, true, 0, EXIT.rowsToCheck],
    [false, true, 2, EXIT.rowsToCheck],
    [true, false, 0, EXIT.interrupted],
    [true, true, 5, EXIT.interrupted],
  ])(
    'a run: interrupted %p, stopped early by a row limit %p, %i rows to check → exit %i',
    (interrupted, stoppedEarly, rowsToCheck, code) => {
      expect(exitCodeForRun({ interrupted, stoppedEarly, rowsToCheck })).toBe(code);
    },
  );

  test('a row limit is 1, never 3: only a person resolves it, so it is nothing for a scheduler to retry', () => {
    expect(exitCodeForRun({ interrupted: false, stoppedEarly: true, rowsToCheck: 0 })).toBe(1);
    expect(EXIT.rowsToCheck).not.toBe(EXIT.aborted);
  });

  test.each<[ErrorKind, number]>([
    ['usage', 2],
    ['config', 2],
    ['mapping', 2],
    ['template', 2],
    ['source', 2],
    ['transient', 3],
    ['rejected', 3],
    ['fatal', 3],
    ['internal', 3],
  ])('an error of kind %s → exit %i', (kind, code) => {
    expect(exitCodeForError(new MgeError(kind, 'SOME_CODE', 'x'), false)).toBe(code);
  });

  test('anything that is not ours is a bug: 3 (the report is consistent, a re-run resumes); an interrupted command is 130 whatever it threw', () => {
    expect(exitCodeForError(new TypeError('x is undefined'), false)).toBe(3);
    expect(exitCodeForError(new MgeError('mapping', 'MAPPING_INVALID', 'x'), true)).toBe(130);
  });

  test('report: outstanding rows or an unfinished latest run → 1, else 0', () => {
    expect(exitCodeForReport({ outstanding: 0, unfinished: undefined })).toBe(0);
    expect(exitCodeForReport({ outstanding: 2, unfinished: undefined })).toBe(1);
    expect(exitCodeForReport({ outstanding: 0, unfinished: { why: 'stopped-early' } })).toBe(1);
  });
});
