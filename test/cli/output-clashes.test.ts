import { copyFile, link, readFile, symlink, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { envFor, MAPPING, sampleCsv, tempDir } from '../e2e/ingest-harness.js';
import { runBuiltCli } from './run-built-cli.js';

/** Every named file's bytes, to prove a refused command changed none of them. */
async function snapshot(files: readonly string[]): Promise<Map<string, Buffer>> {
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(f)] as const)));
}

async function expectUnchanged(before: Map<string, Buffer>): Promise<void> {
  for (const [file, bytes] of before) expect((await readFile(file)).equals(bytes)).toBe(true);
}

/** The first line of stderr: `error CODE: message`. */
const firstLine = (stderr: string): string => stderr.split('\n')[0] ?? '';

describe('no output may be an input or another output (built CLI)', () => {
  let sandbox: Sandbox;
  let dir: string;
  let input: string;
  let mapping: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    dir = await tempDir();
    input = await sampleCsv(dir, 5);
    mapping = path.join(dir, 'mapping.yaml');
    await copyFile(MAPPING, mapping);
  });
  afterAll(() => sandbox.close());

  test('validate X --errors X leaves the input whole, names both options, exit 2', async () => {
    const before = await snapshot([input, mapping]);
    const same = await runBuiltCli(['validate', '--mapping', mapping, input, '--errors', input], { env: envFor(sandbox, dir) });
    expect(same.code).toBe(2);
    expect(firstLine(same.stderr)).toMatch(/^error OUTPUT_IS_INPUT: --errors .*input\.csv is the same file as <inputs> .*input\.csv/);
    expect(same.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    const onMapping = await runBuiltCli(['validate', '--mapping', mapping, input, '--errors', mapping], { env: envFor(sandbox, dir) });
    expect([onMapping.code, firstLine(onMapping.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --errors .* --mapping /)]);
    const html = await runBuiltCli(['validate', '--mapping', mapping, input, '--html', input], { env: envFor(sandbox, dir) });
    expect([html.code, firstLine(html.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --html .* <inputs> /)]);
    await expectUnchanged(before);
  });

  test('a hard link, a symbolic link and a file found by expanding a folder are the same file', async () => {
    const folder = path.join(dir, 'drop');
    await mkdir(folder);
    const inFolder = await sampleCsv(folder, 3, 'a.csv');
    const hard = path.join(dir, 'hard.csv');
    await link(input, hard);
    const soft = path.join(dir, 'soft.csv');
    await symlink(input, soft);
    const before = await snapshot([input, inFolder]);
    for (const [inputs, errors] of [[[input], hard], [[input], soft], [[folder], path.join(folder, 'a.csv')], [[path.join(folder, '*.csv')], inFolder]] as const) {
      const result = await runBuiltCli(['validate', '--mapping', mapping, ...inputs, '--errors', errors], { env: envFor(sandbox, dir) });
      expect([result.code, firstLine(result.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --errors /)]);
    }
    await expectUnchanged(before);
  });

  test('report R --failed-out R and --log-file through a link to R: refused, the report unchanged', async () => {
    const report = path.join(dir, 'kept.report.jsonl');
    await writeFile(report, '{"type":"note"}\n');
    const viaLink = path.join(dir, 'logs-link.log');
    await symlink(report, viaLink);
    const before = await snapshot([report]);
    const failedOut = await runBuiltCli(['report', report, '--failed-out', report]);
    expect([failedOut.code, firstLine(failedOut.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --failed-out .* <file> \(the report\) /)]);
    const logFile = await runBuiltCli(['report', report, '--log-file', viaLink]);
    expect([logFile.code, firstLine(logFile.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --log-file .*logs-link\.log .* <file> \(the report\) /)]);
    for (const option of ['--html', '--uploaded-out']) {
      const onReport = await runBuiltCli(['report', report, option, viaLink]);
      expect([onReport.code, firstLine(onReport.stderr)]).toEqual([2, expect.stringMatching(new RegExp(`^error OUTPUT_IS_INPUT: ${option} .* <file> \\(the report\\) `))]);
    }
    const twoOutputs = await runBuiltCli(['report', report, '--html', path.join(dir, 'same.out'), '--uploaded-out', path.join(dir, 'same.out')]);
    expect([twoOutputs.code, firstLine(twoOutputs.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_CLASH: /)]);
    await expectUnchanged(before);
  });

  test('ingest: a log file that is the report, the report that is an input or the mapping; nothing is sent', async () => {
    const report = path.join(dir, 'ingest.report.jsonl');
    await writeFile(report, '');
    const viaLink = path.join(dir, 'report-link.log');
    await symlink(report, viaLink);
    const before = await snapshot([report, input, mapping]);
    const cases: [string[], RegExp][] = [
      [['--report', report, input, '--log-file', viaLink], /^error OUTPUT_CLASH: --report .* --log-file /],
      [['--report', input, input], /^error OUTPUT_IS_INPUT: --report .* <inputs> /],
      [['--report', mapping, input], /^error OUTPUT_IS_INPUT: --report .* --mapping /],
      [['--report', path.join(dir, 'fresh.jsonl'), input, '--log-file', path.join(dir, 'sub', '..', 'fresh.jsonl')], /^error OUTPUT_CLASH: --report .*fresh\.jsonl .* --log-file /],
    ];
    for (const [args, expected] of cases) {
      const result = await runBuiltCli(['ingest', '--mapping', mapping, ...args], { env: envFor(sandbox, dir) });
      expect([result.code, firstLine(result.stderr)]).toEqual([2, expect.stringMatching(expected)]);
    }
    expect(sandbox.records()).toHaveLength(0);
    await expectUnchanged(before);
  });

  test('settings files: the token file and the config file are inputs, the log file an output', async () => {
    const tokenFile = path.join(dir, 'token.txt');
    await writeFile(tokenFile, `${sandbox.token}\n`);
    const config = path.join(dir, 'mge.yaml');
    await writeFile(config, 'log-file: mge.yaml\n');
    const before = await snapshot([tokenFile, config]);
    const { MGE_TOKEN: _token, ...env } = envFor(sandbox, dir);
    const token = await runBuiltCli(['templates', 'list', '--log-file', tokenFile], { env: { ...env, MGE_TOKEN_FILE: tokenFile } });
    expect([token.code, firstLine(token.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --log-file .*token\.txt is the same file as MGE_TOKEN_FILE \(environment\) /)]);
    const fromConfig = await runBuiltCli(['templates', 'list', '--config', config], { env: envFor(sandbox, dir) });
    expect([fromConfig.code, firstLine(fromConfig.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: log-file \(.*mge\.yaml:1\) .* --config /)]);
    await expectUnchanged(before);
  });

  test('init --out over its --input, even with --force', async () => {
    const before = await snapshot([input]);
    const result = await runBuiltCli(['init', '201', '--sandbox', '--input', input, '--out', input, '--force']);
    expect([result.code, firstLine(result.stderr)]).toEqual([2, expect.stringMatching(/^error OUTPUT_IS_INPUT: --out .* --input /)]);
    await expectUnchanged(before);
  });
});
