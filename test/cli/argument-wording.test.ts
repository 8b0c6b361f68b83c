import { runCliInProcess } from './run-cli-in-process.js';

test('a bad positional template id is named as `argument <tid>`, not as a flag', async () => {
  const result = await runCliInProcess(['templates', 'show', 'abc', '--sandbox']);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/^error OPTION_INVALID: argument <tid> /);
  expect(result.stderr).toContain('  at argument <tid>\n');
  expect(result.stderr).not.toContain('--tid');
});
