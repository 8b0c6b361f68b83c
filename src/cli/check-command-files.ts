import type { FileHandle } from 'node:fs/promises';
import type { Settings } from '../config/settings.js';
import { expandInputFiles } from '../pipeline/expand-input-files.js';
import { expandReportFiles } from '../pipeline/expand-report-files.js';
import { findPathClashes, type NamedPath, type PathClash } from '../util/find-path-clashes.js';
import { holdOutputPipes } from '../util/hold-output-pipes.js';
import { identifyPath } from '../util/identify-path.js';
import { UsageError } from './usage-error.js';

/** A file named on the command line, and the option that named it. */
export interface CommandFile {
  /** `--errors`, `<file>`, … */
  readonly option: string;
  /** As given (relative to the working directory). */
  readonly path: string;
  /**
   * An output the command itself requires to be a regular file, refusing anything else with its own
   * code (the report): not held open here even when it is a FIFO. @default false
   */
  readonly regularOnly?: boolean | undefined;
}

/** The files a command reads and writes, as its own options name them. */
export interface CommandFiles {
  readonly inputs?: readonly CommandFile[];
  /** Input files, directories or globs, expanded as the run will expand them. */
  readonly inputPatterns?: { readonly option: string; readonly patterns: readonly string[]; readonly recursive: boolean };
  /** Report files or globs (`report`), expanded as the command will expand them. */
  readonly reportPatterns?: { readonly option: string; readonly patterns: readonly string[] };
  readonly outputs?: readonly CommandFile[];
  /** Outputs named by settings this command writes (`metrics-file`), checked like its own outputs. */
  readonly settingOutputs?: readonly 'metrics-file'[];
}

/** A non-empty string option as a {@link CommandFile}, else nothing. */
export function commandFile(option: string, value: unknown): CommandFile[] {
  return typeof value === 'string' && value !== '' ? [{ option, path: value }] : [];
}

function clashError(clash: PathClash): UsageError {
  const { output, other } = clash;
  const what = other.role === 'input' ? 'an input of this command' : 'another output of this command';
  return new UsageError(
    other.role === 'input' ? 'OUTPUT_IS_INPUT' : 'OUTPUT_CLASH',
    `${output.option} ${output.name} is the same file as ${other.option} ${other.name} (${what})`,
    {
      location: { field: output.option, file: output.name },
      hint:
        other.role === 'input'
          ? `Writing ${output.option} would destroy ${other.option}: name another file for ${output.option}.`
          : `The two would write over each other: name different files for ${output.option} and ${other.option}.`,
      details: {
        output: { option: output.option, file: output.identity.path },
        other: { option: other.option, file: other.identity.path, role: other.role },
      },
    },
  );
}

/**
 * Refuses a command whose outputs would write over one of its inputs or over each other, before
 * anything is opened for writing (the log file included): the command's own files, the inputs as the
 * run will expand them (directories and globs), the config and token files, and the log file. Names
 * are compared by real path and device/inode (symbolic and hard links), a file not created yet by its
 * folder's real path. An output that is a FIFO is opened for writing at once and held open
 * (`holdOutputPipes`): the caller closes the handles returned when the command is done.
 * @throws UsageError `OUTPUT_IS_INPUT` or `OUTPUT_CLASH` (kind `usage`, exit 2) naming both files and
 *   their options; `OUTPUT_NO_READER` for a FIFO nobody reads.
 */
export async function checkCommandFiles(files: CommandFiles, settings: Settings, cwd: string): Promise<FileHandle[]> {
  const named: { role: NamedPath['role']; option: string; name: string; regularOnly?: boolean | undefined }[] = [];
  const origin = (setting: string): string => settings.origins[setting] ?? setting;
  if (settings.configFile !== undefined) named.push({ role: 'input', option: origin('config'), name: settings.configFile });
  if (settings.tokenFile !== undefined) named.push({ role: 'input', option: origin('token-file'), name: settings.tokenFile });
  for (const file of files.inputs ?? []) named.push({ role: 'input', option: file.option, name: file.path });
  if (files.inputPatterns !== undefined) {
    const { option, patterns, recursive } = files.inputPatterns;
    // Problems (a missing file) are the run's to report, in its own order.
    for (const file of await expandInputFiles(patterns, cwd, recursive)) named.push({ role: 'input', option, name: file });
  }
  if (files.reportPatterns !== undefined) {
    const { option, patterns } = files.reportPatterns;
    for (const file of await expandReportFiles(patterns, cwd)) named.push({ role: 'input', option, name: file });
  }
  for (const file of files.outputs ?? [])
    named.push({ role: 'output', option: file.option, name: file.path, regularOnly: file.regularOnly });
  if (settings.logFile !== undefined) named.push({ role: 'output', option: origin('log-file'), name: settings.logFile });
  // Replaced by a rename at the end of the run, so it must be a regular file or none.
  if (files.settingOutputs?.includes('metrics-file') === true && settings.metricsFile !== undefined)
    named.push({ role: 'output', option: origin('metrics-file'), name: settings.metricsFile, regularOnly: true });
  const paths = await Promise.all(named.map(async (n) => ({ ...n, identity: await identifyPath(n.name, cwd) })));
  const [first] = findPathClashes(paths);
  if (first !== undefined) throw clashError(first);
  return holdOutputPipes(
    paths
      .filter((p) => p.role === 'output' && p.identity.kind === 'other' && p.regularOnly !== true)
      .map((p) => ({ option: p.option, path: p.identity.path })),
  );
}
