import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSettings } from '../../src/config/load-settings.js';
import { requirePlatformAccess } from '../../src/config/require-platform-access.js';
import { SettingsError } from '../../src/config/setting-problem.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('mge-settings-');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function thrown(run: () => unknown): SettingsError {
  try {
    run();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('loadSettings', () => {
  test('defaults when nothing is set', () => {
    const settings = loadSettings({ flags: {}, env: {}, cwd: dir });
    expect(settings).toMatchObject({
      rate: 5,
      concurrency: 4,
      maxRetries: 5,
      methodsWidth: 3,
      timeoutMs: 30000,
      logLevel: 'info',
      token: undefined,
      quiet: false,
    });
    expect(Object.isFrozen(settings)).toBe(true);
  });

  test('the exactly-once limits: --max-changes and --max-uncertain-streak from config, environment and flags', () => {
    expect(loadSettings({ flags: {}, env: {}, cwd: dir })).toMatchObject({ maxChanges: undefined, maxUncertainStreak: 10 });
    const config = file('limits.yaml', 'max-changes: 50\nmax-uncertain-streak: 4\n');
    expect(loadSettings({ flags: { config }, env: {}, cwd: dir })).toMatchObject({ maxChanges: 50, maxUncertainStreak: 4 });
    expect(loadSettings({ flags: { config }, env: { MGE_MAX_CHANGES: '0', MGE_MAX_UNCERTAIN_STREAK: '3' }, cwd: dir })).toMatchObject({
      maxChanges: 0,
      maxUncertainStreak: 3,
    });
    expect(
      loadSettings({ flags: { config, 'max-uncertain-streak': '2' }, env: { MGE_MAX_UNCERTAIN_STREAK: '3' }, cwd: dir }).maxUncertainStreak,
    ).toBe(2);
    const error = thrown(() => loadSettings({ flags: { 'max-uncertain-streak': '0', 'max-changes': '-1' }, env: {}, cwd: dir }));
    expect(error.problems.map((p) => p.location.field)).toEqual(['--max-changes', '--max-uncertain-streak']);
  });

  test('precedence: defaults < config file < environment < flags', () => {
    const config = file(
      'precedence.yaml',
      'rate: 2\nconcurrency: 3\nusername: from-config\nbase-url: https://config.example\ntimeout: 12\n',
    );
    const settings = loadSettings({
      flags: { config, rate: '9' },
      env: { MGE_RATE: '7', MGE_CONCURRENCY: '6', MGE_USERNAME: '' },
      cwd: dir,
    });
    expect(settings.rate).toBe(9);
    expect(settings.concurrency).toBe(6);
    expect(settings.username).toBe('from-config');
    expect(settings.baseUrl).toBe('https://config.example');
    expect(settings.timeoutMs).toBe(12000);
    expect(settings.maxRetries).toBe(5);
    expect(settings.configFile).toBe(config);
  });

  test('the token: --token-file > MGE_TOKEN > MGE_TOKEN_FILE > config token-file (relative to the config file)', () => {
    file('a.token', 'token-a\n');
    file('b.token', 'token-b');
    const config = file('with-token.yaml', 'token-file: b.token\n');
    expect(loadSettings({ flags: { config }, env: {}, cwd: '/' }).token).toBe('token-b');
    expect(loadSettings({ flags: { config }, env: { MGE_TOKEN_FILE: join(dir, 'a.token') }, cwd: '/' }).token).toBe('token-a');
    expect(loadSettings({ flags: { config }, env: { MGE_TOKEN: 'direct', MGE_TOKEN_FILE: join(dir, 'a.token') }, cwd: '/' }).token).toBe(
      'direct',
    );
    expect(loadSettings({ flags: { config, 'token-file': 'a.token' }, env: { MGE_TOKEN: 'direct' }, cwd: dir }).token).toBe('token-a');
  });

  test('a token flag, a token in the config file, an unreadable token file are errors', () => {
    expect(thrown(() => loadSettings({ flags: { token: 'x' }, env: {}, cwd: dir })).code).toBe('TOKEN_FLAG_FORBIDDEN');
    const config = file('plain-token.yaml', 'rate: 1\ntoken: secret\n');
    const error = thrown(() => loadSettings({ flags: { config }, env: {}, cwd: dir }));
    expect(error.code).toBe('CONFIG_KEY_UNKNOWN');
    expect(error.location).toMatchObject({ file: config, row: 2, col: 1 });
    expect(error.message).not.toContain('secret');
    expect(thrown(() => loadSettings({ flags: { 'token-file': 'missing.token' }, env: {}, cwd: dir })).code).toBe('TOKEN_FILE_UNREADABLE');
  });

  test('a token that cannot be a header is TOKEN_INVALID with where it came from, never its value', () => {
    const twoLines = file('two-lines.token', 'secret-1\nsecret-2\n');
    const fromFlag = thrown(() => loadSettings({ flags: { 'token-file': twoLines }, env: {}, cwd: dir }));
    expect([fromFlag.kind, fromFlag.code]).toEqual(['config', 'TOKEN_INVALID']);
    expect(fromFlag.location).toMatchObject({ field: '--token-file', file: twoLines });
    expect(fromFlag.message).not.toContain('secret');
    const fromEnv = thrown(() => loadSettings({ flags: {}, env: { MGE_TOKEN: 'secret inner' }, cwd: dir }));
    expect([fromEnv.code, fromEnv.location?.field]).toEqual(['TOKEN_INVALID', 'MGE_TOKEN (environment)']);
    expect(fromEnv.message).not.toContain('secret');
    const config = file('bad-token.yaml', 'token-file: two-lines.token\n');
    expect(thrown(() => loadSettings({ flags: { config }, env: {}, cwd: '/' })).location).toMatchObject({
      field: 'token-file',
      file: twoLines,
      row: 1,
    });
  });

  test('all problems are reported together, each with where it came from', () => {
    const config = file('bad.yaml', '# settings\nrate: fast\nconcurency: 2\nlog-level: loud\n');
    const error = thrown(() => loadSettings({ flags: { config, 'methods-width': '5' }, env: { MGE_BASE_URL: 'ftp://x' }, cwd: dir }));
    expect(error.kind).toBe('config');
    expect(error.code).toBe('SETTINGS_INVALID');
    const { problems } = error;
    expect(problems.map((p) => [p.code, p.location['row'] ?? p.location['field']])).toEqual([
      ['CONFIG_KEY_UNKNOWN', 3],
      ['SETTING_INVALID', 'MGE_BASE_URL (environment)'],
      ['SETTING_INVALID', 2],
      ['SETTING_INVALID', '--methods-width'],
      ['SETTING_INVALID', 4],
    ]);
  });

  test('invalid YAML and a non-mapping file point at their line', () => {
    const broken = file('broken.yaml', 'rate: 1\nrate: 2\n');
    const yamlError = thrown(() => loadSettings({ flags: { config: broken }, env: {}, cwd: dir }));
    expect(yamlError.code).toBe('CONFIG_YAML_INVALID');
    expect(yamlError.location?.row).toBe(2);
    const list = file('list.yaml', '- rate\n');
    expect(thrown(() => loadSettings({ flags: { config: list }, env: {}, cwd: dir })).code).toBe('CONFIG_NOT_A_MAP');
    expect(thrown(() => loadSettings({ flags: { config: join(dir, 'nope.yaml') }, env: {}, cwd: dir })).code).toBe(
      'CONFIG_FILE_UNREADABLE',
    );
  });

  test('requirePlatformAccess names both missing pieces at once', () => {
    const error = thrown(() => requirePlatformAccess(loadSettings({ flags: {}, env: {}, cwd: dir })));
    expect(error.problems.map((p) => p.code)).toEqual(['BASE_URL_MISSING', 'TOKEN_MISSING']);
    expect(requirePlatformAccess(loadSettings({ flags: {}, env: { MGE_BASE_URL: 'https://h/', MGE_TOKEN: 't' }, cwd: dir }))).toEqual({
      baseUrl: 'https://h',
      token: 't',
      allowInsecureHttp: false,
    });
  });

  test('a token over plain http:// to another machine is refused unless allowed; this machine is fine', () => {
    const access = (env: Record<string, string>, flags: Record<string, unknown> = {}): unknown =>
      requirePlatformAccess(loadSettings({ flags, env: { MGE_TOKEN: 't', ...env }, cwd: dir }));
    const refused = thrown(() => access({ MGE_BASE_URL: 'http://mgedata.example.cn' }));
    expect([refused.kind, refused.code]).toEqual(['config', 'BASE_URL_INSECURE']);
    expect(refused.message).toContain('mgedata.example.cn');
    expect(access({ MGE_BASE_URL: 'http://mgedata.example.cn', MGE_ALLOW_INSECURE_HTTP: '1' })).toMatchObject({ allowInsecureHttp: true });
    expect(access({ MGE_BASE_URL: 'http://mgedata.example.cn' }, { 'allow-insecure-http': true })).toMatchObject({
      allowInsecureHttp: true,
    });
    const config = file('insecure.yaml', 'allow-insecure-http: true\n');
    expect(access({ MGE_BASE_URL: 'http://10.0.0.5:8000' }, { config })).toMatchObject({ allowInsecureHttp: true });
    for (const local of ['http://127.0.0.1:8700', 'http://[::1]:8700', 'http://localhost', 'https://mgedata.example.cn']) {
      expect(access({ MGE_BASE_URL: local })).toMatchObject({ allowInsecureHttp: false });
    }
  });

  test('a base URL holding a password is refused without echoing the password', () => {
    const error = thrown(() =>
      loadSettings({ flags: { 'base-url': 'https://curator:hunter2-secret@mgedata.example.cn' }, env: {}, cwd: dir }),
    );
    expect(error.code).toBe('SETTING_INVALID');
    expect(JSON.stringify({ message: error.message, details: error.details, problems: error.problems })).not.toContain('hunter2-secret');
    expect(error.message).toContain('https://[redacted]@mgedata.example.cn');
  });
});
