import {
  appendFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import type { CaseFiles, HostileCase } from '../hostile-case.js';
import { fifo, ingest, runFirst, sparse, steelCsv, write } from '../case-inputs.js';

const MIB = 1024 * 1024;
const AT = '"at":"2026-01-01T00:00:00.000Z"';
const WHERE = '"key":"[\\"k\\"]","hash":"h","location":{"file":"input.csv","row":2}';

/** A real report with `line` added at its end: a forged line `report` and a resume must refuse. */
function forged(name: string, line: string, args: readonly string[]): HostileCase {
  return {
    name: `reports: ${name} is REPORT_CORRUPT at its line, not a crash`,
    make: (c) => damagedReport(c, (text) => `${text}${line}\n`),
    args: () => args,
    exit: 2,
    code: 'REPORT_CORRUPT',
    check: ({ run }) => expect(run.stderr).toMatch(/damaged at line 1[23]/),
  };
}

/** A real report of the five rows of `input.csv`, then `damage` done to its text. */
async function damagedReport(c: CaseFiles, damage: (text: string) => string): Promise<void> {
  await runFirst(c, ingest('input.csv'), 0);
  writeFileSync(c.at('report.jsonl'), damage(readFileSync(c.at('report.jsonl'), 'utf8')));
}

/** A real report of the five rows and its ledger index, then `spoil` done to the index. */
async function spoiledIndex(c: CaseFiles, spoil: (index: string) => void): Promise<void> {
  await runFirst(c, ingest('input.csv'), 0);
  spoil(c.at('report.jsonl.index'));
}

/** The run found every row of `input.csv` uploaded before, and sent nothing. */
const resumedAll = ({ run }: { run: { stdout: string } }): void =>
  expect(JSON.parse(run.stdout)).toMatchObject({ counts: { uploaded: 0, skipped: 5 } });

/** `ingest` of `input.csv` with the report `report`. */
const ingestInto = (report: string): string[] => ingest('input.csv').map((arg) => (arg === 'report.jsonl' ? report : arg));

/** The machine's lock folder (`$XDG_RUNTIME_DIR/mge-ingest`, the runtime folder in the case's folder), planted or held. */
const LOCK_CASES: readonly HostileCase[] = [
  {
    name: 'reports: a machine lock folder that is a symbolic link is REPORT_LOCK_DIR_UNSAFE, not followed; no report is made',
    make: (c) => {
      mkdirSync(c.at('run'), { mode: 0o700 });
      mkdirSync(c.at('planted'));
      symlinkSync(c.at('planted'), c.at('run/mge-ingest'));
    },
    env: (c) => ({ XDG_RUNTIME_DIR: c.at('run') }),
    args: () => ingest('input.csv'),
    exit: 2,
    code: 'REPORT_LOCK_DIR_UNSAFE',
    check: (c) => {
      expect(c.run.stderr).toMatch(/run\/mge-ingest is a symbolic link: it is not followed/);
      expect([existsSync(c.at('report.jsonl')), existsSync(c.at('report.jsonl.lock'))]).toEqual([false, false]);
    },
  },
  {
    name: "reports: ingest through a hard link in another folder of a report a live run holds is REPORT_LOCKED by the machine's lock, left as it was",
    make: (c) => {
      writeFileSync(c.at('report.jsonl'), '');
      mkdirSync(c.at('other'));
      linkSync(c.at('report.jsonl'), c.at('other/report.jsonl'));
      const { dev, ino } = statSync(c.at('report.jsonl'), { bigint: true });
      mkdirSync(c.at('run/mge-ingest'), { recursive: true, mode: 0o700 });
      const owner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), id: 'held', heartbeatMs: 10_000 };
      writeFileSync(c.at(`run/mge-ingest/.${dev}-${ino}.lock`), `${JSON.stringify(owner)}\n`);
    },
    env: (c) => ({ XDG_RUNTIME_DIR: c.at('run') }),
    args: () => ingestInto('other/report.jsonl'),
    exit: 2,
    code: 'REPORT_LOCKED',
    // The locks it took in its own folder before it met the machine's are let go.
    check: (c) => expect(existsSync(c.at('other/report.jsonl.lock'))).toBe(false),
  },
];

