import { zeroCounts } from '../../src/report/report-lines.js';
import { uploadExitCode } from '../../src/upload/upload-exit-code.js';

const summary = (notUploaded: number, interrupted: boolean) => ({ counts: zeroCounts(), rows: 3, durationMs: 1, notUploaded, interrupted });

test.each([
  [0, false, 0],
  [2, false, 1],
  [0, true, 130],
  [2, true, 130],
])('%i rows not stored, interrupted %p → exit %i', (notUploaded, interrupted, code) => {
  expect(uploadExitCode(summary(notUploaded, interrupted))).toBe(code);
});
