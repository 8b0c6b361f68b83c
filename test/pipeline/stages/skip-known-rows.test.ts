import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MappedRow } from '../../../src/mapping/rows/mapped-row.js';
import { checkMappingFile } from '../../../src/pipeline/job/check-mapping-file.js';
import { prepareInputs, type PreparedInput } from '../../../src/pipeline/job/prepare-inputs.js';
import { mapInputs } from '../../../src/pipeline/stages/map-inputs.js';
import type { RowSkipping } from '../../../src/pipeline/stages/skip-known-rows.js';
import { createReportFolder, type LedgerState } from '../../../src/report/fold-report.js';
import type { ReportLine } from '../../../src/report/report-lines.js';
import { cellsDigest as digestInto, fileSourceSeed, rowSourceDigester, sourceSeed } from '../../../src/sources/source-digest.js';

const cellsDigest = (cells: readonly string[]): Uint8Array => {
  const out = new Uint8Array(16);
  digestInto(cells, out);
  return out;
};
import { tempDirSync } from '../../helpers/temp-dir.js';

const root = path.resolve('.');
const SAMPLE = path.join(root, 'samples/steel_strength.csv');
const [HEADER = '', ...SAMPLE_ROWS] = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');

async function prepare(file: string): Promise<PreparedInput[]> {
  const { prepared } = await checkMappingFile({
    mappingFile: 'mappings/steel_strength.yaml',
    cwd: root,
    templateFile: path.join(root, 'samples/templates.json'),
  });
  return prepareInputs({ inputs: [file], mapping: prepared, cwd: root });
}

async function mapAll(inputs: readonly PreparedInput[], skipping: RowSkipping): Promise<MappedRow[]> {
  const rows: MappedRow[] = [];
  for await (const row of mapInputs(inputs, { mapOnWorker: true, skipping })) rows.push(row);
  return rows;
}

/** The ledger of a run that uploaded every valid row, its `uploaded` lines carrying each row's digest. */
function uploadedLedger(rows: readonly MappedRow[]): LedgerState {
  const folder = createReportFolder({ compact: true });
  const at = '2026-11-28T00:00:00.000Z';
  folder.add({ type: 'run', at, runId: 'r1' } as unknown as ReportLine);
  rows.forEach((row, i) => {
    if (row.problems.length > 0) return;
    const base = { at, key: row.key, hash: row.hash, location: { file: row.location.file, row: row.location.row } };
    folder.add({ type: 'intent', ...base, attempt: 1 });
    folder.add({ type: 'uploaded', ...base, id: 1000 + i, attempts: 1, ms: 1, ...(row.src ? { src: row.src } : {}) });
  });
  return folder.state();
}

describe('skipKnownRows (mapInputs with a ledger; real files, real folds)', () => {
  const dir = tempDirSync('mge-skip-known-');
  const file = path.join(dir, 'steel.csv');
  const rows = SAMPLE_ROWS.slice(0, 40);
  // Row 7 with an unreadable strength: invalid, never uploaded, so always mapped.
  const cells = rows[5]!.split(',');
  cells[16] = 'n/a';
  rows[5] = cells.join(',');
  writeFileSync(file, [HEADER, ...rows, ''].join('\n'));
  const seed = sourceSeed(['test', 'mapping and template fingerprints']);

  test('a fresh run maps every row and gives each its digest; a resume leaves every uploaded row unmapped, as the record it is', async () => {
    const inputs = await prepare(file);
    const first = await mapAll(inputs, { seed });
    expect(first).toHaveLength(40);
    expect(first.every((r) => r.unchanged !== true && /^[0-9a-f]{32}$/.test(r.src ?? ''))).toBe(true);
    expect(new Set(first.map((r) => r.src)).size).toBe(40);
    const ledger = uploadedLedger(first);

    const again = await mapAll(inputs, { seed, ledger });
    expect(again.map((r) => [r.key, r.hash, r.src, r.location.row])).toEqual(first.map((r) => [r.key, r.hash, r.src, r.location.row]));
    const unmapped = again.filter((r) => r.unchanged === true);
    expect(unmapped).toHaveLength(39);
    expect(unmapped.every((r) => r.constructor.name === 'UnchangedRow' && r.body === undefined && r.problems.length === 0)).toBe(true);
    // The invalid row is mapped again, and is as invalid as before.
    const invalid = again.filter((r) => r.unchanged !== true);
    expect(invalid.map((r) => [r.location.row, r.problems[0]?.code])).toEqual([[7, first[5]!.problems[0]?.code]]);
    // The source values of an unmapped row are those of its cells (a duplicate's error file shows them).
    expect(unmapped[0]!.sourceValues).toEqual(first[0]!.sourceValues);
  });

  test('an edited cell, another header or another seed: the row (or every row) is mapped again', async () => {
    const inputs = await prepare(file);
    const ledger = uploadedLedger(await mapAll(inputs, { seed }));
    const edited = path.join(dir, 'edited.csv');
    const changed = rows.slice();
    const row3 = changed[2]!.split(',');
    row3[16] = String(Number(row3[16]) + 1);
    changed[2] = row3.join(',');
    writeFileSync(edited, [HEADER, ...changed, ''].join('\n'));
    const editedRows = await mapAll(await prepare(edited), { seed, ledger });
    expect(editedRows.filter((r) => r.unchanged !== true).map((r) => r.location.row)).toEqual([4, 7]);
    // Mapped again, the edited row has a record of its own: the resume rules report it as changed.
    const mapped = editedRows.find((r) => r.location.row === 4)!;
    expect(mapped.hash).not.toBe(ledger.keys.get(mapped.key)?.hash);

    expect((await mapAll(inputs, { seed: sourceSeed(['another version']), ledger })).filter((r) => r.unchanged === true)).toEqual([]);

    const renamed = path.join(dir, 'renamed.csv');
    writeFileSync(renamed, [HEADER.replace('elongation', 'Elongation'), ...rows, ''].join('\n'));
    const renamedRows = await mapAll(await prepare(renamed), { seed, ledger });
    expect(renamedRows.filter((r) => r.unchanged === true)).toEqual([]);
    // Same cells, same records: the hashes are the ledger's, so each is skipped as uploaded, its new digest recorded.
    expect(renamedRows.filter((r) => r.problems.length === 0).every((r) => r.hash === ledger.keys.get(r.key)?.hash)).toBe(true);
  });

  test('a key the ledger holds without a digest (an older report), or no longer plainly uploaded, is mapped', async () => {
    const inputs = await prepare(file);
    const first = await mapAll(inputs, { seed });
    const folder = createReportFolder({ compact: true });
    const at = '2026-11-28T00:00:00.000Z';
    first.forEach((row, i) => {
      if (row.problems.length > 0) return;
      const base = { at, key: row.key, hash: row.hash, location: { file: row.location.file, row: row.location.row } };
      folder.add({ type: 'intent', ...base, attempt: 1 });
      // Every other row without its digest; row 2 later reported changed.
      folder.add({ type: 'uploaded', ...base, id: 1000 + i, attempts: 1, ms: 1, ...(i % 2 === 0 ? { src: row.src! } : {}) });
    });
    folder.add({
      type: 'changed',
      at,
      key: first[0]!.key,
      hash: 'f'.repeat(64),
      location: { file, row: 2 },
      oldHash: first[0]!.hash,
      sourceValues: {},
    });
    const again = await mapAll(inputs, { seed, ledger: folder.state() });
    const unmapped = again.filter((r) => r.unchanged === true).map((r) => r.location.row);
    const want = first.flatMap((r, i) => (i % 2 === 0 && i !== 0 && r.problems.length === 0 ? [r.location.row] : []));
    expect(unmapped).toEqual(want);
  });
});

