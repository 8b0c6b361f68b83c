import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { SAVED_ENTRY_BYTES, type LedgerTable } from '../../src/ledger/create-ledger-table.js';
import type { LedgerState } from '../../src/report/fold-report.js';
import { compactReport } from '../../src/report/compact-report.js';
import { INDEX_HEADER_BYTES, ledgerIndexFile } from '../../src/ledger/ledger-index-format.js';
import { loadReportState } from '../../src/report/load-report-state.js';
import { planResume } from '../../src/report/plan-resume.js';
import type { ReportLine, RunLine } from '../../src/report/report-lines.js';
import { summarizeReport } from '../../src/report/summarize-report.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { L } from '../report/report-fixtures.js';

const h = (text: string): string => createHash('sha256').update(text).digest('hex');
const SUMMARY = L.summary({ uploaded: 2, failed: 1, skipped: 1, changed: 1 });
const texts = new WeakMap<readonly ReportLine[], string>();
/** The lines as report text; made once per array (the large ledger's is 28 MB). */
const text = (lines: readonly ReportLine[]): string => {
  let made = texts.get(lines);
  if (made === undefined) texts.set(lines, (made = lines.map((line) => `${JSON.stringify(line)}\n`).join('')));
  return made;
};

/** Plainly uploaded keys, then runs through every status (b–e): the first runs of a ledger. */
function firstLines(keys: number): ReportLine[] {
  const lines: ReportLine[] = [L.run('r1')];
  for (let i = 0; i < keys; i++) {
    const hash = h(`k${i}`);
    lines.push(L.intent(`k${i}`, hash), L.uploaded(`k${i}`, hash, 1_000 + i));
  }
  lines.push(
    L.intent('b', h('b1')),
    L.uncertain('b', h('b1')),
    L.invalid('c', h('c1')),
    L.intent('d', h('d1')),
    L.uploaded('d', h('d1'), 14),
    // A run killed here: e's intent has no outcome.
    L.intent('e', h('e1')),
  );
  return lines;
}
/** More keys than a page of the table holds, so some values go to its file: for what depends on size. */
const MANY = 70_000;
const FIRST = firstLines(MANY);
/** A small ledger, for the ways an index is read past (which do not depend on its size). */
const SMALL = firstLines(500);
const LATER: ReportLine[] = [
  L.run('r2'),
  L.skipped('k1', h('k1'), 'uploaded'),
  L.changed('d', h('d2'), h('d1'), 14),
  L.intent('f', h('f1')),
  L.failed('f', h('f1'), true),
  L.intent('b', h('b1')),
  L.uploaded('b', h('b1'), 12),
  L.intent('k7', h('k7 edited')),
  L.uploaded('k7', h('k7 edited'), 99),
  SUMMARY,
];
const KEYS = ['k0', 'k1', 'k7', 'k69999', 'b', 'c', 'd', 'e', 'f', 'new'];

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** What a resume and `report` read of a ledger, as plain data. */
function view(state: LedgerState): unknown {
  const options = { onChange: 'upload', retryFailed: true, retryUncertain: false } as const;
  return {
    counts: state.counts,
    onPlatform: state.onPlatform,
    summary: summarizeReport(state),
    runs: state.runs.length,
    runSummaries: state.runSummaries.map((s) => s?.type),
    outstanding: [...state.outstanding()].map((e) => [e.key, e.status, e.reason]).sort(),
    keys: KEYS.map((key) => [key, JSON.parse(JSON.stringify(state.keys.get(key) ?? null)) as unknown]),
    plans: KEYS.flatMap((key) => [h(key), h(`${key}1`), h('k7 edited')].map((hash) => planResume(state, { key, hash }, options))),
  };
}

async function reportWith(lines: readonly ReportLine[]): Promise<string> {
  const file = path.join(await makeTempDir('mge-index-'), 'report.jsonl');
  writeFileSync(file, text(lines));
  return file;
}

/**
 * Rewrites a saved index by hand: `change` gets its header and the bytes after it and returns the
 * header's new fields and, when changed, new bytes. With `reseal`, the header's sha256 and state size
 * follow the new bytes, as a forger would make them.
 */
