import type { Argv } from 'yargs';

/** `[command line, what it does]`, shown by `--help`; `$0` stands for the program's name. */
export type Example = readonly [string, string];

/**
 * What yargs is given as a command's one example: its `Examples:` section then holds this line, which
 * {@link putExamples} replaces with the command's own. yargs lays examples out as a table two columns
 * wide, wrapping a command line over 2–3 lines that can no longer be copied; these are printed whole.
 */
const EXAMPLES_MARK = '@@mge-ingest-examples@@';

/**
 * Gives yargs the placeholder of `examples` (none when there are none) and reports them through `show`:
 * yargs shows the examples of the last command whose builder ran, so the last reported are the ones.
 */
export function addExamples(yargs: Argv, examples: readonly Example[], show: (examples: readonly Example[]) => void): Argv {
  show(examples);
  return examples.length === 0 ? yargs : yargs.example(EXAMPLES_MARK, '');
}

/** `text` cut at spaces into lines of at most `width` characters (a longer word keeps its own line). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * The help text with the placeholder line replaced by `examples`: each as a shell comment saying what it
 * does (wrapped to `width`), then its command line on one line, never wrapped, so it can be copied.
 */
export function putExamples(help: string, examples: readonly Example[], scriptName: string, width: number): string {
  const lines = help.split('\n');
  const at = lines.findIndex((line) => line.includes(EXAMPLES_MARK));
  if (at < 0) return help;
  const shown = examples.flatMap(([command, what]) => [
    ...wrapWords(what, Math.max(20, width - 4)).map((line) => `  # ${line}`),
    `  ${command.replaceAll('$0', scriptName)}`,
  ]);
  return [...lines.slice(0, at), ...shown, ...lines.slice(at + 1)].join('\n');
}
