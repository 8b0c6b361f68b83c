import type { Stats } from 'node:fs';
import { access, constants, lstat, stat } from 'node:fs/promises';
import { fileKindText } from '../util/file-kind-text.js';
import { realReportPath } from './acquire-report-lock.js';
import { reportInodeLockFile } from './report-inode-lock-file.js';
import { ReportError } from './report-errors.js';

/** The file's stats; undefined when it does not exist or cannot be looked at (opening it then says why). */
async function statOrMissing(read: () => Promise<Stats>): Promise<Stats | undefined> {
  return read().catch(() => undefined);
}

/**
 * Checks, before a run reads or sends anything, that the report (and with `forWriting`, its locks) is
 * absent or a regular file, writable: a directory, `/dev/null`, a FIFO or a socket would fail only
 * after rows were sent, or never hold what was sent.
 * @throws ReportError `REPORT_NOT_A_FILE`, `REPORT_LOCK_NOT_A_FILE` (usage), `REPORT_NOT_WRITABLE` (config).
 */
export async function checkReportPath(
  reportFile: string,
  options: { readonly forWriting: boolean; readonly option?: string },
): Promise<void> {
  const option = options.option ?? '--report';
  const info = await statOrMissing(() => stat(reportFile));
  if (info !== undefined && !info.isFile()) {
    throw new ReportError('REPORT_NOT_A_FILE', `the report ${reportFile} is ${fileKindText(info)}, not a regular file`, {
      location: { field: option, file: reportFile },
      hint: 'A report is an append-only JSON-lines file: name a file (it is created if it does not exist).',
      details: { kind: fileKindText(info) },
    });
  }
  if (!options.forWriting) return;
  if (info !== undefined) {
    await access(reportFile, constants.W_OK).catch((cause: unknown) => {
      throw new ReportError('REPORT_NOT_WRITABLE', `cannot append to the report ${reportFile}`, {
        location: { field: option, file: reportFile },
        hint: 'Check the permissions of the report file.',
        cause,
      });
    });
  }
  const real = await realReportPath(reportFile);
  const lockFiles = [`${real}.lock`, ...(info !== undefined ? [await reportInodeLockFile(real)] : [])];
  for (const lockFile of lockFiles) {
    const lock = await statOrMissing(() => lstat(lockFile));
    if (lock === undefined || lock.isFile()) continue;
    throw new ReportError('REPORT_LOCK_NOT_A_FILE', `the report's lock ${lockFile} is ${fileKindText(lock)}, not a regular file`, {
      location: { field: option, file: lockFile },
      hint: 'Remove it, or name another report: the lock is a small file the run creates next to the report and removes at the end.',
      details: { kind: fileKindText(lock) },
    });
  }
}
