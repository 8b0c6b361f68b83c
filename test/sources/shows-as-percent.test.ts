import { showsAsPercent } from '../../src/sources/shows-as-percent.js';

describe('showsAsPercent (an .ods percentage cell known only by its shown text)', () => {
  test.each([
    [0.07, '7.0%', true],
    [0.197, '19.7%', true],
    [0.0751, '7.5%', true],
    [-0.5, '-50%', true],
    [0, '0.0%', true],
  ])('%p shown as %p is a percentage', (value, shown, expected) => {
    expect(showsAsPercent(value, shown)).toBe(expected);
  });

  test.each([
    [7, '7%'],
    [0.07, '0.07'],
    [0.07, '8.0%'],
    [0.07, undefined],
    [0.07, '7.0 % of total'],
  ])('%p shown as %p is not', (value, shown) => {
    expect(showsAsPercent(value, shown)).toBe(false);
  });
});
