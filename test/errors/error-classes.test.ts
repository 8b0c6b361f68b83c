import { SettingsError } from '../../src/config/setting-problem.js';
import { isMgeError, MgeError } from '../../src/errors/mge-error.js';
import { loadMapping } from '../../src/mapping/load/load-mapping.js';
import { MappingError, MappingInvalidError } from '../../src/mapping/mapping-errors.js';
import { MappingChangedError, PipelineError } from '../../src/pipeline/pipeline-errors.js';
import { RunStoppedError } from '../../src/pipeline/run-stopped-error.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';
import { SandboxError } from '../../src/platform/sandbox/sandbox-errors.js';
import { ReportError } from '../../src/report/report-errors.js';
import { zeroCounts } from '../../src/report/report-lines.js';
import { SourceError } from '../../src/sources/source-error.js';
import { TemplateError } from '../../src/template/template-errors.js';
import { RunStopError } from '../../src/upload/stop-error.js';
import { UsageError } from '../../src/cli/usage-error.js';

const summary = {
  counts: { ...zeroCounts(), uploaded: 4, uncertain: 1 },
  rows: 5,
  durationMs: 9,
  notUploaded: 1,
  toCheck: { invalid: 0, failed: 0, uncertain: 1, changed: 0 },
  interrupted: false,
  stoppedBy: undefined,
};

