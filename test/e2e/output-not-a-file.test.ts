import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ingestArgs, ingestedSample, MAPPING, runCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** The outputs replaced by a rename, each with the command line that writes it to `target`. */
function replacedOutputs(input: string, report: string): [string, (target: string) => string[]][] {
  return [
    ['validate --html', (t) => ['validate', '--mapping', MAPPING, input, '--html', t]],
    ['validate --annotate', (t) => ['validate', '--mapping', MAPPING, input, '--annotate', t]],
    ['report --html', (t) => ['report', report, '--html', t]],
    ['report --annotate', (t) => ['report', report, '--annotate', t]],
    ['ingest --metrics-file', (t) => ingestArgs(input, report, '--metrics-file', t)],
  ];
}

/** The outputs written in place, each with the command line that writes it to `target`. */
function streamedOutputs(input: string, report: string): [string, (target: string) => string[]][] {
  return [
    ['validate --errors', (t) => ['validate', '--mapping', MAPPING, input, '--errors', t]],
    ['report --failed-out', (t) => ['report', report, '--failed-out', t]],
    ['report --uploaded-out', (t) => ['report', report, '--uploaded-out', t]],
    ['report --changed-out', (t) => ['report', report, '--changed-out', t]],
  ];
}

function errorCode(stderr: string): string | undefined {
  return /^error (\w+)/m.exec(stderr)?.[1];
}

describe('outputs never replace what is not a regular file (built CLI, sandbox over HTTP)', () => {
  test(
    'an output written beside its target and renamed, aimed at a FIFO someone reads, is refused (exit 2); the FIFO stays',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { env, input, report } = await ingestedSample(sandbox, dir);
        const stored = sandbox.records().length;
        for (const [what, args] of replacedOutputs(input, report)) {
          const fifo = path.join(dir, `${what.replace(/\W+/g, '-')}.fifo`);
          execFileSync('mkfifo', [fifo]);
          // A reader holds the pipe open, so the run is not refused for want of one.
          const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
          try {
            const result = await runCli(args(fifo), env);
            expect([what, result.code, errorCode(result.stderr)]).toEqual([what, 2, 'OUTPUT_NOT_A_FILE']);
            expect(result.stderr).toMatch(/is a FIFO \(named pipe\), not a regular file/);
          } finally {
            closeSync(reader);
          }
          expect([what, (await stat(fifo)).isFIFO()]).toEqual([what, true]);
        }
        // Before any work: nothing more was sent.
        expect(sandbox.records()).toHaveLength(stored);
      }),
    120_000,
  );

  test(
    'any output aimed at a directory is refused before any work (exit 2)',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { env, input, report } = await ingestedSample(sandbox, dir);
        const folder = path.join(dir, 'a-folder.csv');
        await mkdir(folder);
        for (const [what, args] of [...streamedOutputs(input, report), ...replacedOutputs(input, report)]) {
          const result = await runCli(args(folder), env);
          expect([what, result.code, errorCode(result.stderr)]).toEqual([what, 2, 'OUTPUT_NOT_A_FILE']);
          expect(result.stderr).toMatch(/is a directory, not a regular file/);
          expect((await stat(folder)).isDirectory()).toBe(true);
        }
        expect(sandbox.records()).toHaveLength(5);
      }),
    120_000,
  );

  // As root the rename would replace the device, so the check must come first; as another user the
  // rename would fail with another code, so OUTPUT_NOT_A_FILE still shows that the check ran.
  test(
    'an output replaced by a rename, aimed at /dev/full, is refused (exit 2); /dev/full stays a character device',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { env, input, report } = await ingestedSample(sandbox, dir);
        for (const [what, args] of replacedOutputs(input, report)) {
          const result = await runCli(args('/dev/full'), env);
          expect([what, result.code, errorCode(result.stderr)]).toEqual([what, 2, 'OUTPUT_NOT_A_FILE']);
          expect([what, (await stat('/dev/full')).isCharacterDevice()]).toEqual([what, true]);
        }
        // Written into, not replaced: a character device stays a fine place for a streamed output.
        const errors = await runCli(['report', report, '--log-file', '/dev/null'], env);
        expect([errors.code, errorCode(errors.stderr)]).toEqual([0, undefined]);
        expect((await stat('/dev/null')).isCharacterDevice()).toBe(true);
      }),
    120_000,
  );
});
