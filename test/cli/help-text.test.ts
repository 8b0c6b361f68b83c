import { runCli } from '../../src/cli/run-cli.js';

async function help(args: readonly string[]): Promise<string> {
  let stdout = '';
  const io = { stdout: { write: (s: string) => void (stdout += s) }, stderr: { write: () => undefined }, env: {}, cwd: process.cwd() };
  expect(await runCli([...args, '--help'], io)).toBe(0);
  return stdout;
}

describe('--help', () => {
  test('validate documents --max-errors and not --max-changes, which it does not have', async () => {
    const text = await help(['validate']);
    expect(text).toContain('--max-errors');
    expect(text).not.toContain('max-changes');
    expect(text).not.toContain('MAX_CHANGES_REACHED');
  });

  test('ingest still documents both row limits', async () => {
    const text = (await help(['ingest'])).replace(/\s+/g, ' ');
    expect(text).toContain('A run stopped by --max-errors (MAX_ERRORS_REACHED) or --max-changes (MAX_CHANGES_REACHED) exits 1');
  });
});
