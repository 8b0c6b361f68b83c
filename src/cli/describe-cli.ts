import type { Argv } from 'yargs';
import type { CompletionCommand, CompletionContext, CompletionOption } from './complete-words.js';
import { parseCommandLine } from './parse-command-line.js';
import { SCRIPT_NAME } from './script-name.js';
import { COMPLETIONS_FLAG, HELP_WIDTHS, type StartAnswers } from './start-answers.js';

/**
 * The parts of a yargs 18 instance that its completion reads and its typings leave out. Reading them
 * here ties this file to yargs' insides: test/cli/start-answers.test.ts holds every answer to yargs' own.
 */
interface YargsInsides {
  getOptions(): {
    key: Record<string, unknown>;
    boolean: string[];
    hiddenOptions: string[];
    default: Record<string, unknown>;
    choices: Record<string, unknown>;
    configuration: Record<string, unknown>;
  };
  getGroups(): Record<string, string[] | undefined>;
  getAliases(): Record<string, string[]>;
  getInternalMethods(): {
    getContext(): { commands: string[] };
    getUsageInstance(): {
      getCommands(): [string, string | undefined][];
      getDescriptions(): Record<string, unknown>;
      getPositionalGroupName(): string;
    };
  };
  parsed: { aliases: Record<string, string[] | undefined> } | false;
}

/** A command's word in its yargs command string, as yargs' `parseCommand` takes it (`validate <inputs..>` → `validate`). */
function commandName(command: string): string {
  return (command.replace(/\s{2,}/g, ' ').split(/\s+(?![^[]*]|[^<]*>)/)[0] ?? '').replace(/\.*[\][<>]/g, '');
}

type ReadContext = Omit<CompletionContext, 'subcommands'> & { readonly subcommands: readonly Omit<CompletionCommand, 'context'>[] };

/** What the parser completes in the context it is in, as yargs' `defaultCompletion` reads it. */
function readContext(parser: YargsInsides): ReadContext {
  const usage = parser.getInternalMethods().getUsageInstance();
  const options = parser.getOptions();
  const positionals = parser.getGroups()[usage.getPositionalGroupName()] ?? [];
  const aliases = parser.parsed ? parser.parsed.aliases : {};
  const descriptions = usage.getDescriptions();
  const negation = !!options.configuration['boolean-negation'];
  const offered: CompletionOption[] = [];
  const choices: Record<string, readonly string[]> = {};
  for (const key of Object.keys(options.key)) {
    const values = options.choices[key];
    if (Array.isArray(values)) choices[key] = values.map(String);
    if (positionals.includes(key)) {
      // yargs completes a positional's choices by its place on the line, which this does not follow.
      if (Array.isArray(values) && values.length > 0) throw new Error(`the positional ${key} has choices: extend complete-words.ts`);
      continue;
    }
    if (options.hiddenOptions.includes(key)) continue;
    const names = aliases[key];
    if (!Array.isArray(names)) throw new Error(`yargs knows no aliases of --${key}`);
    const withText = names.find((name) => typeof descriptions[name] === 'string' && descriptions[name] !== '');
    const text = descriptions[key] ?? (withText === undefined ? undefined : descriptions[withText]) ?? '';
    if (typeof text !== 'string') throw new Error(`the description of --${key} is no text`);
    const negable = negation && options.boolean.includes(key);
    offered.push({
      key,
      negable,
      offersNegation: negable && !!options.default[key],
      aliases: names,
      describe: text.replace('__yargsString__:', '').replace(/(\r\n|\n|\r)/gm, ' '),
    });
  }
  return {
    commands: [...parser.getInternalMethods().getContext().commands],
    subcommands: usage.getCommands().map(([command, describe]) => ({ name: commandName(command), describe: describe || '' })),
    options: offered,
    choices,
    declaredAliases: parser.getAliases(),
  };
}

/** The context a completion request for `commands` is answered in. */
async function contextOf(commands: readonly string[]): Promise<ReadContext> {
  let read: ReadContext | undefined;
  const request = [COMPLETIONS_FLAG, SCRIPT_NAME, ...commands, ''];
  await parseCommandLine(request, {
    width: 100,
    onCompletionRequest: (parser: Argv) => (read = readContext(parser as unknown as YargsInsides)),
  });
  if (read === undefined) throw new Error(`yargs asked for no completion of ${request.join(' ')}`);
  return read;
}

/** Every context a completion enters, from `commands` down, into `contexts`; resolves with its index. */
async function describeContexts(commands: readonly string[], read: ReadContext, contexts: CompletionContext[]): Promise<number> {
  const index = contexts.length;
  const subcommands: CompletionCommand[] = [];
  contexts.push({ ...read, subcommands });
  for (const command of read.subcommands) {
    const path = [...commands, command.name];
    const inner = await contextOf(path);
    // A command yargs enters has a context of its own (`completion` has none: it only prints the script).
    const enters = inner.commands.join(' ') === path.join(' ');
    subcommands.push(enters ? { ...command, context: await describeContexts(path, inner, contexts) } : command);
  }
  return index;
}

/**
 * What `--help` prints (in English, at each of `HELP_WIDTHS`) and what every command context
 * completes, read from yargs with every command loaded: the build writes it for the bin (`answerAtStart`).
 */
export async function describeCli(): Promise<StartAnswers> {
  const help: Record<string, string> = {};
  for (const width of HELP_WIDTHS) {
    const { output } = await parseCommandLine(['--help'], { width, locale: 'en_US' });
    help[String(width)] = output.endsWith('\n') ? output : `${output}\n`;
  }
  const completion: CompletionContext[] = [];
  await describeContexts([], await contextOf([]), completion);
  return { help, completion };
}
