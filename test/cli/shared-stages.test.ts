import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReportLine } from '../../src/report/report-lines.js';
import { runCliInProcess } from './run-cli-in-process.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = path.resolve('.');

/** The steel mapping with `institution: formula`: a meta literal that is also a header of the input. */
async function mappingWithLiteral(dir: string): Promise<{ file: string; line: number }> {
  const text = await readFile(path.join(root, 'mappings/steel_strength.yaml'), 'utf8');
  const changed = text.replace('  public_range: 0\n', '  public_range: 0\n  institution: formula\n');
  const file = path.join(dir, 'steel.yaml');
  await writeFile(file, changed);
  return { file, line: changed.split('\n').findIndex((l) => l === '  institution: formula') + 1 };
}

/** The first 20 sample rows; the yield strength of rows 3, 5, 7 and 9 is not a number. */
async function inputWithInvalidRows(dir: string): Promise<string> {
  const [header, ...rows] = (await readFile(path.join(root, 'samples/steel_strength.csv'), 'utf8')).trimEnd().split('\n');
  const broken = rows.slice(0, 20).map((line, i) => {
    if (![2, 4, 6, 8].includes(i)) return line;
    const cells = line.split(',');
    cells[15] = 'n/a';
    return cells.join(',');
  });
  const file = path.join(dir, 'steel.csv');
  await writeFile(file, `${[header, ...broken].join('\n')}\n`);
  return file;
}

describe('validate, ingest --dry-run and ingest share the stages (in-process CLI, sandbox)', () => {
  let dir: string;
  let mapping: { file: string; line: number };
  let input: string;
  beforeAll(async () => {
    dir = await makeTempDir('mge-shared-');
    mapping = await mappingWithLiteral(dir);
    input = await inputWithInvalidRows(dir);
  });

  const commands = (...extra: string[]): [string, string[]][] => [
    ['validate', ['validate', '--sandbox', '--mapping', mapping.file, input, ...extra]],
    [
      'ingest --dry-run',
      ['ingest', '--sandbox', '--mapping', mapping.file, '--report', path.join(dir, 'dry.jsonl'), input, '--dry-run', ...extra],
    ],
    [
      'ingest',
      ['ingest', '--sandbox', '--rate', '0', '--mapping', mapping.file, '--report', path.join(dir, 'real.jsonl'), input, ...extra],
    ],
  ];

  test('the same mapping warning, in the same words, from each of them', async () => {
    const runs = await Promise.all(
      commands('--json').map(async ([name, args]) => [name, await runCliInProcess(args, { cwd: dir, env: {} })] as const),
    );
    const warnings = runs.map(([name, run]) => [
      name,
      run.stderr.split('\n').filter((l) => l.startsWith('warning MAPPING_META_LITERAL_IS_COLUMN')),
    ]);
    const expected = [
      `warning MAPPING_META_LITERAL_IS_COLUMN: steel.yaml:${mapping.line}:16 meta.institution is the literal text "formula", which is also a column of the input: write \`{column: formula}\` to take the cell`,
    ];
    expect(warnings).toEqual([
      ['validate', expected],
      ['ingest --dry-run', expected],
      ['ingest', expected],
    ]);
    // Invalid rows (and no limit): 1, whichever command.
    expect(runs.map(([name, run]) => [name, run.code])).toEqual([
      ['validate', 1],
      ['ingest --dry-run', 1],
      ['ingest', 1],
    ]);
  });

  test('--max-errors stops each of them at the same row, says so the same way, and exits 1', async () => {
    const runs = await Promise.all(
      commands('--json', '--max-errors', '2').map(
        async ([name, args]) => [name, await runCliInProcess(args, { cwd: dir, env: {} })] as const,
      ),
    );
    const facts = runs.map(([name, run]) => {
      const json = JSON.parse(run.stdout) as {
        stoppedEarly: boolean;
        stoppedBy: unknown;
        records?: number;
        rows: number;
        invalid?: number;
        counts?: { invalid: number };
      };
      return [name, run.code, json.stoppedEarly, json.stoppedBy, json.records ?? json.rows, json.invalid ?? json.counts?.invalid];
    });
    const stop = { code: 'MAX_ERRORS_REACHED', limit: 2 };
    // The second invalid record is the input's fifth: every command read five records, then stopped.
    expect(facts).toEqual([
      ['validate', 1, true, stop, 5, 2],
      ['ingest --dry-run', 1, true, stop, 5, 2],
      ['ingest', 1, true, stop, 5, 2],
    ]);
    // The report of each ingest says why it stopped early: no error, and `report` counts it unfinished.
    for (const report of ['dry.jsonl', 'real.jsonl']) {
      const last = (await readFile(path.join(dir, report), 'utf8'))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as ReportLine)
        .at(-1);
      expect([report, last]).toEqual([report, expect.objectContaining({ type: 'summary', interrupted: false, stoppedBy: stop })]);
      expect(last).not.toHaveProperty('fatal');
    }
    const report = await runCliInProcess(['report', path.join(dir, 'real.jsonl'), '--json'], { cwd: dir, env: {} });
    expect(report.code).toBe(1);
    expect(JSON.parse(report.stdout)).toMatchObject({ unfinished: { why: 'stopped-early', stoppedBy: stop } });
  });
});
