import { isMgeError } from '../../src/errors/mge-error.js';
import { checkMappingChange } from '../../src/pipeline/check-mapping-change.js';
import type { CurrentFingerprints } from '../../src/report/fingerprint-changes.js';
import { foldReport } from '../../src/report/fold-report.js';
import type { ReportLine, RunLine } from '../../src/report/report-lines.js';
import { L } from '../report/report-fixtures.js';

const NOW: CurrentFingerprints = {
  mappingSha256: 's2',
  mappingParts: { key: 'k1', 'meta.title': 't2' },
  templateId: 101,
  templatePubDate: 'p2',
  templateFields: { 温度: 'f1' },
};

function report(parts: Record<string, string>, fields: Record<string, string>, ...rows: ReportLine[]) {
  const base = L.run('r1') as RunLine;
  return foldReport([{ ...base, mapping: { ...base.mapping, parts }, template: { ...base.template, fields } }, ...rows]);
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const stored = [L.intent('a', 'h'), L.uploaded('a', 'h', 1), L.intent('b', 'h'), L.uploaded('b', 'h', 2)];
const options = { mappingFile: 'm.yaml', accept: false };

describe('checkMappingChange', () => {
  test('a changed mapping part stops the run (MAPPING_CHANGED, exit 2), naming the part and the rows on the platform', () => {
    const error = thrown(() => checkMappingChange(report({ key: 'k1', 'meta.title': 't1' }, { 温度: 'f1' }, ...stored), NOW, options));
    expect(isMgeError(error, 'mapping') && error.code).toBe('MAPPING_CHANGED');
    expect(error).toMatchObject({
      location: { file: 'm.yaml' },
      changes: { mapping: ['meta.title'], template: [], rows: 2 },
      baselineRun: 'r1',
    });
    expect((error as Error).message).toContain('--on-change upload');
  });

  test('a changed key says every row would be a new one', () => {
    const error = thrown(() => checkMappingChange(report({ key: 'k0', 'meta.title': 't2' }, { 温度: 'f1' }, ...stored), NOW, options));
    expect(error).toMatchObject({ code: 'MAPPING_CHANGED', changes: { mapping: ['key'] } });
    expect((error as Error).message).toContain('every record is a new one');
  });

  test('a redefined template field alone is TEMPLATE_FIELDS_CHANGED (exit 2)', () => {
    const error = thrown(() => checkMappingChange(report(NOW.mappingParts, { 温度: 'f0' }, ...stored), NOW, options));
    expect(isMgeError(error, 'template') && error.code).toBe('TEMPLATE_FIELDS_CHANGED');
    expect(error).toMatchObject({ changes: { mapping: [], template: ['温度'] } });
  });

  test('accepted: resolves with what was accepted, for the run line', () => {
    expect(checkMappingChange(report({ key: 'k1' }, { 温度: 'f0' }, ...stored), NOW, { ...options, accept: true })).toEqual({
      mapping: ['meta.title (added)'],
      template: ['温度'],
      rows: 2,
    });
  });

  test('nothing to protect: no report, no change, or no row on the platform', () => {
    expect(checkMappingChange(undefined, NOW, options)).toBeUndefined();
    expect(checkMappingChange(report(NOW.mappingParts, NOW.templateFields, ...stored), NOW, options)).toBeUndefined();
    expect(
      checkMappingChange(report({ key: 'k0' }, {}, L.invalid('a', 'h'), L.intent('b', 'h'), L.failed('b', 'h', false)), NOW, options),
    ).toBeUndefined();
  });
});
