import { redactSecret } from '../../src/platform/redact-secret.js';

describe('redactSecret', () => {
  test('removes every occurrence of the token and any Bearer credential', () => {
    const text = 'header was "Bearer secret-tok-XYZ"; token=secret-tok-XYZ; other: bearer abc.def';
    const clean = redactSecret(text, 'secret-tok-XYZ');
    expect(clean).not.toContain('secret-tok-XYZ');
    expect(clean).not.toContain('abc.def');
    expect(clean).toBe('header was "Bearer [redacted]"; token=[redacted]; other: bearer [redacted]');
  });

  test('a very short token is not searched for (it would shred the text), Bearer still is', () => {
    expect(redactSecret('the platform failed: Bearer t', 't')).toBe('the platform failed: Bearer [redacted]');
    expect(redactSecret('plain text', undefined)).toBe('plain text');
  });
});
