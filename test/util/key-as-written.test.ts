import { isBlankKey, keyAsWritten } from '../../src/util/key-as-written.js';

describe('keyAsWritten', () => {
  test('the key columns as written, without the report suffix of a duplicate or blank-keyed row', () => {
    expect(keyAsWritten('["GH4169","17"]')).toBe('GH4169, 17');
    expect(keyAsWritten('[""]\u0000duplicate@data.csv:59')).toBe('');
    expect(keyAsWritten('["Fe0.6"]\u0000duplicate@a.xlsx#Sheet1:12')).toBe('Fe0.6');
    expect(keyAsWritten('ab'.repeat(32))).toBe('ab'.repeat(32));
    expect(keyAsWritten('[not json')).toBe('[not json');
  });

  test('isBlankKey: every key text empty', () => {
    expect([isBlankKey('[""]'), isBlankKey('["",""]'), isBlankKey('["a",""]'), isBlankKey('abc')]).toEqual([true, true, false, false]);
  });
});
