import { fingerprintChanges, type CurrentFingerprints, type FingerprintChange } from '../../src/report/fingerprint-changes.js';
import { foldReport } from '../../src/report/fold-report.js';
import type { ReportLine, RunLine } from '../../src/report/report-lines.js';
import { L } from './report-fixtures.js';

const NOW: CurrentFingerprints = {
  mappingSha256: 'sha-now',
  mappingParts: { key: 'k1', 'meta.title': 't2', 'content.温度': 'c1', 'content.备注': 'n1' },
  templateId: 101,
  templatePubDate: '2026-02-01',
  templateFields: { 温度: 'f2', 备注: 'g1' },
};

/** A run line with the given fingerprints (undefined parts/fields: a report older than per-part fingerprints). */
function run(
  runId: string,
  mapping: Partial<RunLine['mapping']>,
  template: Partial<RunLine['template']> = {},
  extra: Partial<RunLine> = {},
): ReportLine {
  const base = L.run(runId) as RunLine;
  return { ...base, mapping: { ...base.mapping, ...mapping }, template: { ...base.template, ...template }, ...extra };
}

const uploaded = [L.intent('a', 'h1'), L.uploaded('a', 'h1', 1), L.intent('b', 'h1'), L.uncertain('b', 'h1'), L.invalid('c', 'h1')];
const before = { parts: { key: 'k1', 'meta.title': 't1', 'content.温度': 'c1', 'content.旧': 'o1' } };

type Case = [string, ReportLine[], readonly FingerprintChange[], readonly FingerprintChange[], number];

const cases: Case[] = [
  ['a fresh report', [], [], [], 0],
  [
    'the same mapping and template fields',
    [run('r1', { parts: NOW.mappingParts }, { fields: NOW.templateFields }), ...uploaded],
    [],
    [],
    2,
  ],
  [
    'parts changed, added and removed; a field the mapping starts filling is no template change',
    [run('r1', before, { fields: { 温度: 'f2' } }), ...uploaded],
    [
      { part: 'content.备注', change: 'added' },
      { part: 'content.旧', change: 'removed' },
      { part: 'meta.title', change: 'changed' },
    ],
    [],
    2,
  ],
  [
    'a template field the mapping fills was redefined',
    [run('r1', { parts: NOW.mappingParts }, { fields: { 温度: 'f1', 备注: 'g1' } }), ...uploaded],
    [],
    [{ part: '温度', change: 'changed' }],
    2,
  ],
  [
    'the baseline is the latest real run: it accepted the new mapping',
    [run('r1', before), ...uploaded, run('r2', { parts: NOW.mappingParts }, { fields: NOW.templateFields })],
    [],
    [],
    2,
  ],
  [
    'a dry run is no baseline',
    [
      run('r1', before, { fields: NOW.templateFields }),
      ...uploaded,
      run('r2', { parts: NOW.mappingParts }, { fields: NOW.templateFields }, { dryRun: true }),
    ],
    [
      { part: 'content.备注', change: 'added' },
      { part: 'content.旧', change: 'removed' },
      { part: 'meta.title', change: 'changed' },
    ],
    [],
    2,
  ],
  [
    'an older report: the same mapping file bytes and pub_date',
    [run('r1', { fingerprint: 'sha-now' }, { fingerprint: '2026-02-01' }), ...uploaded],
    [],
    [],
    2,
  ],
  [
    'an older report: another file and pub_date',
    [run('r1', { fingerprint: 'sha-old' }, { fingerprint: '2026-01-01' }), ...uploaded],
    [{ part: 'mapping file', change: 'changed' }],
    [{ part: 'pub_date', change: 'changed' }],
    2,
  ],
  [
    'another template id is a mapping change, not a template one',
    [run('r1', { fingerprint: 'sha-old' }, { id: 202 }), ...uploaded],
    [
      { part: 'template', change: 'changed' },
      { part: 'mapping file', change: 'changed' },
    ],
    [],
    2,
  ],
];

describe('fingerprintChanges', () => {
  test.each(cases)('%s', (_name, lines, mapping, template, rows) => {
    const compared = fingerprintChanges(foldReport(lines), NOW);
    expect(compared.mapping).toEqual(mapping);
    expect(compared.template).toEqual(template);
    expect(compared.rows).toBe(rows);
  });
});
