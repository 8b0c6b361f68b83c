import { exactNumber } from '../../../src/report/annotate/exact-number.js';

describe('exactNumber: a CSV cell becomes a number cell only when the number is exactly its text', () => {
  test.each([
    ['2411.5', 2411.5],
    ['-0.88', -0.88],
    ['7.0', 7],
    ['0', 0],
    ['1.5e-3', 0.0015],
    ['+12', 12],
    ['0.10', 0.1],
  ])('%s is %d', (text, n) => {
    expect(exactNumber(text)).toBe(n);
  });

  test.each(['n/a', '', '1,234', '-5%', '007', '12345678901234567890', '0.1234567890123456', '1e400', ' 12', '=1+1', '1.5 MPa'])(
    '%j stays text',
    (text) => {
      expect(exactNumber(text)).toBeUndefined();
    },
  );
});
