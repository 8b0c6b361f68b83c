import { isPlausibleGb18030 } from './is-plausible-gb18030.js';

/** A text encoding the CSV reader can decode. */
export type TextEncodingName = 'utf8' | 'utf16le' | 'gb18030';

/** What the first bytes of a text file say about it. */
export type SampleVerdict =
  | { readonly kind: 'text'; readonly encoding: TextEncodingName; readonly bom: number }
  | { readonly kind: 'binary' }
  /** Not UTF-8; `gb18030` says whether the bytes read plausibly as GB18030 (see `isPlausibleGb18030`). */
  | { readonly kind: 'not-utf8'; readonly gb18030: boolean };

/**
 * Decides a text file's encoding from its leading bytes: a BOM wins, NUL bytes mean binary, valid
 * UTF-8 is UTF-8, else whether it reads plausibly as GB18030. Unless `complete`, a multibyte character
 * cut at the sample's end is not held against it.
 */
export function detectEncoding(sample: Uint8Array, complete: boolean): SampleVerdict {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { kind: 'text', encoding: 'utf8', bom: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { kind: 'text', encoding: 'utf16le', bom: 2 };
  if (sample.includes(0)) return { kind: 'binary' };
  return isUtf8(sample, complete) ? { kind: 'text', encoding: 'utf8', bom: 0 } : { kind: 'not-utf8', gb18030: isPlausibleGb18030(sample) };
}

/** Strict UTF-8 check of a sample, tolerating one character cut at the end of an incomplete sample. */
export function isUtf8(sample: Uint8Array, complete: boolean): boolean {
  let end = sample.length;
  if (!complete) {
    // Back up over at most 3 continuation bytes to the start of a possibly cut character.
    let i = end - 1;
    while (i >= 0 && i >= end - 4 && (sample[i]! & 0xc0) === 0x80) i--;
    if (i >= 0 && sample[i]! >= 0xc0) end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}
