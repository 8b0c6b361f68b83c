import type { Argv } from 'yargs';
import type { Logger } from 'pino';
import type { Settings } from '../config/settings.js';
import type { CommandFiles } from './check-command-files.js';
import type { CliIo } from './cli-io.js';
import type { PlatformSession } from '../pipeline/open-platform.js';
import { addExamples, type Example } from './help-examples.js';
import { addSettingOptions, type SettingGroup } from './setting-options.js';

/** What a command function gets besides its own typed options. */
export interface CommandContext {
  readonly io: CliIo;
  readonly settings: Settings;
  readonly logger: Logger;
  /** Aborted on SIGINT/SIGTERM. */
  readonly signal: AbortSignal;
  /** Aborted on a second SIGINT/SIGTERM (commands with `handlesSignal`): cancel what is in flight. */
  readonly hardSignal: AbortSignal;
  /** The command line as given (without `node` and the script), e.g. to print how to resume a run. */
  readonly argv: readonly string[];
  /** The platform (or, with `--sandbox`, an in-process sandbox); closed by the CLI after the command. */
  openPlatform(): Promise<PlatformSession>;
}

/** Raw parsed argv of yargs. */
export type Args = Readonly<Record<string, unknown>>;

/** The selected command, ready to run once yargs has finished parsing. */
export interface Selection {
  readonly args: Args;
  readonly groups: readonly SettingGroup[];
  readonly handlesSignal: boolean;
  readonly files: ((args: Args) => CommandFiles) | undefined;
  readonly run: (args: Args, context: CommandContext) => Promise<number>;
}

/** What a command tells the CLI as yargs builds and runs it. */
export interface RegisterHooks {
  /** Called with the selected command, once yargs has parsed its options. */
  readonly select: (selection: Selection) => void;
  /** Called with the examples of each command whose builder runs: `--help` shows the last ones. */
  readonly examples: (examples: readonly Example[]) => void;
}

/** A registration of one command (or command group) with yargs. */
export interface CliCommand {
  register(yargs: Argv, hooks: RegisterHooks): Argv;
}

export interface CommandSpec {
  /** yargs command string: `show <tid>`. */
  readonly command: string;
  readonly describe: string;
  /** Settings flag groups this command reads. */
  readonly settings: readonly SettingGroup[];
  /** The command's own options and positionals. */
  readonly builder?: (yargs: Argv) => Argv;
  /** `[command line, what it does]`, shown by `--help`, each command line whole on one line. */
  readonly examples: readonly Example[];
  /**
   * True when the command watches `context.signal` itself (drains, flushes, returns). Otherwise the CLI
   * stops waiting for it on SIGINT/SIGTERM and exits 130. @default false
   */
  readonly handlesSignal?: boolean;
  /**
   * The files the command reads and writes, by the options that name them: before the command runs
   * (and before the log file is opened) no output may be an input or another output.
   * @default undefined (only the settings' files: config, token, log)
   */
  readonly files?: (args: Args) => CommandFiles;
  /** argv → typed options → the plain command function; resolves with the exit code. */
  readonly run: (args: Args, context: CommandContext) => Promise<number>;
}

/** Turns a {@link CommandSpec} into a registration. */
export function defineCommand(spec: CommandSpec): CliCommand {
  return {
    register: (yargs, hooks) =>
      yargs.command(
        spec.command,
        spec.describe,
        (y) => addExamples(addSettingOptions(spec.builder ? spec.builder(y) : y, spec.settings), spec.examples, hooks.examples),
        (args) =>
          hooks.select({ args, groups: spec.settings, handlesSignal: spec.handlesSignal ?? false, files: spec.files, run: spec.run }),
      ),
  };
}

/** A command with subcommands (`templates list`, `templates show`). */
export function defineCommandGroup(
  command: string,
  describe: string,
  children: readonly CliCommand[],
  examples: readonly Example[] = [],
): CliCommand {
  return {
    register: (yargs, hooks) =>
      yargs.command(command, describe, (y) => {
        let built = addExamples(y, examples, hooks.examples);
        for (const child of children) built = child.register(built, hooks);
        return built.demandCommand(1, `give a ${command} subcommand`);
      }),
  };
}
