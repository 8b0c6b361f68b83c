import { keyDigest } from '../../src/pipeline/key-digest.js';

describe('keyDigest', () => {
  test('is 16 bytes whatever the key length or script', () => {
    for (const key of ['', 'a', '["GH4169","650"]', '["钢材 Q345"]', 'x'.repeat(10_000)]) {
      expect(keyDigest(key)).toHaveLength(16);
    }
  });

  test('is the same for the same key and differs between keys that differ in one character', () => {
    expect(keyDigest('["Fe0.62C0.0009-1"]').equals(keyDigest('["Fe0.62C0.0009-1"]'))).toBe(true);
    expect(keyDigest('["Fe0.62C0.0009-1"]').equals(keyDigest('["Fe0.62C0.0009-2"]'))).toBe(false);
    expect(keyDigest('["钢"]').equals(keyDigest('["钡"]'))).toBe(false);
  });

  test('is the MD5 of the UTF-8 text (stable across runs and versions)', () => {
    expect(keyDigest('abc').toString('hex')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(keyDigest('钢').toString('hex')).toBe('04466caf0511bd9c478c24d636aeef20');
  });

  test('gives 100,000 distinct keys 100,000 distinct digests', () => {
    const digests = new Set<string>();
    for (let i = 0; i < 100_000; i++) digests.add(keyDigest(`["row-${i}"]`).toString('latin1'));
    expect(digests.size).toBe(100_000);
  });
});
