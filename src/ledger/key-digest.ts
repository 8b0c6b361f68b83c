/**
 * A key's 128-bit digest into `out[0..3]`: MurmurHash3 x86-128 over its UTF-16LE code units.
 * `crypto.hash('md5')` cost ~3 µs a call, four calls a row on a resume. A collision (~2^-128 a pair, or
 * crafted) can only make a row reported, never sent twice (ARCHITECTURE.md → "Upload and the report",
 * Backpressure); changing this function is a new ledger index version.
 */
export function keyDigest(key: string, out: Uint32Array): void {
  const c1 = 0x239b961b;
  const c2 = 0xab0e9789;
  const c3 = 0x38b34ae5;
  const c4 = 0xa1e38b93;
  let h1 = 0;
  let h2 = 0;
  let h3 = 0;
  let h4 = 0;
  const length = key.length;
  const blocks = length - (length % 8);
  let i = 0;
  for (; i < blocks; i += 8) {
    let k1 = key.charCodeAt(i) | (key.charCodeAt(i + 1) << 16);
    let k2 = key.charCodeAt(i + 2) | (key.charCodeAt(i + 3) << 16);
    let k3 = key.charCodeAt(i + 4) | (key.charCodeAt(i + 5) << 16);
    let k4 = key.charCodeAt(i + 6) | (key.charCodeAt(i + 7) << 16);
    k1 = Math.imul(rotl(Math.imul(k1, c1), 15), c2);
    h1 ^= k1;
    h1 = (Math.imul((rotl(h1, 19) + h2) | 0, 5) + 0x561ccd1b) | 0;
    k2 = Math.imul(rotl(Math.imul(k2, c2), 16), c3);
    h2 ^= k2;
    h2 = (Math.imul((rotl(h2, 17) + h3) | 0, 5) + 0x0bcaa747) | 0;
    k3 = Math.imul(rotl(Math.imul(k3, c3), 17), c4);
    h3 ^= k3;
    h3 = (Math.imul((rotl(h3, 15) + h4) | 0, 5) + 0x96cd1c35) | 0;
    k4 = Math.imul(rotl(Math.imul(k4, c4), 18), c1);
    h4 ^= k4;
    h4 = (Math.imul((rotl(h4, 13) + h1) | 0, 5) + 0x32ac3b17) | 0;
  }
  // The tail: up to 7 code units (14 bytes) in the low words, as the reference reads its last bytes.
  const tail = length - i;
  if (tail > 0) {
    const unit = (j: number): number => (j < tail ? key.charCodeAt(i + j) : 0);
    const k1 = unit(0) | (unit(1) << 16);
    const k2 = unit(2) | (unit(3) << 16);
    const k3 = unit(4) | (unit(5) << 16);
    const k4 = unit(6);
    if (tail > 6) h4 ^= Math.imul(rotl(Math.imul(k4, c4), 18), c1);
    if (tail > 4) h3 ^= Math.imul(rotl(Math.imul(k3, c3), 17), c4);
    if (tail > 2) h2 ^= Math.imul(rotl(Math.imul(k2, c2), 16), c3);
    h1 ^= Math.imul(rotl(Math.imul(k1, c1), 15), c2);
  }
  const bytes = length * 2;
  h1 ^= bytes;
  h2 ^= bytes;
  h3 ^= bytes;
  h4 ^= bytes;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  out[0] = h1;
  out[1] = h2;
  out[2] = h3;
  out[3] = h4;
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
