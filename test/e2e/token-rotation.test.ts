import { writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { audit, ingestArgs, runCli, sampleCsv } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

const FIRST = 'first-token-7f3a9c';
const SECOND = 'second-token-0b4e21';
const ROWS = 40;

/** The CLI pointed at the sandbox with the token in a file, as a mounted secret gives it. */
function fileEnv(sandbox: Sandbox, dir: string, tokenFile: string): Record<string, string> {
  return { MGE_BASE_URL: sandbox.url, MGE_TOKEN_FILE: tokenFile, MGE_USERNAME: 'e2e-curator', XDG_CACHE_HOME: path.join(dir, 'cache') };
}

/** Every text the run left behind, to look for a token in. */
async function everything(dir: string, files: readonly string[], printed: { stdout: string; stderr: string }): Promise<string> {
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8').catch(() => '')));
  return [printed.stdout, printed.stderr, ...texts].join('\n');
}

describe('a token that expires mid-run (built CLI, sandbox over HTTP)', () => {
  test('the token file rotated when the platform starts refusing the token: the run reads it again and goes on, every row stored once', async () => {
    let tokenFile = '';
    let sandboxRef: Sandbox | undefined;
    await withSandbox(
      {
        tokens: [FIRST],
        expireTokenAfter: 10,
        // The secret store rewrites the file as the old token expires (before the refusal is sent).
        onTokenExpired: () => {
          writeFileSync(tokenFile, `${SECOND}\n`);
          sandboxRef?.setTokens([SECOND]);
        },
      },
      async (sandbox, dir, storeFile) => {
        sandboxRef = sandbox;
        tokenFile = path.join(dir, 'token');
        await writeFile(tokenFile, `${FIRST}\n`);
        const input = await sampleCsv(dir, ROWS);
        const report = path.join(dir, 'r.jsonl');
        const log = path.join(dir, 'run.log');
        const run = await runCli(
          ingestArgs(input, report, '--json', '--quiet', '--log-file', log, '--metrics-file', path.join(dir, 'run.prom')),
          fileEnv(sandbox, dir, tokenFile),
        );
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(sandbox.records()).toHaveLength(ROWS);
        // The second token was used: the first expired after 10 records.
        expect(sandbox.stats().byStatus[403] ?? 0).toBeGreaterThan(0);
        const a = await audit(storeFile, report);
        expect(a.duplicates).toEqual([]);
        expect(a.byStatus).toEqual({ uploaded: ROWS });
        const text = await everything(dir, ['r.jsonl', 'run.log', 'run.prom'], run);
        expect(text).not.toContain(FIRST);
        expect(text).not.toContain(SECOND);
      },
    );
  }, 60_000);

  test('a token file that still holds the refused token: the run stops (TOKEN_REJECTED, exit 3) and resumes once the file is rotated', async () => {
    let sandboxRef: Sandbox | undefined;
    await withSandbox(
      { tokens: [FIRST], expireTokenAfter: 10, onTokenExpired: () => sandboxRef?.setTokens([SECOND]) },
      async (sandbox, dir, storeFile) => {
        sandboxRef = sandbox;
        const tokenFile = path.join(dir, 'token');
        await writeFile(tokenFile, FIRST);
        const input = await sampleCsv(dir, ROWS);
        const report = path.join(dir, 'r.jsonl');
        const stopped = await runCli(ingestArgs(input, report), fileEnv(sandbox, dir, tokenFile));
        expect(stopped.code).toBe(3);
        expect(stopped.stderr).toContain('TOKEN_REJECTED');
        expect(stopped.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
        expect(sandbox.records()).toHaveLength(10);

        await writeFile(tokenFile, SECOND);
        const resumed = await runCli(ingestArgs(input, report, '--json'), fileEnv(sandbox, dir, tokenFile));
        expect(resumed.code).toBe(0);
        expect(sandbox.records()).toHaveLength(ROWS);
        expect((await audit(storeFile, report)).duplicates).toEqual([]);
        const text = await everything(dir, ['r.jsonl'], {
          stdout: `${stopped.stdout}${resumed.stdout}`,
          stderr: `${stopped.stderr}${resumed.stderr}`,
        });
        expect(text).not.toContain(FIRST);
        expect(text).not.toContain(SECOND);
      },
    );
  }, 60_000);
});
