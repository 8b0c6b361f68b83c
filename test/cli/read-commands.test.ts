import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { manyTemplates } from '../fixtures/many-templates.js';
import { runBuiltCli } from './run-built-cli.js';
import { runCliInTurn } from './run-cli-in-process.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('mge-cli-');

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((r) => server.close(r));
  return url;
}

// The README demo and a user error go through the built CLI (start-up, stdout, exit code); the rest
// through the same runCli in this process, which spares a Node start and module load per run.
describe('read commands of the CLI', () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;
  beforeAll(async () => {
    const templatesFile = join(dir, 'many.json');
    writeFileSync(templatesFile, JSON.stringify({ templates: manyTemplates(48) }));
    sandbox = await startSandbox({ templatesFile });
    env = { MGE_BASE_URL: sandbox.url, MGE_TOKEN: 'sandbox-token' };
  });
  afterAll(() => sandbox.close());

  test('templates list --sandbox works with no settings at all (the README demo)', async () => {
    const result = await runBuiltCli(['templates', 'list', '--sandbox']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID\s+TITLE/);
    expect(result.stdout).toContain('101');
    expect(result.stderr).toBe('');
  });

  test('templates list --json gets all 48 templates across pages', async () => {
    const [result, filtered] = await Promise.all([
      runCliInTurn(['templates', 'list', '--json'], { env }),
      runCliInTurn(['templates', 'list', '--json', '--category', '21'], { env }),
    ]);
    expect(result.code).toBe(0);
    const list = JSON.parse(result.stdout) as { id: number; categoryId: number }[];
    expect(list).toHaveLength(48);
    const byCategory = JSON.parse(filtered.stdout) as { categoryId: number }[];
    expect(byCategory.length).toBe(16);
    expect(byCategory.every((t) => t.categoryId === 21)).toBe(true);
  });

  test('templates show prints the field tree, or JSON', async () => {
    const [human, jsonRun] = await Promise.all([
      runCliInTurn(['templates', 'show', '1003'], { env }),
      runCliInTurn(['templates', 'show', '101', '--json', '--sandbox']),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/名称\s+string\s+required/);
    expect(human.stdout).toMatch(/数值\s+number\s+\[MPa\]/);
    const json = JSON.parse(jsonRun.stdout) as { id: number; fields: { name: string }[] };
    expect(json.id).toBe(101);
    expect(json.fields.map((f) => f.name)).toContain('牌号');
  });

  test('a missing and an unpublished template exit 2 with the template code', async () => {
    const [missing, unpublished] = await Promise.all([
      runBuiltCli(['templates', 'show', '999'], { env }),
      runBuiltCli(['templates', 'show', '1048'], { env }),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error TEMPLATE_NOT_FOUND: /);
    expect(missing.stderr).toContain('at [GET templates/999]');
    expect(unpublished.code).toBe(2);
    expect(unpublished.stderr).toMatch(/^error TEMPLATE_UNPUBLISHED: /);
    expect(unpublished.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
  });

  test('categories and projects, as text and as parseable JSON', async () => {
    const [tree, english, projects, projectText] = await Promise.all([
      runCliInTurn(['categories', '--json'], { env }),
      runCliInTurn(['categories', '--accept-language', 'en'], { env }),
      runCliInTurn(['projects', '--json'], { env }),
      runCliInTurn(['projects'], { env }),
    ]);
    expect((JSON.parse(tree.stdout) as { id: number }[])[0]?.id).toBe(2);
    expect(english.stdout).toContain('Ni-based superalloys (12)');
    expect((JSON.parse(projects.stdout) as { topics: { id: string }[] }[])[0]?.topics[0]?.id).toBe('2016YFB0700101');
    expect(projectText.stdout).toContain('2016YFB0700101  示例课题一');
  });

  test('a wrong token exits 3 naming the problem, and the token is never printed or logged', async () => {
    const secret = 'wrong-token-0123456789';
    const logFile = join(dir, 'wrong-token.log');
    const result = await runCliInTurn(['templates', 'list', '--log-level', 'trace', '--log-file', logFile], {
      env: { ...env, MGE_TOKEN: secret },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error TOKEN_REJECTED: /);
    expect(result.stdout + result.stderr).not.toContain(secret);
    let logged: string;
    try {
      logged = readFileSync(logFile, 'utf8');
    } catch {
      logged = '';
    }
    expect(logged).not.toContain(secret);
  });

  test('a 200 HTML page where JSON was expected exits 3 with PROTOCOL_ERROR', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>single-page app</body></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await runCliInTurn(['projects'], { env: { MGE_BASE_URL: url, MGE_TOKEN: 't' } });
      expect(result.code).toBe(3);
      expect(result.stderr).toMatch(/^error PROTOCOL_ERROR: /);
    } finally {
      server.close();
    }
  });

  test('connection refused exits 3 with NETWORK_ERROR', async () => {
    const result = await runCliInTurn(['categories'], { env: { MGE_BASE_URL: await closedPortUrl(), MGE_TOKEN: 't' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error NETWORK_ERROR: /);
  });

  test('settings precedence: config file < environment < flag', async () => {
    const closed = await closedPortUrl();
    const config = join(dir, 'precedence.yaml');
    writeFileSync(config, `base-url: ${closed}\n`);
    const codes = await Promise.all([
      runCliInTurn(['projects', '--config', config], { env: { MGE_TOKEN: 'sandbox-token' } }),
      runCliInTurn(['projects', '--config', config], { env }),
      runCliInTurn(['projects', '--config', config, '--base-url', closed], { env }),
    ]);
    expect(codes.map((r) => r.code)).toEqual([3, 0, 3]);
  });

  test('config errors exit 2 pointing at the line', async () => {
    const config = join(dir, 'unknown-key.yaml');
    writeFileSync(config, 'rate: 2\nbase_url: http://x\n');
    const result = await runCliInTurn(['projects', '--config', config], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error CONFIG_KEY_UNKNOWN: /);
    expect(result.stderr).toContain(`at ${config}:2:1`);
  });

  test('usage errors exit 2: unknown command, a --token flag, a bad template id', async () => {
    const [unknown, tokenFlag, badId] = await Promise.all([
      runCliInTurn(['frobnicate']),
      runCliInTurn(['projects', '--token', 'abc'], { env }),
      runCliInTurn(['templates', 'show', 'abc'], { env }),
    ]);
    expect(unknown.code).toBe(2);
    expect(tokenFlag.code).toBe(2);
    expect(tokenFlag.stderr).toMatch(/^error USAGE: /);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toMatch(/^error OPTION_INVALID: /);
  });
});
