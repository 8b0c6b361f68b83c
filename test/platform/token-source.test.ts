import { fixedToken, renewableToken } from '../../src/platform/token-source.js';

describe('renewableToken', () => {
  test('a refused token is replaced by the one the file holds now; refusals of the old one meanwhile share the one read', async () => {
    let reads = 0;
    const tokens = renewableToken('t1', () => {
      reads += 1;
      return 't2';
    });
    const renewed = await Promise.all([tokens.renew('t1'), tokens.renew('t1'), tokens.renew('t1')]);
    expect(renewed).toEqual(['t2', 't2', 't2']);
    expect(reads).toBe(1);
    expect(tokens.current()).toBe('t2');
    // A request sent with t1 before the renewal, refused after it: it goes on with t2, nothing is read.
    expect(await tokens.renew('t1')).toBe('t2');
    expect(reads).toBe(1);
    expect(tokens.secrets()).toEqual(['t1', 't2']);
  });

  test('the same token again, none, a read error, or a token refused before: the run stops', async () => {
    for (const reread of [
      () => 't1',
      () => undefined,
      (): string => {
        throw new Error('EACCES');
      },
    ]) {
      const tokens = renewableToken('t1', reread);
      expect(await tokens.renew('t1')).toBeUndefined();
      expect(tokens.current()).toBe('t1');
    }
    const back = renewableToken('t1', () => 't2');
    expect(await back.renew('t1')).toBe('t2');
    const old = renewableToken('t1', () => 't1');
    expect(await old.renew('t1')).toBeUndefined();
  });

  test('each new refusal reads the file once more (a token rotated every 10 hours)', async () => {
    const next = ['t2', 't3'];
    const tokens = renewableToken('t1', () => next.shift());
    expect(await tokens.renew('t1')).toBe('t2');
    expect(await tokens.renew('t2')).toBe('t3');
    expect(await tokens.renew('t3')).toBeUndefined();
  });

  test('a fixed token is never renewed', async () => {
    expect(await fixedToken('t').renew('t')).toBeUndefined();
  });
});
