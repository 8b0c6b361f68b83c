import { runCliInProcess } from './run-cli-in-process.js';
import { COMMANDS, commandsOfFlags, flagsInLiterals, type CommandName } from './flags-in-source.js';

/** The flags one `--help` lists (an option line, not a description that wraps onto a flag). */
async function helpFlags(command: readonly string[]): Promise<Set<string>> {
  const { stdout, code } = await runCliInProcess([...command, '--help']);
  expect(code).toBe(0);
  const flags = new Set<string>();
  // An option's description may wrap, its type then ends a continuation line.
  let current: string | undefined;
  for (const line of stdout.split('\n')) {
    const match = /^ {2,6}(?:-\w, )?(--[a-z][a-z0-9-]*)/.exec(line);
    if (match?.[1]) {
      current = match[1];
      flags.add(current);
    } else if (line.trim() === '') current = undefined;
    if (current !== undefined && /\[boolean]/.test(line)) flags.add(`--no-${current.slice(2)}`);
  }
  return flags;
}

/** Each command's flags, as its `--help` lists them. */
async function commandFlags(): Promise<Map<CommandName, Set<string>>> {
  const byCommand = new Map<CommandName, Set<string>>();
  for (const command of COMMANDS) byCommand.set(command, await helpFlags(command.split(' ')));
  return byCommand;
}

describe('the command a hint writes a flag for', () => {
  test.each([
    ['run `mge-ingest report FILE --failed-out rows.csv`', 'report'],
    ['$0 templates show 101 --json', 'templates show'],
    ['the rows to fix, as validate --errors does', 'validate'],
    ['start from `mge-ingest init <tid> --workbook FILE.xlsx`', 'init'],
    ["the platform's own workbook (init 201 --workbook), no mapping", 'init'],
    ['re-send with ingest --retry-uncertain if they are missing', 'ingest'],
    // After the command line ends, prose: no command is known.
    ['the rows `mge-ingest report FILE` lists as uncertain, then --retry-uncertain', undefined],
    ['Lower --rate or --concurrency, or try again later.', undefined],
    ['Give the --report file of an ingest run.', undefined],
  ])('%s → %s', (text, command) => {
    expect(commandsOfFlags(text).at(-1)?.command).toBe(command);
  });
});

test('every flag a message or hint names exists on the command line, on the command it is written for', async () => {
  const byCommand = await commandFlags();
  const all = new Set([...(await helpFlags([])), ...[...byCommand.values()].flatMap((f) => [...f])]);
  // yargs' completion protocol: what the printed completion script runs, never listed by --help.
  all.add('--get-yargs-completions');
  // A V8 flag the bin sets on itself (src/cli/tune-heap.ts), never shown to a user.
  all.add('--heap-growing-percent');
  // The help output itself is read right: each command's own flags, and none of another's.
  expect([...(byCommand.get('validate') ?? [])]).toEqual(
    expect.arrayContaining(['--mapping', '--errors', '--annotate', '--no-template-cache']),
  );
  expect([...(byCommand.get('report') ?? [])]).toEqual(expect.arrayContaining(['--failed-out', '--uploaded-out', '--input', '--json']));
  expect(byCommand.get('report')?.has('--errors')).toBe(false);
  expect(byCommand.get('sandbox')?.has('--fail-rate')).toBe(true);

  const named = flagsInLiterals();
  expect(named.length).toBeGreaterThan(50);
  // Most hints say their command: examples, `mge-ingest <command> …` hints, each command's own options.
  const placed = named.filter((n) => n.command !== undefined);
  expect(placed.length).toBeGreaterThan(60);
  expect(placed.filter((n) => !byCommand.get(n.command!)?.has(n.flag)).map(({ flag, command, file }) => ({ flag, command, file }))).toEqual(
    [],
  );
  // The rest is prose that several commands print (settings, platform errors, exit codes): it must
  // name a flag of some command.
  expect(named.filter((n) => !all.has(n.flag)).map(({ flag, file }) => ({ flag, file }))).toEqual([]);
});
