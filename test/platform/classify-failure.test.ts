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
  ['reset after sending', 'uncertain', 'NETWORK_ERROR', () => platform('NETWORK_ERROR', { requestSent: true, reason: 'reset' }), { unreachable: true }],
  ['timeout after sending', 'uncertain', 'NETWORK_ERROR', () => platform('NETWORK_ERROR', { requestSent: true, reason: 'timeout' })],
  ['429', 'retry', 'PLATFORM_BUSY', () => platform('PLATFORM_BUSY', { requestSent: true, status: 429, retryAfter: '2' }), { busy: true, unreachable: false }],
  ['503', 'retry', 'PLATFORM_BUSY', () => platform('PLATFORM_BUSY', { requestSent: true, status: 503 }), { busy: true, unreachable: true }],
  ['422/2102', 'failed', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2102, detail: 'field "x" is missing' })],
  ['406/2202', 'failed', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 406, platformCode: 2202 })],
  ['422/2109 file missing', 'failed', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2109 })],
  ['500 (maybe committed)', 'uncertain', 'PLATFORM_ERROR', () => platform('PLATFORM_ERROR', { requestSent: true, status: 500, platformCode: 500 }), { unreachable: false }],
  ['502 HTML page', 'uncertain', 'PROTOCOL_ERROR', () => platform('PROTOCOL_ERROR', { requestSent: true, status: 502 }), { unreachable: true }],
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
    const c = classifyFailure(platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformCode: 2102, platformMessage: 'Bad data', detail: 'field "抗拉强度" is missing' }));
    expect(c).toMatchObject({ status: 422, platformCode: 2102, detail: 'field "抗拉强度" is missing' });
  });

  test('falls back to the envelope message, and keeps Retry-After and the wire reason', () => {
    expect(classifyFailure(platform('PLATFORM_ERROR', { requestSent: true, status: 422, platformMessage: 'Bad data' })).detail).toBe('Bad data');
    expect(classifyFailure(platform('PLATFORM_BUSY', { requestSent: true, status: 429, retryAfter: '3' })).retryAfter).toBe('3');
    expect(classifyFailure(platform('NETWORK_ERROR', { requestSent: true, reason: 'reset' })).reason).toBe('reset');
  });
});