/** Ledger indexes (a cache of the report's fold) that are another report's, forged, or not files. */
const INDEX_CASES: readonly HostileCase[] = [
  {
    name: "reports (succeeds): the ledger index of a report moved away is read past by a new report: every row is uploaded, none skipped on the index's word",
    make: (c) => spoiledIndex(c, () => renameSync(c.at('report.jsonl'), c.at('old.jsonl'))),
    args: () => ingest('input.csv', '--json'),
    writes: ['report.jsonl'],
    exit: 0,
    sent: 5,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ counts: { uploaded: 5, skipped: 0 } }),
  },
  {
    name: 'reports (succeeds): a ledger index of 2 GiB whose header declares 2^40 keys is read past within memory; the report decides',
    make: (c) =>
      spoiledIndex(c, (index) => {
        const header = JSON.parse(readFileSync(index).subarray(0, 4096).toString('utf8')) as Record<string, unknown>;
        sparse(c, 'report.jsonl.index', JSON.stringify({ ...header, entries: 2 ** 40 }).padEnd(4095, ' ') + '\n', 2 * 1024 * MIB);
      }),
    args: () => ingest('input.csv', '--json'),
    writes: ['report.jsonl'],
    exit: 0,
    check: resumedAll,
  },
  {
    name: 'reports (succeeds): a FIFO nobody writes in place of the ledger index does not hang the run',
    make: (c) =>
      spoiledIndex(c, (index) => {
        rmSync(index);
        fifo(c, 'report.jsonl.index');
      }),
    args: () => ingest('input.csv', '--json'),
    writes: ['report.jsonl'],
    exit: 0,
    check: resumedAll,
  },
  {
    name: 'reports (succeeds): a folder in place of the ledger index is read past, and the index not saved is a warning, not a failure',
    make: (c) =>
      spoiledIndex(c, (index) => {
        rmSync(index);
        mkdirSync(index);
      }),
    args: () => ingest('input.csv', '--json'),
    writes: ['report.jsonl'],
    exit: 0,
    check: (c) => {
      resumedAll(c);
      expect(c.run.stderr).toMatch(/warning LEDGER_INDEX_NOT_SAVED: the ledger index of report\.jsonl was not saved/);
    },
  },
];

