import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_CLI, runBuiltCli } from './run-built-cli.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = tempDirSync('mge-validate-progress-');
const TEMPLATES = join(root, 'samples', 'templates.json');
const MAPPING = join(root, 'mappings', 'ucsb_thermoelectrics.yaml');
const COPIES = 12;

/** The thermoelectrics sample repeated, each copy's rows given keys of their own: about 13,000 records. */
function largeInput(): { file: string; records: number } {
  const [header, ...rows] = readFileSync(join(root, 'samples', 'ucsb_thermoelectrics.csv'), 'utf8')
    .trimEnd()
    .split('\n');
  const out = [header];
  let n = 0;
  for (let copy = 0; copy < COPIES; copy++) for (const row of rows) out.push(row.replace(/^[^,]*/, String(++n)));
  const file = join(dir, 'large.csv');
  writeFileSync(file, `${out.join('\n')}\n`);
  return { file, records: n };
}

const offline = ['--template-file', TEMPLATES, '--no-template-cache', '--mapping', MAPPING];

describe('validate progress', () => {
  const input = largeInput();

  test('off a terminal: a plain line every --progress-interval, the share read growing, the last at 100 % with the counts', async () => {
    const run = await runBuiltCli(['validate', ...offline, input.file, '--progress-interval', '0.05']);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n').filter((l) => l !== '');
    const shape = /^progress: \[[#.]{20}\] (\d{1,3})% · (\d+) rows · [\d.]+ rows\/s( · ETA \S+)?( · valid \d+)?$/;
    expect(lines.filter((l) => !shape.test(l))).toEqual([]);
    expect(lines.length).toBeGreaterThan(2);
    const percents = lines.map((l) => Number(shape.exec(l)![1]));
    expect(percents.filter((p, i) => i > 0 && p < percents[i - 1]!)).toEqual([]);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^progress: \\[#{20}\\] 100% · ${input.records} rows · [\\d.]+ rows/s · valid ${input.records}$`),
    );
    expect(run.stdout).toMatch(new RegExp(`${input.records} record\\(s\\): ${input.records} valid, 0 invalid`));
  });

  test('invalid records are counted on the line; --quiet prints none; a check done within one interval prints only its summary', async () => {
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, readFileSync(input.file, 'utf8').replace(/^(1,[^,]*,[^,]*,[^,]*,[^,]*,)[^,]*/m, '$1abc'));
    const [lines, quiet, short] = await Promise.all([
      runBuiltCli(['validate', ...offline, broken, '--progress-interval', '0.05']),
      runBuiltCli(['validate', ...offline, broken, '--progress-interval', '0.05', '--quiet']),
      runBuiltCli(['validate', ...offline, join(root, 'samples', 'ucsb_thermoelectrics.csv')]),
    ]);
    expect([lines.code, quiet.code, short.code]).toEqual([1, 1, 0]);
    expect(lines.stderr.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`· valid ${input.records - 1} invalid 1$`));
    expect(quiet.stderr).toBe('');
    expect(short.stderr).toBe('');
  });

  test('on a terminal: one line redrawn in place with the bar, cleared before the summary', async () => {
    // `script` gives the CLI a pseudo-terminal; everything it prints comes back on one stream.
    const command = [process.execPath, BUILT_CLI, 'validate', ...offline, input.file].map((a) => `'${a}'`).join(' ');
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', COLUMNS: '120' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${String(code)}: ${text}`))));
    });
    // eslint-disable-next-line no-control-regex -- the terminal's erase-line sequence is what is looked for
    expect(out).toMatch(/\r\u001b\[2K\[[#.]{20}\] \d{1,3}% · \d+ rows · [\d.]+ rows\/s/);
    expect(out).not.toMatch(/^progress: /m);
    // The live line is erased before the summary is printed.
    expect(out).toMatch(new RegExp(`\\r\\u001b\\[2K[^\\r]*${input.records} record\\(s\\): ${input.records} valid`));
  });
});
