import type { Argv } from 'yargs';
import { COMMANDS, commandWord } from '../../src/cli/commands.js';

describe('COMMANDS', () => {
  test.each(COMMANDS.map((entry) => [commandWord(entry), entry] as const))(
    '%s: the line --help lists is the one its module registers',
    async (_word, entry) => {
      const calls: [string, string][] = [];
      const fake = { command: (command: string, describe: string) => (calls.push([command, describe]), fake) } as unknown as Argv;
      (await entry.load()).register(fake, { select: () => undefined, examples: () => undefined });
      expect(calls).toEqual([[entry.command, entry.describe]]);
    },
  );
});