describe('rowSourceDigester', () => {
  test('is the cells under one seed: another seed, cell, order or percent format gives another digest', () => {
    const seed = sourceSeed(['a']);
    const digest = (fileSeed: string, row: { values: (string | null)[]; percent?: boolean[] }): string =>
      rowSourceDigester(fileSeed)(row).toString('hex');
    const row = { values: ['x', '1.5', null] };
    const first = digest(seed, row);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(digest(seed, { values: ['x', '1.5', null] })).toBe(first);
    const others = [
      digest(sourceSeed(['b']), row),
      digest(seed, { values: ['x', '1.50', null] }),
      digest(seed, { values: ['1.5', 'x', null] }),
      digest(seed, { values: ['x', '1.5', ''] }),
      digest(seed, { values: ['x', '1.5', null], percent: [false, true, false] }),
      // A separator inside a cell cannot make two rows one: the cells are a JSON array.
      digest(seed, { values: ['x","1.5', null] }),
    ];
    expect(new Set([first, ...others]).size).toBe(others.length + 1);
  });

  test('a CSV row read with its digest: the cells digest under the seed, another seed another digest, its values not read', () => {
    const cells = ['x', '1.5', ''];
    const row = { values: ['not', 'these'], digest: cellsDigest(cells) };
    const a = rowSourceDigester(sourceSeed(['a']))(row);
    const b = rowSourceDigester(sourceSeed(['b']))(row);
    expect(a.equals(b)).toBe(false);
    expect(rowSourceDigester(sourceSeed(['a']))({ values: [], digest: cellsDigest(cells) }).equals(a)).toBe(true);
    expect(rowSourceDigester(sourceSeed(['a']))({ values: [], digest: cellsDigest(['x', '1.5', ' ']) }).equals(a)).toBe(false);
    // Not the values' digest: a file is digested one way, by its reader.
    expect(rowSourceDigester(sourceSeed(['a']))({ values: ['not', 'these'] }).equals(a)).toBe(false);
  });

  test("a file's seed holds its header and reader options", () => {
    const header = { file: 'a.csv', sheet: undefined, row: 1, names: ['a', 'b'], columns: ['A', 'B'] } as never;
    const seeds = [
      fileSourceSeed('run', header, {}),
      fileSourceSeed('run', { ...(header as object), names: ['a', 'c'] } as never, {}),
      fileSourceSeed('run', { ...(header as object), columns: ['B', 'C'] } as never, {}),
      fileSourceSeed('run', { ...(header as object), row: 2 } as never, {}),
      fileSourceSeed('run', header, { decimal: ',' } as never),
      fileSourceSeed('other run', header, {}),
    ];
    expect(new Set(seeds).size).toBe(seeds.length);
    expect(fileSourceSeed('run', { ...(header as object), file: 'renamed.csv' } as never, {})).toBe(seeds[0]);
  });
});