/** Reports (the ledger a resume trusts) that were cut, damaged or forged. */
export const REPORT_CASES: readonly HostileCase[] = [
  {
    name: 'reports (succeeds): a last line torn by a crash is repaired and the run resumes',
    make: async (c) => {
      await runFirst(c, ingest('input.csv'), 0);
      write(c, 'more.csv', steelCsv(8));
      appendFileSync(c.at('report.jsonl'), '{"type":"intent","at":"2026-');
    },
    args: () => ingest('more.csv', '--json'),
    writes: ['report.jsonl'],
    exit: 0,
    sent: 3,
    check: ({ run }) => expect(JSON.parse(run.stdout)).toMatchObject({ counts: { uploaded: 3, skipped: 5 } }),
  },
  {
    name: 'reports: a damaged line before the last is REPORT_CORRUPT at its line; nothing sent, the report left as it was',
    make: (c) => damagedReport(c, (text) => text.replace('\n', '\n{"type":"uploaded",\n')),
    args: () => ingest('input.csv'),
    exit: 2,
    code: 'REPORT_CORRUPT',
  },
  {
    name: 'reports: a line of an unknown type is REPORT_CORRUPT',
    make: (c) => damagedReport(c, (text) => `${text}{"type":"deleted","key":"k"}\n`),
    args: () => ['report', 'report.jsonl'],
    exit: 2,
    code: 'REPORT_CORRUPT',
  },
  {
    name: 'reports: report on a 2 GiB file of NUL bytes is REPORT_CORRUPT after 64 MiB, not a gigabyte line held',
    make: (c) => sparse(c, 'huge.jsonl', '', 2 * 1024 * MIB),
    args: () => ['report', 'huge.jsonl'],
    exit: 2,
    code: 'REPORT_CORRUPT',
  },
  {
    name: 'reports: ingest resuming a 2 GiB report of NUL bytes is REPORT_CORRUPT; nothing sent, the report not cut',
    make: (c) => sparse(c, 'report.jsonl', '', 2 * 1024 * MIB),
    args: () => ingest('input.csv'),
    exit: 2,
    code: 'REPORT_CORRUPT',
  },
  {
    name: 'reports: a line of 65 MiB is REPORT_CORRUPT',
    make: (c) => damagedReport(c, (text) => `${text}{"type":"note","x":"${'a'.repeat(65 * MIB)}"}\n`),
    args: () => ['report', 'report.jsonl', '--json'],
    exit: 2,
    code: 'REPORT_CORRUPT',
  },
  {
    name: 'reports (succeeds): a torn last line of 48 MiB of NUL bytes and one letter is dropped with a warning',
    make: (c) => damagedReport(c, (text) => `${text}${'\u0000'.repeat(48 * MIB)}x`),
    args: () => ['report', 'report.jsonl', '--json'],
    exit: 0,
    check: ({ run }) => expect(run.stderr).toMatch(/REPORT_TORN_LAST_LINE/),
  },
  {
    name: 'reports: a run line of nothing but its type is REPORT_CORRUPT',
    make: (c) => damagedReport(c, (text) => text.replace(/^.*\n/, `{"type":"run",${AT}}\n`)),
    args: () => ['report', 'report.jsonl'],
    exit: 2,
    code: 'REPORT_CORRUPT',
  },
  forged('an invalid line whose problems are a number', `{"type":"invalid",${AT},${WHERE},"problems":7,"sourceValues":{}}`, [
    'report',
    'report.jsonl',
    '--failed-out',
    'fix.csv',
  ]),
  forged('an invalid line without its problems', `{"type":"invalid",${AT},${WHERE}}`, ['report', 'report.jsonl', '--json']),
  forged(
    'an uploaded line whose file is the index of no input',
    `{"type":"uploaded",${AT},"key":"k","hash":"h","location":{"file":7,"row":2},"id":9,"attempts":1,"ms":1}`,
    ['report', 'report.jsonl', '--html', 'page.html'],
  ),
  forged(
    'a failed line whose cells hold an object',
    `{"type":"failed",${AT},${WHERE},"code":"X","retryable":false,"attempts":1,"sourceValues":{"c":{"a":1}}}`,
    ['report', 'report.jsonl', '--failed-out', 'fix.xlsx'],
  ),
  forged(
    'an uploaded line whose source digest is a number',
    `{"type":"uploaded",${AT},${WHERE},"id":1,"attempts":1,"ms":1,"src":7}`,
    ingest('input.csv'),
  ),
  {
    name: "reports (succeeds): forged source digests (another row's, not hex, a megabyte long) skip nothing unseen: every row is mapped, none sent",
    make: (c) =>
      damagedReport(c, (text) => {
        let n = 0;
        return text.replace(/"src":"[0-9a-f]{32}"/g, () => {
          n += 1;
          return `"src":"${n % 3 === 0 ? 'x'.repeat(MIB) : n % 3 === 1 ? 'f'.repeat(32) : 'not a digest'}"`;
        });
      }),
    args: () => ingest('input.csv', '--json'),
    writes: ['report.jsonl'],
    exit: 0,
    sent: 0,
    check: (c) => {
      expect(JSON.parse(c.run.stdout)).toMatchObject({ counts: { uploaded: 0, skipped: 5 } });
      const skipped = readFileSync(c.at('report.jsonl'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; src?: string })
        .filter((l) => l.type === 'skipped');
      // Each row mapped and found uploaded by its record's hash; its real digest written for the next run.
      expect(skipped.map((l) => /^[0-9a-f]{32}$/.test(l.src ?? '') && l.src !== 'f'.repeat(32))).toEqual([true, true, true, true, true]);
    },
  },
  forged('an uploaded line whose id is text', `{"type":"uploaded",${AT},${WHERE},"id":"x","attempts":1,"ms":1}`, ingest('input.csv')),
  ...INDEX_CASES,
  ...LOCK_CASES,
];
