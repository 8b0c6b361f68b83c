import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';
import type { ReadTracker } from '../../../src/pipeline/create-read-progress.js';
import type { LoadedJob } from '../../../src/pipeline/job/job.js';
import type { PreparedInput, PrepareInputsOptions } from '../../../src/pipeline/job/prepare-inputs.js';
import type { MapInputsOptions } from '../../../src/pipeline/stages/map-inputs.js';
import { tempDirSync } from '../../helpers/temp-dir.js';

// The worker thread runs a built module, so these tests use the built stage (npm test builds first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const built = async <T>(p: string): Promise<T> => (await import(pathToFileURL(path.join(root, 'dist', p)).href)) as T;
let stage: {
  mapInputs: (inputs: readonly PreparedInput[], options?: MapInputsOptions) => AsyncIterable<MappedRow>;
  prepareInputs: (options: PrepareInputsOptions) => Promise<PreparedInput[]>;
};
let loadJob: (options: { mappingFile: string; cwd: string; templateFile: string }) => Promise<LoadedJob>;
let mapsOnWorker: (file: string) => Promise<boolean>;
let createReadProgress: (sizes: readonly number[]) => ReadTracker;
let dir: string;
let big: string;

/** The steel sample grown past the worker's threshold: unique formulas (the key), every 97th row with an unreadable strength. */
function writeBigSample(file: string): void {
  const [header, ...rows] = readFileSync(path.join(root, 'samples/steel_strength.csv'), 'utf8').trimEnd().split('\n');
  const out = [header];
  for (let i = 0, length = 0; length < 1.3 * 1024 * 1024; i++) {
    const cells = rows[i % rows.length]!.split(',');
    cells[1] = `${cells[1]}-${i}`;
    if (i % 97 === 5) cells[15] = '12x4';
    out.push(cells.join(','));
    length += out.at(-1)!.length + 1;
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}

beforeAll(async () => {
  stage = {
    ...(await built<Pick<typeof stage, 'mapInputs'>>('pipeline/stages/map-inputs.js')),
    ...(await built<Pick<typeof stage, 'prepareInputs'>>('pipeline/job/prepare-inputs.js')),
  };
  ({ checkMappingFile: loadJob } = await built<{ checkMappingFile: typeof loadJob }>('pipeline/job/check-mapping-file.js'));
  ({ mapsOnWorker } = await built<{ mapsOnWorker: typeof mapsOnWorker }>('pipeline/stages/threaded-mapped-rows.js'));
  ({ createReadProgress } = await built<{ createReadProgress: typeof createReadProgress }>('pipeline/create-read-progress.js'));
  dir = tempDirSync('mge-map-thread-');
  big = path.join(dir, 'steel-big.csv');
  writeBigSample(big);
});

async function prepare(file: string, mappingFile = 'mappings/steel_strength.yaml'): Promise<PreparedInput[]> {
  const { prepared } = await loadJob({
    mappingFile,
    cwd: root,
    templateFile: path.join(root, 'samples/templates.json'),
  });
  return stage.prepareInputs({ inputs: [file], mapping: prepared, cwd: root });
}

/** Every row as plain data (lazy members included), or the error's fields. */
async function mapOut(
  inputs: readonly PreparedInput[],
  mapOnWorker: boolean,
  progress?: ReadTracker,
): Promise<{ rows: unknown[]; kinds: Set<string>; error?: unknown }> {
  const rows: unknown[] = [];
  const kinds = new Set<string>();
  try {
    for await (const row of stage.mapInputs(inputs, { mapOnWorker, ...(progress ? { progress } : {}) })) {
      kinds.add(row.constructor.name);
      rows.push(JSON.parse(JSON.stringify(row)));
    }
    return { rows, kinds };
  } catch (error) {
    const e = error as { name: string; kind?: string; code?: string; location?: unknown; problems?: unknown; message: string };
    return {
      rows,
      kinds,
      error: { name: e.name, kind: e.kind, code: e.code, location: e.location, problems: e.problems, message: e.message },
    };
  }
}

/**
 * `expect(actual).toEqual(expected)` for rows read back from JSON, on which node's isDeepStrictEqual
 * agrees with it at a fraction of jest's cost over thousands of rows; jest's walk runs only for its diff.
 */
function expectSameRows(actual: unknown, expected: unknown): void {
  const same = isDeepStrictEqual(actual, expected);
  if (!same) expect(actual).toEqual(expected);
  expect(same).toBe(true);
}

describe('mapping on the worker thread (ingest)', () => {
  test('a large CSV maps on the worker into exactly the rows this thread makes: keys, hashes, bodies, problems, cells', async () => {
    expect(await mapsOnWorker(big)).toBe(true);
    const inputs = await prepare(big);
    const here = await mapOut(inputs, false);
    const there = await mapOut(inputs, true);
    expect(there.kinds).toEqual(new Set(['ReceivedMappedRow']));
    expect(here.kinds).toEqual(new Set(['LazyMappedRow']));
    expect(here.rows.length).toBeGreaterThan(5000);
    const invalid = (there.rows as MappedRow[]).filter((r) => r.problems.length > 0);
    expect(invalid.length).toBeGreaterThan(50);
    expect(invalid[0]!.problems[0]).toMatchObject({ found: '12x4', location: { column: 'P' } });
    expectSameRows(there.rows, here.rows);
  });

  test('without a `key` the key is the hash on both threads, and an invalid row keeps the hash of its cells', async () => {
    // The worker leaves the hash of a body, and a key that is that hash, to this thread (WireMappedRow).
    const keyless = path.join(dir, 'steel-keyless.yaml');
    const text = readFileSync(path.join(root, 'mappings/steel_strength.yaml'), 'utf8');
    expect(text).toMatch(/^key: \[formula\]$/m);
    writeFileSync(keyless, text.replace(/^key: \[formula\]$/m, ''));
    const inputs = await prepare(big, keyless);
    const here = (await mapOut(inputs, false)).rows as MappedRow[];
    const there = (await mapOut(inputs, true)).rows as MappedRow[];
    expectSameRows(there, here);
    expect(there.every((r) => r.key === r.hash && /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
    const invalid = there.filter((r) => r.body === undefined);
    expect(invalid.length).toBeGreaterThan(50);
    expect(new Set(there.map((r) => r.key)).size).toBe(there.length);
  });

  test("the body is the record's JSON and the hash is of the body", async () => {
    const { createHash } = await import('node:crypto');
    // The first row, as every row is compared above (as JSON); the worker is stopped after it.
    let row: MappedRow | undefined;
    for await (const first of stage.mapInputs(await prepare(big), { mapOnWorker: true })) {
      row = JSON.parse(JSON.stringify(first)) as MappedRow;
      break;
    }
    expect(JSON.parse(row!.body!)).toEqual(row!.record);
    expect(row!.hash).toBe(createHash('sha256').update(row!.body!).digest('hex'));
  });

  test('progress grows with the batches and ends at 1', async () => {
    const inputs = await prepare(big);
    const progress = createReadProgress(inputs.map((i) => i.bytes));
    const seen: number[] = [];
    for await (const _row of stage.mapInputs(inputs, { mapOnWorker: true, progress })) seen.push(progress.fraction());
    expect(seen[0]).toBeLessThan(0.5);
    expect(seen.some((f) => f > 0.3 && f < 0.9)).toBe(true);
    expect(progress.fraction()).toBe(1);
    expect(progress.records()).toBe(seen.length);
  });

  test('a file that stops being UTF-8 fails alike, after the rows before the line it names', async () => {
    const file = path.join(dir, 'late-latin1.csv');
    writeFileSync(
      file,
      Buffer.concat([
        readFileSync(big),
        Buffer.from('99,Z\xfcrich,0.02,0.05,0.05,0.01,19.7,2.95,0.01,0.0,0.01,15.0,0.0,0.15,1.55,2411.5,2473.5,7.0\n', 'latin1'),
      ]),
    );
    const inputs = await prepare(file);
    const there = await mapOut(inputs, true);
    const here = await mapOut(inputs, false);
    // The guard checks whole chunks, so how many rows are out when it fails depends on the reader's
    // pace; each side names the line it stopped at ("at or after") and has handed out rows before it only.
    for (const side of [here, there]) {
      const error = side.error as { code: string; location: { row: number }; message: string };
      expect(error.code).toBe('SOURCE_BAD_ENCODING');
      expect(error.message).toMatch(/stops being UTF-8 at or after line \d+ \(byte 1310720\)/);
      expect(side.rows.length).toBeGreaterThan(5000);
      expect((side.rows.at(-1) as MappedRow).location.row).toBeLessThan(error.location.row);
    }
    const common = Math.min(here.rows.length, there.rows.length);
    expectSameRows(there.rows.slice(0, common), here.rows.slice(0, common));
  });

  test("a header changed after it was checked fails alike, with the mapping's problems", async () => {
    const file = path.join(dir, 'changed.csv');
    writeFileSync(file, readFileSync(big));
    const inputs = await prepare(file);
    writeFileSync(file, readFileSync(big, 'utf8').replace(',formula,', ',formel,'));
    const there = await mapOut(inputs, true);
    const here = await mapOut(inputs, false);
    expect(there.error).toMatchObject({
      name: 'MappingInvalidError',
      code: 'MAPPING_INVALID',
      problems: expect.arrayContaining([expect.objectContaining({ code: 'MAPPING_COLUMN_NOT_FOUND' })]),
    });
    expect([there.error, there.rows]).toEqual([here.error, here.rows]);
  });

  test('stopping early ends the worker', async () => {
    const inputs = await prepare(big);
    let n = 0;
    for await (const _row of stage.mapInputs(inputs, { mapOnWorker: true })) if (++n === 300) break;
    expect(n).toBe(300);
  });

  test('a small file is mapped on this thread even when asked', async () => {
    const inputs = await prepare(path.join(root, 'samples/steel_strength.csv'));
    expect((await mapOut(inputs, true)).kinds).toEqual(new Set(['LazyMappedRow']));
  });
});