function forgeIndex(
  index: string,
  change: (header: Record<string, unknown>, body: Buffer) => { header?: Record<string, unknown>; body?: Buffer },
  reseal: boolean,
): void {
  const bytes = readFileSync(index);
  const header = JSON.parse(bytes.subarray(0, INDEX_HEADER_BYTES).toString('utf8')) as Record<string, unknown>;
  const old = bytes.subarray(INDEX_HEADER_BYTES);
  const changed = change(header, Buffer.from(old));
  const body = changed.body ?? old;
  const sealed = reseal
    ? { sha256: createHash('sha256').update(body).digest('hex'), stateBytes: (header.stateBytes as number) + body.length - old.length }
    : {};
  const head = JSON.stringify({ ...header, ...changed.header, ...sealed });
  writeFileSync(index, Buffer.concat([Buffer.from(`${head.padEnd(INDEX_HEADER_BYTES - 1, ' ')}\n`), body]));
}

/** Saves the index of `file` as a run does after its last line (there is none yet, so it is saved). */
async function saveIndexOf(file: string): Promise<void> {
  const loaded = await loadReportState(file, { repair: true });
  expect(await loaded.saveIndex!(() => undefined)).toBeUndefined();
}

/** The state read through the index, and the state read from the report alone (the index moved away). */
async function bothWays(file: string): Promise<{ used: boolean; linesRead: number; indexed: unknown; whole: unknown }> {
  const loaded = await loadReportState(file);
  const index = ledgerIndexFile(file);
  const aside = `${index}.aside`;
  renameSync(index, aside);
  try {
    const plain = await loadReportState(file);
    expect(plain.index.used).toBe(false);
    return { used: loaded.index.used, linesRead: loaded.index.linesRead, indexed: view(loaded.state), whole: view(plain.state) };
  } finally {
    renameSync(aside, index);
  }
}

