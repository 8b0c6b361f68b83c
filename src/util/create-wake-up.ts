/** One waiter woken by events: `wait()` resolves at the next `wake()` (a wake with no waiter is dropped). */
export interface WakeUp {
  /** Resolves at the next {@link WakeUp.wake}; the caller re-checks its own state after. */
  wait(this: void): Promise<void>;
  /** Wakes the current waiter, if any. */
  wake(this: void): void;
}

/** Creates a {@link WakeUp}: the hand-off between a callback (a stream event, a message) and a loop awaiting it. */
export function createWakeUp(): WakeUp {
  let resume: (() => void) | undefined;
  return {
    wait: () =>
      new Promise<void>((resolve) => {
        resume = resolve;
      }),
    wake: () => {
      const waiting = resume;
      resume = undefined;
      waiting?.();
    },
  };
}
