import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { runCliInProcess } from './run-cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'mge-token-'));

describe('a token the Authorization header cannot carry', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  test('a two-line --token-file is TOKEN_INVALID (exit 2) naming the file, before any request', async () => {
    const tokenFile = join(dir, 'two-lines.token');
    writeFileSync(tokenFile, 'secret-first-line\nsecret-second-line\n');
    const before = sandbox.stats().requests;
    const result = await runCliInProcess(['templates', 'list', '--token-file', tokenFile], { env: { MGE_BASE_URL: sandbox.url } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error TOKEN_INVALID:/);
    expect(result.stderr).toContain(tokenFile);
    expect(result.stderr).toContain('--token-file');
    expect(result.stderr + result.stdout).not.toContain('secret');
    expect(sandbox.stats().requests).toBe(before);
  });

  test('MGE_TOKEN with inner whitespace is TOKEN_INVALID naming MGE_TOKEN; MGE_TOKEN_FILE names its path', async () => {
    const fromEnv = await runCliInProcess(['categories'], { env: { MGE_BASE_URL: sandbox.url, MGE_TOKEN: 'secret part\u0001' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(/^error TOKEN_INVALID:/);
    expect(fromEnv.stderr).toContain('MGE_TOKEN');
    expect(fromEnv.stderr).not.toContain('secret');
    const tokenFile = join(dir, 'spaced.token');
    writeFileSync(tokenFile, 'secret with spaces\n');
    const fromFile = await runCliInProcess(['projects'], { env: { MGE_BASE_URL: sandbox.url, MGE_TOKEN_FILE: tokenFile } });
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toMatch(/^error TOKEN_INVALID:/);
    expect(fromFile.stderr).toContain(tokenFile);
    expect(fromFile.stderr).not.toContain('secret');
  });

  test('a token file ending in one newline still works', async () => {
    const tokenFile = join(dir, 'ok.token');
    writeFileSync(tokenFile, `${sandbox.token}\n`);
    const result = await runCliInProcess(['categories', '--json', '--token-file', tokenFile], { env: { MGE_BASE_URL: sandbox.url } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(expect.any(Array));
  });
});
