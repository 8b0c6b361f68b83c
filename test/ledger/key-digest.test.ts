import { keyDigest } from '../../src/ledger/key-digest.js';

const hex = (key: string): string => {
  const out = new Uint32Array(4);
  keyDigest(key, out);
  return [...out].map((w) => w.toString(16).padStart(8, '0')).join('');
};

describe('keyDigest', () => {
  test("is MurmurHash3 x86 128-bit of the text's UTF-16LE bytes", () => {
    // Reference digests: MurmurHash3_x86_128 with seed 0 over Buffer.from(key, 'utf16le'), as the
    // reference algorithm (and the npm package murmurhash3js-revisited, x86.hash128) computes them.
    // Lengths 0, 3, 1 (CJK), 16 and 17 code units: the empty text, a short tail, a whole block, a block and a tail.
    expect(hex('')).toBe('00000000000000000000000000000000');
    expect(hex('abc')).toBe('2b5b97a320f75fb55012c2b45012c2b4');
    expect(hex('钢')).toBe('7298fd694d1325794d1325794d132579');
    expect(hex('["GH4169","650"]')).toBe('370d3ccecc5840a484e905ff3e5c4161');
    expect(hex('abcdefghijklmnopq')).toBe('fec38c83ea62e9e1c69074d667a5f76d');
  });

  test('is the same for the same key and differs between keys that differ in one character or one code unit', () => {
    expect(hex('["Fe0.62C0.0009-1"]')).toBe(hex(JSON.parse('"[\\"Fe0.62C0.0009-1\\"]"') as string));
    expect(hex('["Fe0.62C0.0009-1"]')).not.toBe(hex('["Fe0.62C0.0009-2"]'));
    expect(hex('["钢"]')).not.toBe(hex('["钡"]'));
    // A lone surrogate is a code unit like any other.
    expect(hex('a\ud800')).not.toBe(hex('a\udc00'));
    // Trailing NULs change the length, so the digest.
    expect(hex('a')).not.toBe(hex('a\u0000'));
  });

  test('gives 200,000 similar keys 200,000 distinct digests', () => {
    const digests = new Set<string>();
    for (let i = 0; i < 200_000; i++) digests.add(hex(`["Fe0.623C0.00854Mn0.000104-${i}"]`));
    expect(digests.size).toBe(200_000);
  });
});
