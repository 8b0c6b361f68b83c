import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-options.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { MAPPING, sampleCsv, tempDir } from '../e2e/ingest-harness.js';
import { closeServers, serve, streamEndless } from '../helpers/hostile-server.js';
import { expectBoundedError, fileDigest, HOSTILE_BOUNDS, runMeasuredCli } from '../helpers/run-measured-cli.js';
import { runCliInProcess } from './run-cli-in-process.js';

/** Template 201 of the samples, as the platform serves it. */
const TEMPLATE_201 = (JSON.parse(readFileSync('samples/templates.json', 'utf8')) as { templates: { id: number }[] }).templates.find((t) => t.id === 201);

afterAll(() => closeServers());

describe('a server that answers without end', () => {
  test('templates list: PROTOCOL_ERROR, exit 3, in seconds and little memory', async () => {
    const url = await serve((req, res) => streamEndless(res, 200));
    const run = await runMeasuredCli(['templates', 'list'], { env: { MGE_BASE_URL: url, MGE_TOKEN: 'tok-123456' } });
    expectBoundedError(run, 'PROTOCOL_ERROR', 3);
  });

  test('ingest: each POST so answered is sent once and ends uncertain; memory stays small', async () => {
    const dir = await tempDir();
    const posts: string[] = [];
    const url = await serve((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, data: { template: TEMPLATE_201 } }));
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        posts.push(body);
        streamEndless(res, 201);
      });
    });
    const input = await sampleCsv(dir, 2);
    const digest = fileDigest(input);
    const report = path.join(dir, 'endless.report.jsonl');
    const env = { MGE_BASE_URL: url, MGE_TOKEN: 'tok-123456', MGE_USERNAME: 'u', XDG_CACHE_HOME: path.join(dir, 'cache') };
    const run = await runMeasuredCli(['ingest', '--mapping', MAPPING, '--report', report, input, '--quiet'], { env });
    expect([run.killed, run.code]).toEqual([false, 1]);
    expect(run.ms).toBeLessThan(HOSTILE_BOUNDS.ms);
    expect(run.peakRssMb).toBeLessThan(HOSTILE_BOUNDS.rssMb);
    expect(posts).toHaveLength(2);
    const { state } = await loadReportState(report);
    expect([...state.keys.values()].map((e) => [e.status, e.failure?.code])).toEqual([
      ['uncertain', 'PROTOCOL_ERROR'],
      ['uncertain', 'PROTOCOL_ERROR'],
    ]);
    expect(fileDigest(input)).toBe(digest);
  });
});

describe('ids that are no ids, and addresses that must not carry the token', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  test('a template or category id on the command line that is not a positive whole number is OPTION_INVALID, nothing sent', async () => {
    const env = { MGE_BASE_URL: sandbox.url, MGE_TOKEN: sandbox.token };
    const before = sandbox.stats().requests;
    const runs = [
      ...['1e3', '0x10', '9007199254740993', '-1', '0', '1.5'].map((tid) => ['templates', 'show', tid]),
      ['templates', 'list', '--category', '1e300'],
      ['init', '1e300'],
    ];
    for (const args of runs) {
      const run = await runCliInProcess(args, { env });
      expect([args.join(' '), run.code]).toEqual([args.join(' '), 2]);
      expect(run.stderr).toMatch(/^error OPTION_INVALID:/);
    }
    expect(sandbox.stats().requests).toBe(before);
  });

  test('a mapping naming template 1e300 is MAPPING_NO_TEMPLATE at its line', async () => {
    const dir = await tempDir();
    const mapping = path.join(dir, 'huge-id.yaml');
    for (const id of ['1e300', '9007199254740993', '-4']) {
      writeFileSync(mapping, `version: 1\ntemplate: ${id}\ncontent: {}\n`);
      const run = await runCliInProcess(['validate', '--mapping', mapping, 'samples/steel_strength.csv'], { env: { MGE_BASE_URL: sandbox.url, MGE_TOKEN: sandbox.token } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error MAPPING_NO_TEMPLATE:/);
      expect(run.stderr).toContain(`${mapping}:2:`);
    }
  });

  test('plain http:// to another machine is BASE_URL_INSECURE before anything is sent', async () => {
    const run = await runCliInProcess(['templates', 'list'], { env: { MGE_BASE_URL: 'http://mgedata.example.invalid', MGE_TOKEN: 'tok-123456' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error BASE_URL_INSECURE:/);
    expect(run.stderr).not.toContain('tok-123456');
    expect(run.stderr).toContain('--allow-insecure-http');
  });

  test('a base URL with a password is refused without printing the password', async () => {
    const run = await runCliInProcess(['templates', 'list', '--base-url', 'https://curator:hunter2-secret@mgedata.example.cn'], { env: { MGE_TOKEN: 'tok-123456' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error SETTING_INVALID:/);
    expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
  });
});
