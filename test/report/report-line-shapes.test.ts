import { misshapenField } from '../../src/report/report-line-shapes.js';
import type { ReportLine } from '../../src/report/report-lines.js';
import { L } from './report-fixtures.js';

/** A line as it reads back from the report (JSON drops what is undefined). */
const asRead = (line: ReportLine): Record<string, unknown> => JSON.parse(JSON.stringify(line)) as Record<string, unknown>;

const SUMMARY: ReportLine = {
  type: 'summary',
  at: 'now',
  counts: { uploaded: 1, invalid: 0, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
  rows: 1,
  durationMs: 3,
  interrupted: false,
};

test.each(
  [
    L.run(),
    L.intent('k', 'h'),
    L.retrying('k', 'h'),
    L.uploaded('k', 'h', 7),
    L.failed('k', 'h', false),
    L.uncertain('k', 'h'),
    L.invalid('k', 'h'),
    L.skipped('k', 'h', 'uploaded'),
    L.changed('k', 'h2', 'h1', 7),
    SUMMARY,
    { ...L.uploaded('k', 'h', 7), resendOf: { runId: 'r0', at: 'then', reason: 'no outcome' } } as ReportLine,
    { ...L.failed('k', 'h', false), sourceValues: { d: { kind: 'date', iso: '2024-01-01' }, n: null, b: true } } as ReportLine,
  ].map((line) => [line.type, line] as const),
)('%s line as the tool writes it: fits', (_type, line) => {
  expect(misshapenField(asRead(line), line.type)).toBeUndefined();
});

test.each([
  ['run', 'template', { ...asRead(L.run()), template: 201 }],
  ['run', 'inputs[0].size', { ...asRead(L.run()), inputs: [{ file: 'a.csv', size: '10', sha256: 'x' }] }],
  ['uploaded', 'id', { ...asRead(L.uploaded('k', 'h', 7)), id: 'seven' }],
  ['uploaded', 'location.file', { ...asRead(L.uploaded('k', 'h', 7)), location: { file: true, row: 2 } }],
  ['invalid', 'problems', { ...asRead(L.invalid('k', 'h')), problems: 7 }],
  ['invalid', 'problems[0].message', { ...asRead(L.invalid('k', 'h')), problems: [{ code: 'X', location: {} }] }],
  ['failed', 'sourceValues.c.kind', { ...asRead(L.failed('k', 'h', false)), sourceValues: { c: { a: 1 } } }],
  ['skipped', 'why', { ...asRead(L.skipped('k', 'h', 'uploaded')), why: 'bored' }],
  ['summary', 'counts.uploaded', { ...asRead(SUMMARY), counts: { uploaded: '1' } }],
  ['intent', 'at', { ...asRead(L.intent('k', 'h')), at: undefined }],
] as const)('%s line whose %s is wrong: names that field', (type, field, line) => {
  expect(misshapenField(line, type)).toBe(field);
});