describe("each area's errors: a union of codes, the kind fixed by the code, the facts typed", () => {
  test.each([
    ['mapping', new MappingError('MAPPING_YAML_SYNTAX', 'x'), 'mapping'],
    ['source', new SourceError('SOURCE_TOO_LARGE', 'x', { file: 'a.csv' }), 'source'],
    ['template (not found)', new TemplateError('TEMPLATE_NOT_FOUND', 'x'), 'template'],
    ['template (no id: a usage error)', new TemplateError('TEMPLATE_ID_INVALID', 'x'), 'usage'],
    ['report (locked)', new ReportError('REPORT_LOCKED', 'x'), 'usage'],
    ['report (not writable)', new ReportError('REPORT_NOT_WRITABLE', 'x'), 'config'],
    ['report (corrupt)', new ReportError('REPORT_CORRUPT', 'x'), 'source'],
    ['report (lock lost mid-run)', new ReportError('REPORT_LOCK_LOST', 'x'), 'fatal'],
    ['sandbox (port)', new SandboxError('SANDBOX_PORT_IN_USE', 'x'), 'usage'],
    ['sandbox (templates)', new SandboxError('SANDBOX_TEMPLATES_INVALID', 'x'), 'config'],
    ['pipeline (output exists)', new PipelineError('OUTPUT_EXISTS', 'x'), 'usage'],
    ['usage', new UsageError('OPTION_INVALID', 'x'), 'usage'],
    ['upload stop (breaker)', new RunStopError('UNCERTAIN_STREAK', undefined, 10), 'fatal'],
    ['upload stop (a bug)', new RunStopError('INTERNAL_ERROR'), 'internal'],
    [
      'platform (token)',
      new PlatformRequestError('TOKEN_REJECTED', 'x', { endpoint: 'GET templates', status: 403, requestSent: true }),
      'fatal',
    ],
    [
      'platform (busy)',
      new PlatformRequestError('PLATFORM_BUSY', 'x', { endpoint: 'POST data/full', status: 429, requestSent: true }),
      'transient',
    ],
  ])('%s', (_area, error, kind) => {
    expect(error).toBeInstanceOf(MgeError);
    expect(isMgeError(error)).toBe(true);
    expect(error.kind).toBe(kind);
    // Named by its class, as a stack or a log shows it.
    expect(error.name).toBe(error.constructor.name);
    expect(error.name).toMatch(/^[A-Z]\w+Error$/);
    expect(error.code).toMatch(/^[A-Z][A-Z_]+[A-Z]$/);
  });

  test('MappingInvalidError carries every problem typed, located at the first', () => {
    const problems = [
      { code: 'MAPPING_UNKNOWN_FIELD', message: 'unknown field "x"', line: 3, col: 2, path: 'content.x', suggestions: ['y'] },
      { code: 'MAPPING_COLUMN_NOT_FOUND', message: 'no column "z"', line: 9, col: 4, path: 'content.z' },
    ];
    const error = new MappingInvalidError('m.yaml', problems);
    expect([error.kind, error.code, error.problems, error.location]).toEqual([
      'mapping',
      'MAPPING_INVALID',
      problems,
      { file: 'm.yaml', row: 3, col: 2, field: 'content.x' },
    ]);
    expect(error.message.split('\n').slice(1)).toEqual([
      'm.yaml:3:2 MAPPING_UNKNOWN_FIELD unknown field "x" (did you mean "y"?)',
      'm.yaml:9:4 MAPPING_COLUMN_NOT_FOUND no column "z"',
    ]);
  });

  test('SettingsError: one problem keeps its own code, several are SETTINGS_INVALID; every problem typed', () => {
    const one = new SettingsError([{ code: 'TOKEN_MISSING', message: 'no token', location: { field: 'MGE_TOKEN' } }]);
    expect([one.kind, one.code, one.location, one.problems.length]).toEqual(['config', 'TOKEN_MISSING', { field: 'MGE_TOKEN' }, 1]);
    const two = new SettingsError([
      one.problems[0]!,
      { code: 'BASE_URL_MISSING', message: 'no address', location: { field: 'MGE_BASE_URL' } },
    ]);
    expect([two.code, two.location, two.problems.map((p) => p.code)]).toEqual([
      'SETTINGS_INVALID',
      undefined,
      ['TOKEN_MISSING', 'BASE_URL_MISSING'],
    ]);
  });

  test('RunStoppedError carries the summary so far, and keeps the stopping error as its cause, code, kind and place', () => {
    const cause = new SourceError('SOURCE_CSV_SYNTAX', 'a quote is not closed', { file: 'a.csv', row: 7 });
    const error = new RunStoppedError(cause, summary, { message: 'a quote is not closed (the run stopped there)' });
    expect([error.kind, error.code, error.location, error.cause, error.summary]).toEqual([
      'fatal',
      'SOURCE_CSV_SYNTAX',
      { file: 'a.csv', row: 7 },
      cause,
      summary,
    ]);
    expect(new RunStoppedError(new RunStopError('INTERNAL_ERROR'), summary).kind).toBe('internal');
  });

  test('RunStopError carries the streak and the last answer typed', () => {
    const error = new RunStopError(
      'PLATFORM_UNREACHABLE',
      {
        action: 'retry',
        code: 'NETWORK_ERROR',
        status: undefined,
        platformCode: undefined,
        detail: 'refused',
        retryAfter: undefined,
        busy: false,
        unreachable: true,
        reason: 'refused',
      },
      10,
    );
    expect([error.count, error.lastFailure]).toEqual([
      10,
      { code: 'NETWORK_ERROR', status: undefined, platformCode: undefined, detail: 'refused' },
    ]);
  });

  test('MappingChangedError names its code by what changed, and carries the changes typed', () => {
    const mapping = new MappingChangedError('changed', { mapping: ['meta.title'], template: [], rows: 20 }, 'r1', {});
    const template = new MappingChangedError('changed', { mapping: [], template: ['温度'], rows: 3 }, undefined, {});
    expect([mapping.kind, mapping.code, mapping.changes.rows, mapping.baselineRun]).toEqual(['mapping', 'MAPPING_CHANGED', 20, 'r1']);
    expect([template.kind, template.code, template.changes.template]).toEqual(['template', 'TEMPLATE_FIELDS_CHANGED', ['温度']]);
  });

  test("a user's too-deep mapping is a mapping error with its place, never an internal one", () => {
    let caught: unknown;
    try {
      loadMapping(
        `version: 1\ntemplate: 201\ncontent:\n${Array.from({ length: 70 }, (_v, i) => `${'  '.repeat(i + 1)}a${i}:`).join('\n')} x\n`,
        'deep.yaml',
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MappingError);
    expect(caught).toMatchObject({ kind: 'mapping', code: 'MAPPING_TOO_DEEP', location: { file: 'deep.yaml', row: 68 } });
  });
});
