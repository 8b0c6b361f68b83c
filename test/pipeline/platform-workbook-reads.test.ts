import path from 'node:path';
import { createPlatformClient } from '../../src/platform/platform-client.js';
import { DEFAULT_SETTINGS } from '../../src/config/settings.js';
import { runIngest } from '../../src/pipeline/run-ingest.js';
import type { ReadProgress } from '../../src/pipeline/create-read-progress.js';
import { loadPlatformJob } from '../../src/pipeline/job/load-platform-job.js';
import { runPreview } from '../../src/pipeline/run-preview.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { uploadStageOptions } from '../../src/pipeline/stage-options.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { platformWorkbookSheets, writeZipWorkbook } from '../helpers/platform-workbook-zip.js';
import { withSandbox } from '../helpers/with-sandbox.js';

const template = { templateFile: path.resolve('samples/templates.json') };
const meta = { source: '10', methods: 'experiment' };
const workbook = { tid: undefined, meta };

/** A row numbered 0: the reader stops there with SOURCE_CORRUPT, wherever it meets it. */
const DAMAGED = '<row r="0"/>';

/** Template 101's workbook of `records` records; with `damaged`, sheets 1 and 3 end in a damaged row. */
async function bigWorkbook(records: number, damaged: boolean): Promise<string> {
  const file = path.join(await makeTempDir('mge-wb-reads-'), 'book.xlsx');
  const sheets = platformWorkbookSheets({ records }).map((s) =>
    damaged && (s.name === '1' || s.name === '3') ? { ...s, tail: DAMAGED } : s,
  );
  writeZipWorkbook(file, sheets);
  return file;
}

describe('a large platform workbook is read only as far as a command needs it', () => {
  test('preview --rows 1 reads the first records only: it never meets the damaged rows at the ends of sheets 1 and 3, which validate does', async () => {
    const file = await bigWorkbook(8_000, true);
    const options = { mappingFile: undefined, workbook, inputs: [file], cwd: process.cwd(), methodsWidth: 3 as const };
    const preview = await runPreview({ ...options, rows: 1 }, { template });
    expect(preview.records.map((r) => [r.key, r.problems.length, r.rowNumbers])).toEqual([['["R1"]', 0, [2, 2, 3, 2, 3]]]);
    expect(preview.more).toBe(true);
    await expect(
      runValidate({ ...options, maxErrors: undefined, errorsFile: undefined, htmlFile: undefined, version: 'test' }, { template }),
    ).rejects.toMatchObject({
      code: 'SOURCE_CORRUPT',
    });
  }, 60_000);

  test("the rows read, as the joined table's readFraction counts them: under 1 % for the first records, all of the other sheets before validate's first record", async () => {
    const file = await bigWorkbook(8_000, false);
    const { inputs } = await loadPlatformJob({ ...template, file, meta });
    const open = inputs[0]!.open!;
    const firstRecords = await open({ firstRecordsOnly: true });
    let read = 0;
    for await (const row of firstRecords.rows())
      if (row.values[0] === 'R3') break;
      else read++;
    // R1 and R2: a root row and its four table rows each.
    expect(read).toBe(10);
    expect(firstRecords.readFraction!()).toBeGreaterThan(0);
    expect(firstRecords.readFraction!()).toBeLessThan(0.01);
    await firstRecords.close();
    const whole = await open();
    for await (const _ of whole.rows()) break;
    // Meta, stress and composition sheets (5 of every 6 rows) are read before the first record, in any order.
    expect(whole.readFraction!()).toBeGreaterThan(0.8);
    await whole.close();
  }, 60_000);

  test("ingest's progress counts the rows read on every sheet: above 0 from the first record, below 1 until the last ones", async () => {
    const file = await bigWorkbook(600, false);
    await withSandbox({ inMemory: true }, async (sandbox) => {
      const client = createPlatformClient({ baseUrl: sandbox.url, token: sandbox.token });
      const dir = await makeTempDir('mge-wb-progress-');
      let reading: ReadProgress | undefined;
      const seen: number[] = [];
      const result = await runIngest(
        {
          mappingFile: undefined,
          workbook,
          inputs: [file],
          reportFile: path.join(dir, 'report.jsonl'),
          methodsWidth: 3,
          username: 'tester',
          stages: uploadStageOptions({ ...DEFAULT_SETTINGS, concurrency: 4, rate: 0, maxRetries: 2, timeoutMs: 10_000 }),
          maxErrors: undefined,
          runSettings: {},
          version: 'test',
        },
        {
          template: { client },
          submit: (record, opts) => client.submitRecord(record, opts),
          onStart: (start) => {
            reading = start.reading;
          },
          onOutcome: () => seen.push(reading!.fraction()),
        },
      );
      expect(result.summary.counts.uploaded).toBe(600);
      expect(seen).toHaveLength(600);
      expect(seen[0]).toBeGreaterThan(0);
      // The root sheet's rows are most of what is left once the others are read: the share grows with them.
      expect(seen[299]).toBeGreaterThan(seen[0]!);
      expect(seen[299]).toBeLessThan(1);
      expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
      expect(reading!.fraction()).toBe(1);
    });
  }, 60_000);
});
