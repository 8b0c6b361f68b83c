import { access, constants, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Settings } from '../config/settings.js';
import { findPathClashes, type NamedPath, type PathClash } from '../util/find-path-clashes.js';
import { holdOutputPipes } from '../util/hold-output-pipes.js';
import { unwritableFile } from '../util/open-text-sink.js';
import { fileKindText } from '../util/file-kind-text.js';
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
  /**
   * Written beside the target and renamed over it (`--html`, `--annotate`), so the target must be a
   * regular file or none. @default false: written in place (into a FIFO or `/dev/null` too).
   */
  readonly replaced?: boolean | undefined;
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
export function commandFile(option: string, value: unknown, how: { readonly replaced?: boolean } = {}): CommandFile[] {
  return typeof value === 'string' && value !== '' ? [{ option, path: value, ...(how.replaced === true ? { replaced: true } : {}) }] : [];
}

/**
 * Refuses a target that is a directory, block device or socket, and for a renamed output a FIFO or
 * character device too (`validate --html /dev/full` as root once turned the device into an HTML file).
 */
async function checkOutputKind(output: { option: string; name: string; replaced?: boolean | undefined }, absolute: string): Promise<void> {
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined || info.isFile()) return;
  const writtenInto = info.isFIFO() || info.isCharacterDevice();
  if (writtenInto && output.replaced !== true) return;
  const kind = fileKindText(info);
  throw new UsageError('OUTPUT_NOT_A_FILE', `${output.option} ${output.name} is ${kind}, not a regular file`, {
    location: { field: output.option, file: output.name },
    hint: writtenInto
      ? `${output.option} is written beside its target and renamed over it, which would replace ${kind}: name a regular file (it is created if missing).`
      : `Name a file for ${output.option} (it is created if missing).`,
    details: { kind },
  });
}

/**
 * The code of an output written beside its target and renamed when its folder cannot take a new file:
 * the same code the write itself would end with, only before any work.
 */
const FOLDER_CODES: Readonly<Record<string, string>> = {
  '--annotate': 'ANNOTATE_FILE_UNWRITABLE',
  '--html': 'HTML_FILE_UNWRITABLE',
};

/**
 * Refuses an output written beside its target and renamed ({@link FOLDER_CODES}) whose folder does
 * not exist, is not a folder or cannot be written: found before the work, not after it (`--annotate`
 * into a missing folder used to end `INTERNAL`, exit 3, which tells a scheduler to retry).
 */
async function checkOutputFolder(output: { option: string; name: string }, absolute: string): Promise<void> {
  const code = FOLDER_CODES[output.option];
  if (code === undefined) return;
  const folder = path.dirname(absolute);
  const problem = await stat(folder).then(
    async (info) =>
      info.isDirectory()
        ? access(folder, constants.W_OK | constants.X_OK).then(
            () => undefined,
            (error: unknown) => error,
          )
        : new Error(`${folder} is not a folder`),
    (error: unknown) => error,
  );
  if (problem !== undefined) throw unwritableFile(code, output.name, output.option)(problem);
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
 * Refuses outputs that would write over an input, the config, token or log file, or each other, before
 * anything is opened for writing (ARCHITECTURE.md → "Invariants", No output destroys an input); holds
 * FIFO outputs open for the caller to close.
 * @throws UsageError `OUTPUT_IS_INPUT`, `OUTPUT_CLASH`, `OUTPUT_NOT_A_FILE`, `OUTPUT_NO_READER`; MgeError
 *   `ANNOTATE_FILE_UNWRITABLE`, `HTML_FILE_UNWRITABLE` for a folder that cannot be written (all usage, exit 2).
 */
export async function checkCommandFiles(files: CommandFiles, settings: Settings, cwd: string): Promise<FileHandle[]> {
  const named: {
    role: NamedPath['role'];
    option: string;
    name: string;
    regularOnly?: boolean | undefined;
    replaced?: boolean | undefined;
  }[] = [];
  const origin = (setting: string): string => settings.origins[setting] ?? setting;
  if (settings.configFile !== undefined) named.push({ role: 'input', option: origin('config'), name: settings.configFile });
  if (settings.tokenFile !== undefined) named.push({ role: 'input', option: origin('token-file'), name: settings.tokenFile });
  for (const file of files.inputs ?? []) named.push({ role: 'input', option: file.option, name: file.path });
  if (files.inputPatterns !== undefined) {
    const { option, patterns, recursive } = files.inputPatterns;
    // Problems (a missing file) are the run's to report, in its own order. Loaded on use (tinyglobby):
    // the command modules import commandFile to declare their files, and --help loads them all.
    const { expandInputFiles } = await import('../pipeline/expand-input-files.js');
    for (const file of await expandInputFiles(patterns, cwd, recursive)) named.push({ role: 'input', option, name: file });
  }
  if (files.reportPatterns !== undefined) {
    const { option, patterns } = files.reportPatterns;
    const { expandReportFiles } = await import('../pipeline/expand-report-files.js');
    for (const file of await expandReportFiles(patterns, cwd)) named.push({ role: 'input', option, name: file });
  }
  for (const file of files.outputs ?? [])
    named.push({ role: 'output', option: file.option, name: file.path, regularOnly: file.regularOnly, replaced: file.replaced });
  if (settings.logFile !== undefined) named.push({ role: 'output', option: origin('log-file'), name: settings.logFile });
  // Replaced by a rename at the end of the run, so it must be a regular file or none.
  if (files.settingOutputs?.includes('metrics-file') === true && settings.metricsFile !== undefined)
    named.push({ role: 'output', option: origin('metrics-file'), name: settings.metricsFile, regularOnly: true, replaced: true });
  const paths = await Promise.all(named.map(async (n) => ({ ...n, identity: await identifyPath(n.name, cwd) })));
  const [first] = findPathClashes(paths);
  if (first !== undefined) throw clashError(first);
  // The report and its lock are the run's to refuse, with codes of their own (REPORT_NOT_A_FILE).
  for (const p of paths)
    if (p.role === 'output' && (p.regularOnly !== true || p.replaced === true)) {
      await checkOutputKind(p, p.identity.path);
      if (p.replaced === true) await checkOutputFolder(p, p.identity.path);
    }
  return holdOutputPipes(
    paths
      .filter((p) => p.role === 'output' && p.identity.kind === 'other' && p.regularOnly !== true)
      .map((p) => ({ option: p.option, path: p.identity.path })),
  );
}
