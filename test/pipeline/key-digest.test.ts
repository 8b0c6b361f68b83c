import { keyDigest } from '../../src/pipeline/key-digest.js';

describe('keyDigest', () => {
  test('is 16 one-byte characters whatever the key length or script', () => {
    for (const key of ['', 'a', '["GH4169","650"]', '["钢材 Q345"]', 'x'.repeat(10_000)]) {
      const digest = keyDigest(key);
      expect(digest).toHaveLength(16);
      expect([...digest].every((ch) => ch.charCodeAt(0) < 256)).toBe(true);
    }
  });

  test('is the same for the same key and differs between keys that differ in one character', () => {
    expect(keyDigest('["Fe0.62C0.0009-1"]')).toBe(keyDigest('["Fe0.62C0.0009-1"]'));
    expect(keyDigest('["Fe0.62C0.0009-1"]')).not.toBe(keyDigest('["Fe0.62C0.0009-2"]'));
    expect(keyDigest('["钢"]')).not.toBe(keyDigest('["钡"]'));
  });

  test('is the MD5 of the UTF-8 text (stable across runs and versions)', () => {
    expect(Buffer.from(keyDigest('abc'), 'latin1').toString('hex')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  test('gives 100,000 distinct keys 100,000 distinct digests', () => {
    const digests = new Set<string>();
    for (let i = 0; i < 100_000; i++) digests.add(keyDigest(`["row-${i}"]`));
    expect(digests.size).toBe(100_000);
  });
});
