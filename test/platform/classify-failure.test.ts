import { PlatformRequestError, type PlatformErrorCode, type PlatformFailure } from '../../src/platform/platform-errors.js';
import { classifyFailure, type FailureAction } from '../../src/platform/classify-failure.js';

const ENDPOINT = 'POST data/full';

function platform(code: PlatformErrorCode, failure: Omit<PlatformFailure, 'endpoint'>): PlatformRequestError {
  return new PlatformRequestError(code, 'test', { endpoint: ENDPOINT, ...failure });
}

type Row = [string, FailureAction, string, () => unknown, { busy?: boolean; unreachable?: boolean }?];

const table: Row[] = [
  ['refused', 'retry', 'NETWORK_ERROR', () => platform('NETWORK_ERROR', { requestSent: false, reason: 'refused' }), { unreachable: true }],
  ['dns', 'retry', 'NETWORK_ERROR', () => platform('NETWORK_ERROR', { requestSent: false, reason: 'dns' }), { unreachable: true }],
  [
    'reset after sending',
    'uncertain',
    'NETWORK_ERROR',
    () => platform('NETWORK_ERROR', { requestSent: true, reason: 'reset' }),
    { unreachable: true },
  ],
  ['timeout after sending', 'uncertain', 'NETWORK_ERROR', () => platform('NETWORK_ERROR', { requestSent: true, reason: 'timeout' })],
  [
    '429',
    'retry',
    'PLATFORM_BUSY',
    () => platform('PLATFORM_BUSY', { requestSent: true, status: 429, retryAfter: '2' }),
    { busy: true, unreachable: false },
  ],
  ['503', 'retry', 'PLATFORM_BUSY', () => platform('PLATFORM_BUSY', { requestSent: true, status: 503 }), { busy: true, unreachable: true }],
  [
    '422/2102',
    'failed',
    'PLATFORM_ERROR',
    () => platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2102, detail: 'field "x" is missing' }),
  ],
  ['406/2202', 'failed', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 406, platformCode: 2202 })],
  [
    '422/2109 file missing',
    'failed',
    'PLATFORM_ERROR',
    () => platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2109 }),
  ],
  [
    '500 (maybe committed)',
    'uncertain',
    'PLATFORM_ERROR',
    () => platform('PLATFORM_ERROR', { requestSent: true, status: 500, platformCode: 500 }),
    { unreachable: false },
  ],
  [
    '502 HTML page',
    'uncertain',
    'PROTOCOL_ERROR',
    () => platform('PROTOCOL_ERROR', { requestSent: true, status: 502 }),
    { unreachable: true },
  ],
  ['504', 'uncertain', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 504 }), { unreachable: true }],
  ['503 HTML page', 'retry', 'PLATFORM_BUSY', () => platform('PROTOCOL_ERROR', { requestSent: true, status: 503 }), { busy: true }],
  ['408', 'retry', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 408 }), { busy: false }],
  ['201 with a garbage body', 'uncertain', 'PROTOCOL_ERROR', () => platform('PROTOCOL_ERROR', { requestSent: true, status: 201 })],
  ['413 HTML from a proxy', 'failed', 'PROTOCOL_ERROR', () => platform('PROTOCOL_ERROR', { requestSent: true, status: 413 })],
  ['no status at all', 'uncertain', 'PROTOCOL_ERROR', () => platform('PROTOCOL_ERROR', { requestSent: true })],
  ['403 token', 'fatal', 'TOKEN_REJECTED', () => platform('TOKEN_REJECTED', { requestSent: true, status: 403 })],
  ['401 token', 'fatal', 'TOKEN_REJECTED', () => platform('TOKEN_REJECTED', { requestSent: true, status: 401 })],
  ['403 reported as a protocol error', 'fatal', 'TOKEN_REJECTED', () => platform('PROTOCOL_ERROR', { requestSent: true, status: 403 })],
  ['404 template gone', 'fatal', 'TEMPLATE_GONE', () => platform('PLATFORM_ERROR', { requestSent: true, status: 404, platformCode: 404 })],
  ['404 HTML page', 'fatal', 'ENDPOINT_NOT_FOUND', () => platform('PROTOCOL_ERROR', { requestSent: true, status: 404 })],
  ['anything not sent', 'retry', 'PROTOCOL_ERROR', () => platform('PROTOCOL_ERROR', { requestSent: false })],
  ['a bug', 'failed', 'INTERNAL_ERROR', () => new TypeError('x is undefined')],
  ['a thrown string', 'failed', 'INTERNAL_ERROR', () => 'boom'],
];

