import { realSleep } from '../../src/upload/real-sleep.js';

describe('realSleep', () => {
  test('resolves at once, without rejecting, when its signal aborts', async () => {
    const controller = new AbortController();
    const sleeping = realSleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).resolves.toBeUndefined();
  });

  test('does not wait for an already aborted signal or a non-positive time', async () => {
    await expect(realSleep(60_000, AbortSignal.abort())).resolves.toBeUndefined();
    await expect(realSleep(0)).resolves.toBeUndefined();
  });
});
