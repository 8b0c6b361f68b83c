import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FIXTURES } from './read-all.js';
import type { TableSource } from '../../src/sources/source-types.js';
import type { CsvThread } from '../../src/sources/threaded-csv-records.js';
import { tempDirSync } from '../helpers/temp-dir.js';
import { collect } from '../helpers/iterables.js';

// The worker thread runs a built module, so these tests use the built reader (npm test builds first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = (p: string): string => pathToFileURL(path.join(root, 'dist', p)).href;
type OpenCsv = (file: string, options?: object, thread?: CsvThread, read?: { digests?: boolean }) => Promise<TableSource>;
type ReadsOnWorker = (file: string, thread: CsvThread) => Promise<boolean>;
let openCsv: OpenCsv;
let readsOnWorker: ReadsOnWorker;
let dir: string;

beforeAll(async () => {
  ({ openCsv } = (await import(built('sources/open-csv.js'))) as { openCsv: OpenCsv });
  ({ readsOnWorker } = (await import(built('sources/threaded-csv-records.js'))) as { readsOnWorker: ReadsOnWorker });
  dir = tempDirSync('mge-csv-thread-');
});

/** Everything a reader gives for a file, or the error's fields (the built MgeError is another class). */
async function readOut(file: string, thread: CsvThread, digests = false): Promise<unknown> {
  try {
    const table = await openCsv(file, {}, thread, { digests });
    const rows = (await collect(table.rows())).map((row): unknown =>
      digests
        ? [row.rowNumber, row.values, row.issues, Buffer.from(row.digest ?? []).toString('hex')]
        : [row.rowNumber, row.values, row.issues],
    );
    return { header: table.header, rows };
  } catch (error) {
    const e = error as { kind?: string; code?: string; location?: unknown; hint?: string; message: string };
    return { error: { kind: e.kind, code: e.code, location: e.location, hint: e.hint, message: e.message } };
  }
}

describe('CSV reading on a worker thread', () => {
  const fixtures = readdirSync(FIXTURES).filter((f) => /\.(csv|tsv|txt)$/i.test(f));

  test('there are CSV fixtures to compare', () => {
    expect(fixtures.length).toBeGreaterThan(10);
  });

  test.each(fixtures)('%s reads the same on the worker as on the main thread', async (name) => {
    const file = path.join(FIXTURES, name);
    expect(await readOut(file, 'worker')).toEqual(await readOut(file, 'main'));
  });

  test('every row read with digests has the same digest on the worker as on the main thread, and rows with other cells other digests', async () => {
    const file = path.join(dir, 'digests.csv');
    const lines = Array.from({ length: 30_000 }, (_v, i) => `${i % 1000},"alloy, ${i % 1000}",${(i % 1000) * 1.5}`);
    writeFileSync(file, `id,name,value\n${lines.join('\n')}\n`);
    const onWorker = (await readOut(file, 'worker', true)) as { rows: [number, unknown, unknown, string][] };
    expect(onWorker).toEqual(await readOut(file, 'main', true));
    const digests = onWorker.rows.map((r) => r[3]);
    expect(digests.every((d) => /^[0-9a-f]{32}$/.test(d))).toBe(true);
    // 1,000 distinct rows, each repeated: 1,000 digests, one per distinct row.
    expect(new Set(digests).size).toBe(1000);
    expect(digests[0]).toBe(digests[1000]);
  });

  test('a file that stops being UTF-8 past the sample fails alike, at the same line', async () => {
    const file = path.join(dir, 'late-latin1.csv');
    const good = Array.from({ length: 4000 }, (_v, i) => `${i},alloy ${i},${i * 1.5}`).join('\n');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`id,name,value\n${good}\n`),
        Buffer.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x2c, 0x31, 0x2c, 0x32, 0x0a]),
      ]),
    );
    const onWorker = (await readOut(file, 'worker')) as { error?: { code: string; location: { row: number } } };
    expect(onWorker.error?.code).toBe('SOURCE_BAD_ENCODING');
    expect(onWorker).toEqual(await readOut(file, 'main'));
  });

  test('stopping early ends the worker and leaves the rows read so far intact', async () => {
    const file = path.join(dir, 'many.csv');
    writeFileSync(file, `id,value\n${Array.from({ length: 50_000 }, (_v, i) => `${i},${i}`).join('\n')}\n`);
    const table = await openCsv(file, {}, 'worker');
    const seen: number[] = [];
    for await (const row of table.rows()) {
      seen.push(row.rowNumber);
      if (seen.length === 3) break;
    }
    await table.close();
    expect(seen).toEqual([2, 3, 4]);
  });

  test('auto reads a large file on the worker and a small one on the main thread', async () => {
    const small = path.join(dir, 'small.csv');
    writeFileSync(small, 'a,b\n1,2\n');
    const large = path.join(dir, 'large.csv');
    const line = `${'x'.repeat(1000)},1\n`;
    writeFileSync(large, `a,b\n${line.repeat(1100)}`);
    expect(await readsOnWorker(small, 'auto')).toBe(false);
    expect(await readsOnWorker(large, 'auto')).toBe(true);
    expect(await readsOnWorker(large, 'main')).toBe(false);
    const out = (await readOut(large, 'auto')) as { rows: unknown[] };
    expect(out.rows).toHaveLength(1100);
  });
});

describe('closing while a batch is awaited', () => {
  test('ends the rows quietly instead of failing them', async () => {
    const file = path.join(dir, 'closed-early.csv');
    writeFileSync(file, 'id,value\n1,2\n');
    const { threadedCsvRecords } = (await import(built('sources/threaded-csv-records.js'))) as {
      threadedCsvRecords: (plan: object) => { rows: AsyncGenerator<unknown>; close: () => Promise<void> };
    };
    const records = threadedCsvRecords({ file, start: 0, encoding: 'utf8', guessed: false, delimiter: ',' });
    // The worker is still starting: this first batch is awaited when close() stops it.
    const pending = records.rows.next();
    await records.close();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });
});

describe('a reader abandoned without close()', () => {
  test('does not keep the process alive', async () => {
    const file = path.join(dir, 'abandoned.csv');
    writeFileSync(file, `id,value\n${Array.from({ length: 50_000 }, (_v, i) => `${i},${i}`).join('\n')}\n`);
    const script = `
      const { openCsv } = await import(${JSON.stringify(built('sources/open-csv.js'))});
      const table = await openCsv(${JSON.stringify(file)}, {}, 'worker');
      let n = 0;
      for await (const row of table.rows()) if (++n === 3) break;
      const again = await openCsv(${JSON.stringify(file)}, {}, 'worker');
      const it = again.rows()[Symbol.asyncIterator]();
      await it.next();
      console.log('read', n);`;
    const { execFile } = await import('node:child_process');
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { timeout: 20_000, env: { ...process.env, NODE_OPTIONS: '' } },
        (_error, stdout) => resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(result.stdout.trim()).toBe('read 3');
    expect(result.code).toBe(0);
  });
});