describe('the ledger index', () => {
  test('a fold that starts from the index and reads the lines after it gives what reading every line gives', async () => {
    const file = await reportWith(FIRST);
    await saveIndexOf(file);
    const saved = statSync(ledgerIndexFile(file));
    // The index holds about 90 bytes a key, the report ~2 lines of ~300 bytes.
    expect(saved.size).toBeLessThan(statSync(file).size / 4);
    appendFileSync(file, text(LATER));
    const got = await bothWays(file);
    expect(got.used).toBe(true);
    expect(got.linesRead).toBe(LATER.length);
    expect(got.indexed).toEqual(got.whole);
    // e's intent, open when the index was saved, is closed by the next run line as a full read closes it.
    expect(got.indexed).toMatchObject({ outstanding: expect.arrayContaining([['e', 'uncertain', 'no outcome']]) });
  });

  test("a run's saveIndex folds the lines it wrote, and the next load reads none", async () => {
    const file = await reportWith(FIRST);
    const loaded = await loadReportState(file, { repair: true });
    appendFileSync(file, text(LATER));
    expect(await loaded.saveIndex!(() => undefined)).toBeUndefined();
    const again = await loadReportState(file);
    expect([again.index.used, again.index.linesRead]).toEqual([true, 0]);
    const plain = await bothWays(file);
    expect(plain.indexed).toEqual(plain.whole);
  });

  test('a run that adds a few lines to a large ledger leaves the index as it is (the next run reads them)', async () => {
    const file = await reportWith(FIRST);
    await saveIndexOf(file);
    const before = readFileSync(ledgerIndexFile(file));
    const loaded = await loadReportState(file, { repair: true });
    appendFileSync(file, text([L.run('r9'), SUMMARY]));
    expect(await loaded.saveIndex!(() => undefined)).toBeUndefined();
    expect(readFileSync(ledgerIndexFile(file)).equals(before)).toBe(true);
    const again = await loadReportState(file);
    expect([again.index.used, again.index.linesRead]).toEqual([true, 2]);
  });

  // Each way an index can stop describing its report, or be damaged: it is read past, never used in part.
  const spoilers: [string, (file: string, index: string) => void][] = [
    [
      'the report rewritten as another file (a restore, a copy back)',
      (file) => {
        copyFileSync(file, `${file}.copy`);
        renameSync(`${file}.copy`, file);
      },
    ],
    [
      'a byte of the report changed before the place the index reaches',
      (file) => {
        const bytes = readFileSync(file);
        bytes[100] = bytes[100] === 0x61 ? 0x62 : 0x61;
        writeFileSync(file, bytes);
      },
    ],
    ['the report cut shorter than the index reaches', (file) => truncateSync(file, Buffer.byteLength(text(SMALL)) - 10)],
    ['the index cut short', (_file, index) => truncateSync(index, statSync(index).size - 1)],
    [
      'a byte of the index changed',
      (_file, index) => {
        const bytes = readFileSync(index);
        bytes[INDEX_HEADER_BYTES + 20] = bytes[INDEX_HEADER_BYTES + 20]! ^ 0xff;
        writeFileSync(index, bytes);
      },
    ],
    [
      'an index of another version',
      (_file, index) => {
        const bytes = readFileSync(index);
        bytes.write('"version":9', bytes.indexOf('"version":1'), 'utf8');
        writeFileSync(index, bytes);
      },
    ],
    ['an index that is not one', (_file, index) => writeFileSync(index, 'not an index\n')],
  ];
  test.each(spoilers)('is read past after %s: the whole report is read instead', async (_what, spoil) => {
    const file = await reportWith(SMALL);
    await saveIndexOf(file);
    appendFileSync(file, text(LATER));
    spoil(file, ledgerIndexFile(file));
    const loaded = await loadReportState(file);
    expect(loaded.index.used).toBe(false);
    // Every line, but a last one torn by the cut.
    const whole = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && isJson(line));
    expect(loaded.index.linesRead).toBe(whole.length);
  });

  test("another report's index put in its place is read past: its keys are not taken for this report's", async () => {
    const other = await reportWith(SMALL);
    await saveIndexOf(other);
    const file = await reportWith([L.run('x1'), L.intent('z', h('z1')), L.uploaded('z', h('z1'), 5)]);
    copyFileSync(ledgerIndexFile(other), ledgerIndexFile(file));
    const loaded = await loadReportState(file);
    expect(loaded.index.used).toBe(false);
    expect(loaded.state.keys.get('k0')).toBeUndefined();
    expect(loaded.state.counts.uploaded).toBe(1);
  });

  test('a hostile index (a header that declares 2^40 keys, a FIFO, a folder) is read past at once, without allocating what it declares', async () => {
    const file = await reportWith(SMALL);
    await saveIndexOf(file);
    const index = ledgerIndexFile(file);
    forgeIndex(index, () => ({ header: { entries: 2 ** 40 } }), false);
    const rss = process.memoryUsage().rss;
    const started = Date.now();
    expect((await loadReportState(file)).index.used).toBe(false);
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 1024 * 1024);

    renameSync(index, `${index}.aside`);
    execFileSync('mkfifo', [index]);
    expect((await loadReportState(file)).index.used).toBe(false);
    execFileSync('rm', [index]);
    mkdirSync(index);
    expect((await loadReportState(file)).index.used).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  test('report compact, which rewrites the report as another file, removes its index: the next run reads the compacted report whole', async () => {
    const file = await reportWith(FIRST);
    appendFileSync(file, text(LATER));
    await saveIndexOf(file);
    const before = view((await loadReportState(file)).state) as Record<string, unknown>;
    await compactReport(file);
    expect(existsSync(ledgerIndexFile(file))).toBe(false);
    const after = await loadReportState(file);
    expect(after.index.used).toBe(false);
    // The same ledger; only the keys' line numbers are the compacted report's.
    const { counts, plans, outstanding } = view(after.state) as Record<string, unknown>;
    expect({ counts, plans, outstanding }).toEqual({ counts: before.counts, plans: before.plans, outstanding: before.outstanding });
  });

  test('report reads the keys of an index only if a line after it names one: counting them needs none', async () => {
    const file = await reportWith(FIRST);
    await saveIndexOf(file);
    appendFileSync(file, text([L.run('r9'), SUMMARY]));
    const lazy = await loadReportState(file, { lazyKeys: true });
    expect(lazy.index.used).toBe(true);
    const table = lazy.state.compactKeys as LedgerTable;
    const eager = await loadReportState(file);
    expect([summarizeReport(lazy.state), lazy.state.counts]).toEqual([summarizeReport(eager.state), eager.state.counts]);
    expect([table.size, table.bytes]).toEqual([MANY + 1, 0]);
    // A key looked up: the table is restored then, and answers as the one restored at once.
    expect(view(lazy.state)).toEqual(view(eager.state));
    expect(table.bytes).toBeGreaterThan(MANY * 16);

    appendFileSync(file, text(LATER));
    const named = await loadReportState(file, { lazyKeys: true });
    expect(view(named.state)).toEqual(view((await loadReportState(file)).state));
  });

  test("a save deletes what a killed run's save left beside the report, and nothing else", async () => {
    const file = await reportWith(SMALL);
    const dir = path.dirname(file);
    writeFileSync(path.join(dir, '.report.jsonl.index.4242.tmp'), 'half an index');
    writeFileSync(path.join(dir, '.report.jsonl.index.notes'), 'a curator file');
    await saveIndexOf(file);
    expect(readdirSync(dir).sort()).toEqual(['.report.jsonl.index.notes', 'report.jsonl', 'report.jsonl.index']);
  });

  test('an index made by hand with a key twice and a matching checksum: read past by a run, REPORT_CORRUPT naming it when report needs its keys', async () => {
    const file = await reportWith(SMALL);
    await saveIndexOf(file);
    const index = ledgerIndexFile(file);
    // The first key's entry written again as the second.
    forgeIndex(index, (_header, body) => (body.copy(body, SAVED_ENTRY_BYTES, 0, SAVED_ENTRY_BYTES), { body }), true);
    appendFileSync(file, text(LATER));
    expect((await loadReportState(file)).index.used).toBe(false);
    await expect(loadReportState(file, { lazyKeys: true })).rejects.toMatchObject({
      code: 'REPORT_CORRUPT',
      message: expect.stringContaining(`The ledger index ${index} holds a key twice`) as unknown,
    });
  });

  test('a save is not made, and says why, when the lock is no longer ours or the report was replaced', async () => {
    const file = await reportWith(SMALL);
    const lost = await loadReportState(file, { repair: true });
    expect(
      await lost.saveIndex!(() => {
        throw new Error('the lock was taken over');
      }),
    ).toBe('the lock was taken over');
    expect(existsSync(ledgerIndexFile(file))).toBe(false);
    const replaced = await loadReportState(file, { repair: true });
    copyFileSync(file, `${file}.copy`);
    renameSync(`${file}.copy`, file);
    expect(await replaced.saveIndex!(() => undefined)).toBe('the report was replaced during the run');
    expect(existsSync(ledgerIndexFile(file))).toBe(false);
  });

  test('a ledger of many runs with long run lines (thousands of inputs each) is saved and used: no line of the index grows with its age', async () => {
    const run = (id: number): ReportLine => {
      // Each input's digest is 64 hex digits of its own, as sha256 gives, without 630,000 hashes made.
      const prefix = h(`batch-${id}`).slice(0, 56);
      const inputs = Array.from({ length: 9000 }, (_, i) => ({
        file: `incoming/2026/batch-${id}/file-${i}.csv`,
        size: i,
        sha256: `${prefix}${i.toString(16).padStart(8, '0')}`,
      }));
      return { ...(L.run(`big${id}`) as RunLine), inputs };
    };
    const lines: ReportLine[] = [];
    for (let id = 0; id < 70; id++)
      lines.push(run(id), L.intent(`k${id}`, h(`k${id}`)), L.uploaded(`k${id}`, h(`k${id}`), id + 1), SUMMARY);
    const file = await reportWith(lines);
    expect(statSync(file).size).toBeGreaterThan(64 * 1024 * 1024);
    await saveIndexOf(file);
    const loaded = await loadReportState(file);
    expect([loaded.index.used, loaded.state.runs.length, loaded.state.counts.uploaded]).toEqual([true, 70, 70]);
  });

  test('a key held whole whose upload is null, under a matching checksum, makes the index read past, not the run crash', async () => {
    const file = await reportWith(SMALL);
    await saveIndexOf(file);
    forgeIndex(
      ledgerIndexFile(file),
      (_header, body) => ({
        body: Buffer.from(body.toString('latin1').replace('"status":"invalid"', '"status":"uploaded","uploaded":null'), 'latin1'),
      }),
      true,
    );
    appendFileSync(file, text(LATER));
    const loaded = await loadReportState(file);
    expect(loaded.index.used).toBe(false);
    expect(loaded.state.keys.get('c')?.status).toBe('invalid');
  });
});
