import { createLogger } from '../../src/cli/create-logger.js';

describe('createLogger', () => {
  test('writes JSON lines and redacts anything holding the token', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', stderr: { write: (line: string) => lines.push(line) } });
    logger.debug(
      { token: 'tok-123', headers: { authorization: 'Bearer tok-123' }, request: { authorization: 'Bearer tok-123' } },
      'request',
    );
    expect(lines).toHaveLength(1);
    expect(lines.join('')).not.toContain('tok-123');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'request', token: '[redacted]' });
  });

  test('redacts the Authorization header in either spelling and as got nests it in errors', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', stderr: { write: (line: string) => lines.push(line) } });
    logger.debug({ Authorization: 'Bearer tok-456', request: { headers: { Authorization: 'Bearer tok-456' } } }, 'request');
    logger.error({ err: { options: { headers: { authorization: 'Bearer tok-456' } } } }, 'failed');
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain('tok-456');
  });

  test('silent logs nothing', () => {
    const lines: string[] = [];
    createLogger({ level: 'silent', stderr: { write: (line: string) => lines.push(line) } }).error('boom');
    expect(lines).toEqual([]);
  });
});