describe('classifyFailure', () => {
  // A plain loop, not test.each: jest-each stalls on tables holding error instances or functions.
  for (const [name, action, code, error, flags] of table) {
    test(`${name} → ${action} ${code}`, () => {
      const c = classifyFailure(error());
      expect(c.action).toBe(action);
      expect(c.code).toBe(code);
      if (flags?.busy !== undefined) expect(c.busy).toBe(flags.busy);
      if (flags?.unreachable !== undefined) expect(c.unreachable).toBe(flags.unreachable);
    });
  }

  test('carries the platform facts for the report', () => {
    const c = classifyFailure(
      platform('PLATFORM_ERROR', {
        requestSent: true,
        status: 422,
        platformCode: 2102,
        platformMessage: 'Bad data',
        detail: 'field "抗拉强度" is missing',
      }),
    );
    expect(c).toMatchObject({ status: 422, platformCode: 2102, detail: 'field "抗拉强度" is missing' });
  });

  test('falls back to the envelope message, and keeps Retry-After and the wire reason', () => {
    expect(classifyFailure(platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformMessage: 'Bad data' })).detail).toBe(
      'Bad data',
    );
    expect(classifyFailure(platform('PLATFORM_BUSY', { requestSent: true, status: 429, retryAfter: '3' })).retryAfter).toBe('3');
    expect(classifyFailure(platform('NETWORK_ERROR', { requestSent: true, reason: 'reset' })).reason).toBe('reset');
  });
});

describe('classifyFailure of a GET: the same facts, retried wherever the failure may pass', () => {
  const get = (code: PlatformErrorCode, failure: Omit<PlatformFailure, 'endpoint'>): PlatformRequestError =>
    new PlatformRequestError(code, 'test', { endpoint: 'GET templates/101', ...failure });
  const rows: [string, FailureAction, string, () => unknown, boolean?][] = [
    ['refused', 'retry', 'NETWORK_ERROR', () => get('NETWORK_ERROR', { requestSent: false, reason: 'refused' })],
    [
      'reset after sending (a POST would be uncertain)',
      'retry',
      'NETWORK_ERROR',
      () => get('NETWORK_ERROR', { requestSent: true, reason: 'reset' }),
    ],
    ['timeout', 'retry', 'NETWORK_ERROR', () => get('NETWORK_ERROR', { requestSent: true, reason: 'timeout' })],
    [
      '429',
      'retry',
      'PLATFORM_BUSY',
      () => get('PLATFORM_BUSY', { requestSent: true, status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' }),
      true,
    ],
    ['503 HTML page', 'retry', 'PLATFORM_BUSY', () => get('PROTOCOL_ERROR', { requestSent: true, status: 503 }), true],
    [
      '500 (a POST would be uncertain)',
      'retry',
      'PLATFORM_ERROR',
      () => get('PLATFORM_ERROR', { requestSent: true, status: 500, platformCode: 500 }),
      false,
    ],
    ['502 HTML page', 'retry', 'PROTOCOL_ERROR', () => get('PROTOCOL_ERROR', { requestSent: true, status: 502 })],
    ['504', 'retry', 'PLATFORM_ERROR', () => get('PLATFORM_ERROR', { requestSent: true, status: 504 })],
    ['408', 'retry', 'PLATFORM_ERROR', () => get('PLATFORM_ERROR', { requestSent: true, status: 408 })],
    [
      '422/2102 template missing',
      'failed',
      'PLATFORM_ERROR',
      () => get('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2102 }),
    ],
    ['200 with the wrong shape', 'failed', 'PROTOCOL_ERROR', () => get('PROTOCOL_ERROR', { requestSent: true, status: 200 })],
    ['an answer too large to read', 'failed', 'PROTOCOL_ERROR', () => get('PROTOCOL_ERROR', { requestSent: true })],
    ['404 HTML page', 'failed', 'PROTOCOL_ERROR', () => get('PROTOCOL_ERROR', { requestSent: true, status: 404 })],
    ['403 token', 'fatal', 'TOKEN_REJECTED', () => get('TOKEN_REJECTED', { requestSent: true, status: 403 })],
    ['a bug', 'failed', 'INTERNAL_ERROR', () => new TypeError('x')],
  ];
  for (const [name, action, code, error, busy] of rows) {
    test(`${name} → ${action} ${code}`, () => {
      const c = classifyFailure(error(), 'GET');
      expect([c.action, c.code]).toEqual([action, code]);
      if (busy !== undefined) expect(c.busy).toBe(busy);
    });
  }
});
