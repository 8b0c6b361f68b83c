import { MAX_ADVISED_UNKNOWN_KEYS, readConfigFile } from '../../src/config/read-config-file.js';

const KNOWN = new Set(['base-url', 'rate', 'concurrency', 'token-file']);
const problemsOf = (text: string) => readConfigFile('settings.yaml', KNOWN, () => text).problems;

describe('unknown config-file keys', () => {
  test('a near miss suggests the known key, at its line', () => {
    const [problem, ...rest] = problemsOf('rate: 2\nbaseUrl: https://h\n');
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'CONFIG_KEY_UNKNOWN', location: { file: 'settings.yaml', row: 2, col: 1 } });
    expect(problem?.message).toContain('did you mean "base-url"?');
  });

  test('a key like nothing known lists the known keys; `token` gets its own advice', () => {
    const [far, token] = problemsOf('zzz: 1\ntoken: abc\n');
    expect(far?.message).toContain('known: base-url, rate, concurrency, token-file');
    expect(token?.message).toContain('token never goes into a config file');
  });

  test('past the first few unknown keys, each is named at its line without advice (50,000 of them took seconds)', () => {
    const text = Array.from({ length: MAX_ADVISED_UNKNOWN_KEYS + 2 }, (_v, i) => `baseUrl${i}: 1\n`).join('');
    const problems = problemsOf(text);
    expect(problems.map((p) => [p.code, p.location.row, p.message.includes('did you mean')])).toEqual(
      Array.from({ length: MAX_ADVISED_UNKNOWN_KEYS + 2 }, (_v, i) => ['CONFIG_KEY_UNKNOWN', i + 1, i < MAX_ADVISED_UNKNOWN_KEYS]),
    );
    expect(problems.at(-1)?.message).toBe(`unknown setting "baseUrl${MAX_ADVISED_UNKNOWN_KEYS + 1}"`);
  });
});
