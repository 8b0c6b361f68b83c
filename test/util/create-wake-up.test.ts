import { createWakeUp } from '../../src/util/create-wake-up.js';

describe('createWakeUp', () => {
  test('a wait resolves at the next wake, and a wake with no waiter is dropped', async () => {
    const w = createWakeUp();
    w.wake();
    let woken = false;
    const waiting = w.wait().then(() => {
      woken = true;
    });
    await Promise.resolve();
    expect(woken).toBe(false);
    w.wake();
    await waiting;
    expect(woken).toBe(true);
  });
});
