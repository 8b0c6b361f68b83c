import { checkToken } from '../../src/config/check-token.js';

describe('checkToken', () => {
  test('drops one trailing newline and surrounding spaces', () => {
    expect(checkToken('abc.DEF-123_x\n')).toEqual({ ok: true, token: 'abc.DEF-123_x' });
    expect(checkToken('  abc\r\n')).toEqual({ ok: true, token: 'abc' });
    expect(checkToken('\n')).toEqual({ ok: true, token: undefined });
  });

  test.each([
    ['two lines', 'first-zq9\nsecond-zq9\n'],
    ['a blank second line', 'zq9\n\n'],
    ['inner whitespace', 'zq9 en'],
    ['a tab', 'zq9\ten'],
    ['a control character', 'zq9\u0007en'],
    ['a non-ASCII character', 'zq9令牌'],
  ])('rejects %s without echoing the token', (_what, raw) => {
    const checked = checkToken(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).not.toMatch(/zq9/);
  });
});
