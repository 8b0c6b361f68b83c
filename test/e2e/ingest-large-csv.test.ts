import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSandbox } from '../../src/platform/sandbox/start-sandbox.js';
import { readReport } from '../../src/report/read-report.js';
import { audit, envFor, ingestArgs, runCli, SAMPLE, tempDir } from './ingest-harness.js';

interface JsonSummary {
  readonly counts: Record<string, number>;
}

/** The sample grown past 1 MiB (so it is read and mapped on a worker thread), every 50th row unreadable. */
async function largeCsv(file: string): Promise<{ rows: number; invalid: number }> {
  const [header = '', ...sample] = (await readFile(SAMPLE, 'utf8')).trimEnd().split('\n');
  const lines = [header];
  let invalid = 0;
  for (let i = 0, bytes = 0; bytes < 1.2 * 1024 * 1024; i++) {
    const cells = sample[i % sample.length]!.split(',');
    cells[1] = `${cells[1]}-${i}`;
    if (i % 50 === 7) {
      cells[16] = 'n/a';
      invalid++;
    }
    lines.push(cells.join(','));
    bytes += lines.at(-1)!.length + 1;
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return { rows: lines.length - 1, invalid };
}

describe('ingest of a large CSV (mapped on a worker thread; built CLI, sandbox over HTTP)', () => {
  test('every valid row stored once with the reported hash, invalid rows pinned to their cell, a re-run uploads nothing', async () => {
    const dir = await tempDir();
    const storeFile = path.join(dir, 'store.jsonl');
    const sandbox = await startSandbox({ storeFile });
    try {
      const input = path.join(dir, 'large.csv');
      const { rows, invalid } = await largeCsv(input);
      const report = path.join(dir, 'r.jsonl');
      const first = await runCli(ingestArgs(input, report, '--json'), envFor(sandbox, dir));
      expect(first.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
      expect((JSON.parse(first.stdout) as JsonSummary).counts).toMatchObject({ uploaded: rows - invalid, invalid });
      const seen = await audit(storeFile, report);
      expect(seen.stored).toBe(rows - invalid);
      expect([seen.duplicates, seen.missing, seen.unaccounted]).toEqual([[], [], []]);
      const bad = (await readReport(report)).lines.find((l) => l.type === 'invalid');
      expect(bad).toMatchObject({
        location: { file: input, row: 9 },
        problems: [{ location: { column: 'Q', row: 9 }, found: 'n/a' }],
        sourceValues: { 'tensile strength': 'n/a' },
      });

      const again = await runCli(ingestArgs(input, report, '--json'), envFor(sandbox, dir));
      expect((JSON.parse(again.stdout) as JsonSummary).counts).toMatchObject({ uploaded: 0, skipped: rows - invalid, invalid });
      expect(sandbox.records()).toHaveLength(rows - invalid);
      // The mapping thread's digests (first run) are the ones the resume computes here: it found every
      // uploaded row unmapped, so it wrote no line for them (a digest of its own would have been written).
      const lines = (await readReport(report)).lines;
      expect(lines.filter((l) => l.type === 'uploaded').every((l) => 'src' in l && /^[0-9a-f]{32}$/.test(String(l.src)))).toBe(true);
      expect(lines.filter((l) => l.type === 'skipped')).toEqual([]);
    } finally {
      await sandbox.close();
    }
  }, 120_000);
});
