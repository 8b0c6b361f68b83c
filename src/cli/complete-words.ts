/**
 * The shell completion of the CLI without yargs: yargs' own answer (18.x, `Completion.defaultCompletion`)
 * computed from what each command context completes, as `describeCli` read it from yargs at build
 * time. Each Tab starts the CLI once, and loading yargs alone took twice the start of bare node.
 */

/** A command a context lists; `context` is the index of its own context when yargs enters it. */
export interface CompletionCommand {
  readonly name: string;
  readonly describe: string;
  readonly context?: number;
}

/** An option a context offers (positionals and hidden options are never offered). */
export interface CompletionOption {
  readonly key: string;
  /** `--no-<key>` on the line counts as the option given. */
  readonly negable: boolean;
  /** `--no-<key>` is offered beside `--<key>`. */
  readonly offersNegation: boolean;
  /** The other names yargs knows the option by (aliases, camel case): any of them given counts. */
  readonly aliases: readonly string[];
  /** What zsh and fish show beside it. */
  readonly describe: string;
}

/** What one command context (the top level, `templates`, `templates list`, …) completes. */
export interface CompletionContext {
  /** The command words that lead to it. */
  readonly commands: readonly string[];
  readonly subcommands: readonly CompletionCommand[];
  readonly options: readonly CompletionOption[];
  /** The values an option takes, by its key (yargs' `choices`). */
  readonly choices: Readonly<Record<string, readonly string[]>>;
  /** The aliases declared with `.alias()`, by key: an option's choices are found through them too. */
  readonly declaredAliases: Readonly<Record<string, readonly string[]>>;
}

/** The shells yargs writes completions for, as it tells them by `$SHELL` (and `$ZSH_NAME`). */
export type CompletionShell = 'bash' | 'zsh' | 'fish';

export function completionShell(env: Readonly<Record<string, string | undefined>>): CompletionShell {
  if (env['SHELL']?.includes('fish')) return 'fish';
  return env['SHELL']?.includes('zsh') || env['ZSH_NAME']?.includes('zsh') ? 'zsh' : 'bash';
}

function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The choices of the option before the word being completed (yargs' `getPreviousArgChoices`). */
function previousChoices(context: CompletionContext, words: readonly string[]): readonly string[] | undefined {
  let previous = words[words.length - 1]!;
  let filter = '';
  if (!previous.startsWith('-') && words.length > 1) {
    filter = previous;
    previous = words[words.length - 2]!;
  }
  if (!previous.startsWith('-')) return undefined;
  const key = previous.replace(/^-+/, '');
  for (const name of [key, ...(own(context.declaredAliases, key) ?? [])]) {
    const choices = own(context.choices, name);
    if (choices) return choices.filter((choice) => !filter || choice.startsWith(filter));
  }
  return undefined;
}

/** Whether the option is on the line already, by any of its names (yargs' `argsContainKey`). */
function given(words: readonly string[], option: CompletionOption): boolean {
  const has = (name: string): boolean => words.includes((/^[^0-9]$/.test(name) ? '-' : '--') + name);
  return has(option.key) || (option.negable && has(`no-${option.key}`)) || option.aliases.some(has);
}

function withDescription(name: string, describe: string, shell: CompletionShell): string {
  if (shell === 'fish') return `${name}\t${describe}`;
  return shell === 'zsh' ? `${name.replace(/:/g, '\\:')}:${describe}` : name;
}

/**
 * The words yargs would print for `--get-yargs-completions <words…>` (the program's name, the words
 * typed, the one under the cursor last), or undefined for a line yargs reads in ways this does not
 * follow (a command word past an option, say): those are left to yargs.
 */
export function completeWords(
  contexts: readonly CompletionContext[],
  words: readonly string[],
  shell: CompletionShell,
): string[] | undefined {
  if (words.length < 2 || words[0]!.startsWith('-') || contexts.length === 0) return undefined;
  let context = contexts[0]!;
  let at = 1;
  for (; at < words.length; at++) {
    const next = context.subcommands.find((c) => c.name === words[at])?.context;
    if (next === undefined || contexts[next] === undefined) break;
    context = contexts[next];
  }
  // yargs also enters a command whose word stands anywhere further on.
  const enters = new Set(context.subcommands.filter((c) => c.context !== undefined).map((c) => c.name));
  if ([words[0]!, ...words.slice(at)].some((word) => enters.has(word))) return undefined;

  const current = words[words.length - 1]!;
  const choices = previousChoices(context, words);
  const afterChoices = choices !== undefined && choices.length > 0;
  const out: string[] = [];
  if (!current.startsWith('-') && context.commands[context.commands.length - 1] !== current && !afterChoices) {
    for (const command of context.subcommands) {
      if (!words.includes(command.name)) out.push(withDescription(command.name, command.describe, shell));
    }
  }
  if ((current.startsWith('-') || (current === '' && out.length === 0)) && !afterChoices) {
    for (const option of context.options) {
      if (given(words, option)) continue;
      const dashes = !current.startsWith('--') && /^[^0-9]$/.test(option.key) ? '-' : '--';
      const shown = withDescription(option.key, option.describe, shell);
      out.push(dashes + shown);
      if (option.offersNegation) out.push(`${dashes}no-${shown}`);
    }
  }
  if (afterChoices) out.push(...(shell === 'fish' ? choices : choices.map((c) => c.replace(/:/g, '\\:'))));
  return out;
}
