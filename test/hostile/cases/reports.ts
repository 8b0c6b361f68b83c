import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import type { CaseFiles, HostileCase } from '../hostile-case.js';
import { ingest, runFirst, steelCsv, write } from '../case-inputs.js';

/** A real report of the five rows of `input.csv`, then `damage` done to its text. */
async function damagedReport(c: CaseFiles, damage: (text: string) => string): Promise<void> {
  await runFirst(c, ingest('input.csv'), 0);
  writeFileSync(c.at('report.jsonl'), damage(readFileSync(c.at('report.jsonl'), 'utf8')));
}

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
];
