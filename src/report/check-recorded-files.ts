import path from 'node:path';
import { samePath } from '../util/find-path-clashes.js';
import { identifyPath, type PathIdentity } from '../util/identify-path.js';
import { ReportError } from './report-errors.js';
import type { RunLine } from './run-line.js';

/** An output of `report` (`--failed-out`, `--html`, …) and the name it was given. */
export interface ReportOutput {
  readonly option: string;
  readonly file: string;
}

/** A file a report's run lines name: an input the run read, or its mapping. */
interface RecordedFile {
  readonly what: 'input' | 'mapping';
  readonly name: string;
  readonly identity: PathIdentity;
}

/**
 * The files the runs of the reports name (their inputs and mappings) that exist now. A run line names
 * a file as its run was given it, relative to a working directory the line does not keep: each name is
 * tried against this command's working directory and against the report's folder.
 */
async function recordedFiles(runs: readonly RunLine[], reportDirs: readonly string[], cwd: string): Promise<RecordedFile[]> {
  const named = new Map<string, RecordedFile['what']>();
  for (const run of runs) {
    for (const input of run.inputs) if (typeof input.file === 'string' && input.file !== '') named.set(input.file, 'input');
    const mapping = run.mapping.file;
    if (typeof mapping === 'string' && mapping !== '' && !named.has(mapping)) named.set(mapping, 'mapping');
  }
  const bases = [...new Set([cwd, ...reportDirs])];
  const found: RecordedFile[] = [];
  const seen = new Set<string>();
  for (const [name, what] of named) {
    for (const base of bases) {
      const absolute = path.resolve(base, name);
      if (seen.has(absolute)) continue;
      seen.add(absolute);
      const identity = await identifyPath(absolute, cwd);
      // A file that is gone (moved by --move-done, deleted) loses nothing to a write.
      if (identity.kind === 'file') found.push({ what, name, identity });
    }
  }
  return found;
}

/**
 * Refuses an output of `report` that is an input or mapping its reports' runs read (real path and
 * device/inode), known only once the reports are read: `--failed-out in.csv` used to cut the input
 * down to its failed rows. The command's own files are checked in src/cli/check-command-files.ts.
 * @throws ReportError `OUTPUT_IS_INPUT` (kind `usage`, exit 2).
 */
export async function checkRecordedFiles(
  outputs: readonly ReportOutput[],
  runs: readonly RunLine[],
  reports: readonly string[],
  cwd: string,
): Promise<void> {
  if (outputs.length === 0) return;
  const recorded = await recordedFiles(
    runs,
    reports.map((report) => path.dirname(path.resolve(cwd, report))),
    cwd,
  );
  for (const output of outputs) {
    const identity = await identifyPath(output.file, cwd);
    const other = recorded.find((r) => samePath(identity, r.identity));
    if (other === undefined) continue;
    const what = other.what === 'input' ? 'an input' : 'the mapping';
    throw new ReportError('OUTPUT_IS_INPUT', `${output.option} ${output.file} is ${other.name}, ${what} the report's runs read`, {
      location: { field: output.option, file: output.file },
      hint: `Writing ${output.option} would destroy ${what} the report names: name another file for ${output.option}.`,
      details: { output: { option: output.option, file: identity.path }, other: { file: other.identity.path, role: other.what } },
    });
  }
}
