import { zeroCounts } from '../../src/report/report-lines.js';
import { uploadExitCode } from '../../src/upload/upload-exit-code.js';

const summary = (changed: number, uncertain: number, interrupted: boolean) => ({
  counts: zeroCounts(),
  rows: 3,
  durationMs: 1,
  notUploaded: changed + uncertain,
  toCheck: { invalid: 0, failed: 0, uncertain, changed },
  interrupted,
});

test.each([
  [0, 0, false, 0],
  [2, 0, false, 1],
  [0, 1, false, 1],
  [0, 0, true, 130],
  [2, 1, true, 130],
])('%i rows changed and %i uncertain, interrupted %p → exit %i', (changed, uncertain, interrupted, code) => {
  expect(uploadExitCode(summary(changed, uncertain, interrupted))).toBe(code);
});
