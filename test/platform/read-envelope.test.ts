import { readEnvelope } from '../../src/platform/read-envelope.js';
import { PlatformRequestError } from '../../src/platform/platform-errors.js';

const JSON_TYPE = 'application/json; charset=utf-8';

function codeOf(status: number, body: string, contentType: string | undefined = JSON_TYPE): string {
  try {
    readEnvelope({ status, body, contentType, retryAfter: undefined }, 'GET templates');
  } catch (error) {
    if (error instanceof PlatformRequestError) return error.code;
    throw error;
  }
  return 'OK';
}

describe('readEnvelope', () => {
  test('success is code 0 on 200 or 201', () => {
    expect(
      readEnvelope({ status: 201, body: '{"code": 0, "data": 48213}', contentType: JSON_TYPE, retryAfter: undefined }, 'POST data/full'),
    ).toBe(48213);
    expect(codeOf(200, '{"code":0,"data":null}')).toBe('OK');
    expect(codeOf(202, '{"code":0,"data":null}')).toBe('PLATFORM_ERROR');
  });

  test('classifies by status and code, never by message', () => {
    expect(codeOf(403, '', 'text/html; charset=utf-8')).toBe('TOKEN_REJECTED');
    expect(codeOf(401, '{"code":2002,"msg":"Invalid token","data":{}}')).toBe('TOKEN_REJECTED');
    expect(codeOf(503, '')).toBe('PLATFORM_BUSY');
    expect(codeOf(200, '{"code":2102,"msg":"数据格式错误","data":{}}')).toBe('PLATFORM_ERROR');
    expect(codeOf(405, '', 'text/html')).toBe('PROTOCOL_ERROR');
    expect(codeOf(200, '{"code":0,"data":1}', 'text/html')).toBe('PROTOCOL_ERROR');
    expect(codeOf(200, '{"data":1}')).toBe('PROTOCOL_ERROR');
    expect(codeOf(200, 'not json')).toBe('PROTOCOL_ERROR');
    expect(codeOf(502, '<html>bad gateway</html>', 'text/html')).toBe('PLATFORM_ERROR');
  });

  test('keeps the platform facts, error_detail of any JSON type as text', () => {
    try {
      readEnvelope(
        {
          status: 422,
          body: '{"code":2102,"msg":"Bad data","data":{},"error_detail":{"row":3}}',
          contentType: JSON_TYPE,
          retryAfter: undefined,
        },
        'POST data/full',
      );
    } catch (error) {
      expect((error as PlatformRequestError).failure).toEqual({
        endpoint: 'POST data/full',
        status: 422,
        requestSent: true,
        platformCode: 2102,
        platformMessage: 'Bad data',
        detail: '{"row":3}',
      });
      return;
    }
    throw new Error('expected a rejection');
  });
});
