import { DEFAULT_SETTINGS } from '../../src/config/settings.js';
import type { MappedRow } from '../../src/mapping/rows/mapped-row.js';
import { uploadStageOptions } from '../../src/pipeline/stage-options.js';
import type { ResumeOptions } from '../../src/report/plan-resume.js';
import type { UploadOptions } from '../../src/upload/upload-types.js';
import { canonicalJson } from '../../src/mapping/rows/canonical-json.js';
import type { PlatformRecord } from '../../src/template/record-types.js';
import { PlatformRequestError, type PlatformErrorCode, type PlatformFailure } from '../../src/platform/platform-errors.js';
import type { ReportLine, ReportLineInput } from '../../src/report/report-lines.js';

/** A valid mapped row for key `key` (hash defaults to `h-<key>`). */
export function row(key: string, options: { hash?: string; line?: number; invalid?: boolean } = {}): MappedRow {
  const line = options.line ?? 2;
  const record: PlatformRecord = {
    meta: {
      tid: 101,
      title: key,
      abstract: 'a',
      keywords: ['k'],
      source: { source: '10', methods: '0100' },
      public_date: 0,
      public_range: 0,
    },
    content: { 牌号: key },
  };
  return {
    location: { file: 'data.csv', sheet: undefined, row: line },
    rowNumbers: [line],
    key,
    hash: options.hash ?? `h-${key}`,
    body: options.invalid ? undefined : canonicalJson(record),
    record: options.invalid ? undefined : record,
    problems: options.invalid
      ? [
          {
            code: 'VALUE_NOT_A_NUMBER',
            message: 'not a number',
            location: { file: 'data.csv', sheet: undefined, row: line, column: 'B', cell: 'B2' },
            field: 'content.温度',
            expected: 'a number',
            found: 'abc',
          },
        ]
      : [],
    sourceValues: { 牌号: key, 温度: options.invalid ? 'abc' : 650 },
  };
}

/** The title of the record a JSON body holds: the fixtures' rows carry their key there. */
export function titleOf(body: string): string {
  return (JSON.parse(body) as PlatformRecord).meta.title;
}

export function platformError(code: PlatformErrorCode, failure: Omit<PlatformFailure, 'endpoint'>): PlatformRequestError {
  return new PlatformRequestError(code, 'test', { endpoint: 'POST data/full', ...failure });
}

export const errors = {
  busy429: () => platformError('PLATFORM_BUSY', { requestSent: true, status: 429, retryAfter: '2' }),
  busy503: () => platformError('PLATFORM_BUSY', { requestSent: true, status: 503 }),
  refused: () => platformError('NETWORK_ERROR', { requestSent: false, reason: 'refused' }),
  reset: () => platformError('NETWORK_ERROR', { requestSent: true, reason: 'reset' }),
  status500: () => platformError('PLATFORM_ERROR', { requestSent: true, status: 500, platformCode: 500, detail: 'indexing failed' }),
  rejected422: () =>
    platformError('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2102, detail: 'field "x" is missing' }),
  token403: () => platformError('TOKEN_REJECTED', { requestSent: true, status: 403 }),
};

/** An in-memory report writer that stamps lines like the real one. */
export function memoryReport() {
  const lines: ReportLine[] = [];
  return {
    lines,
    async write(line: ReportLineInput) {
      lines.push({ ...line, at: new Date(0).toISOString() });
    },
    of(key: string) {
      return lines.filter((l) => 'key' in l && l.key === key).map((l) => l.type);
    },
  };
}

/** A `send` scripted per key: each call takes the next step (an id, or an error factory). */
export function scriptedSend(script: Record<string, (number | (() => Error))[]>) {
  const calls: string[] = [];
  let next = 1000;
  const send = async (body: string): Promise<number> => {
    const key = titleOf(body);
    calls.push(key);
    const step = script[key]?.shift();
    if (typeof step === 'function') throw step();
    return step ?? next++;
  };
  return { send, calls };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The upload stage's options as a run builds them from the default settings (concurrency 2, as the
 * tests' queues have it), with a test's own values; the resume flags may be given flat.
 */
export function uploadOptions(overrides: Partial<Omit<UploadOptions, 'resume'>> & Partial<ResumeOptions> = {}): UploadOptions {
  const { onChange, retryFailed, retryUncertain, verboseReport, ...rest } = overrides;
  const base = uploadStageOptions({ ...DEFAULT_SETTINGS, concurrency: 2 }).upload;
  return {
    ...base,
    ...rest,
    resume: {
      onChange: onChange ?? base.resume.onChange,
      retryFailed: retryFailed ?? base.resume.retryFailed,
      retryUncertain: retryUncertain ?? base.resume.retryUncertain,
      ...(verboseReport !== undefined ? { verboseReport } : {}),
    },
  };
}
