import { rm } from 'node:fs/promises';
import type { ReportLine, ReportLocation } from '../../src/report/report-lines.js';
import { makeTempDir } from '../helpers/temp-dir.js';

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await makeTempDir('mge-report-');
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const AT = '2026-11-23T07:00:00.000Z';
const loc = (row: number): ReportLocation => ({ file: 'data.csv', row });

/** Terse builders of report lines for fold/plan/summary tests. */
export const L = {
  run: (runId = 'r1'): ReportLine => ({
    type: 'run',
    at: AT,
    runId,
    version: '0.1.0',
    startedAt: AT,
    settings: { rate: 5 },
    mapping: { file: 'm.yaml', fingerprint: 'f' },
    template: { id: 101, fingerprint: '2026-01-01' },
    inputs: [{ file: 'data.csv', size: 10, sha256: 'abc' }],
  }),
  intent: (key: string, hash: string, attempt = 1, row = 2): ReportLine => ({
    type: 'intent',
    at: AT,
    key,
    hash,
    location: loc(row),
    attempt,
  }),
  retrying: (key: string, hash: string, code = 'PLATFORM_BUSY'): ReportLine => ({
    type: 'retrying',
    at: AT,
    key,
    hash,
    location: loc(2),
    attempt: 1,
    code,
    delayMs: 10,
  }),
  uploaded: (key: string, hash: string, id: number, row = 2, at = AT): ReportLine => ({
    type: 'uploaded',
    at,
    key,
    hash,
    location: loc(row),
    id,
    attempts: 1,
    ms: 5,
  }),
  failed: (key: string, hash: string, retryable: boolean, code = retryable ? 'PLATFORM_BUSY' : 'PLATFORM_ERROR', row = 2): ReportLine => ({
    type: 'failed',
    at: AT,
    key,
    hash,
    location: loc(row),
    code,
    retryable,
    ...(retryable ? {} : { status: 422, platformCode: 2102, detail: 'field "x" is missing' }),
    attempts: 1,
    sourceValues: { id: key, 温度: 650 },
  }),
  uncertain: (key: string, hash: string, row = 2): ReportLine => ({
    type: 'uncertain',
    at: AT,
    key,
    hash,
    location: loc(row),
    code: 'PLATFORM_ERROR',
    reason: 'status 500',
    status: 500,
    attempts: 1,
    sourceValues: { id: key, 温度: 700 },
  }),
  invalid: (key: string, hash: string, row = 2): ReportLine => ({
    type: 'invalid',
    at: AT,
    key,
    hash,
    location: loc(row),
    problems: [
      {
        code: 'VALUE_NOT_A_NUMBER',
        message: 'not a number',
        location: { file: 'data.csv', sheet: undefined, row, column: 'B', cell: `B${row}` },
        field: 'content.温度',
        expected: 'a number',
        found: 'abc',
      },
    ],
    sourceValues: { id: key, 温度: 'abc' },
  }),
  skipped: (key: string, hash: string, why: 'uploaded' | 'uncertain' | 'failed'): ReportLine => ({
    type: 'skipped',
    at: AT,
    key,
    hash,
    location: loc(2),
    why,
  }),
  changed: (key: string, hash: string, oldHash: string, oldId?: number): ReportLine => ({
    type: 'changed',
    at: AT,
    key,
    hash,
    location: loc(2),
    oldHash,
    ...(oldId !== undefined ? { oldId } : {}),
    sourceValues: { id: key },
  }),
  summary: (counts: Partial<Record<'uploaded' | 'invalid' | 'failed' | 'uncertain' | 'skipped' | 'changed', number>> = {}): ReportLine => ({
    type: 'summary',
    at: AT,
    counts: { uploaded: 0, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0, ...counts },
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    durationMs: 1000,
    interrupted: false,
  }),
};
