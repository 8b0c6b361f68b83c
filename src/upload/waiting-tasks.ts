/** A task waiting for its slot in the upload queue, as its cancel-on-abort sees it: a link of a {@link WaitingTasks}. */
export interface Waiting {
  readonly reject: (reason: unknown) => void;
  prev: Waiting | undefined;
  next: Waiting | undefined;
  listed: boolean;
}

/**
 * Tasks waiting on one abort signal, linked through themselves: in when queued, out when started, all
 * rejected on abort. A `Set` emptied after each task had its table reallocated in the old generation,
 * garbage only a full collection frees (ARCHITECTURE.md → "Upload and the report", Backpressure).
 */
export class WaitingTasks {
  #head: Waiting | undefined = undefined;
  #tail: Waiting | undefined = undefined;

  /** Lists a task that `reject` cancels, last; the entry to {@link remove} it by. */
  add(reject: (reason: unknown) => void): Waiting {
    const entry: Waiting = { reject, prev: this.#tail, next: undefined, listed: true };
    if (this.#tail === undefined) this.#head = entry;
    else this.#tail.next = entry;
    this.#tail = entry;
    return entry;
  }

  /** Unlists a task about to start; false when it was not listed (rejected by an abort already). */
  remove(entry: Waiting): boolean {
    if (!entry.listed) return false;
    if (entry.prev === undefined) this.#head = entry.next;
    else entry.prev.next = entry.next;
    if (entry.next === undefined) this.#tail = entry.prev;
    else entry.next.prev = entry.prev;
    entry.prev = entry.next = undefined;
    entry.listed = false;
    return true;
  }

  /** Rejects and unlists every task listed, in the order they were listed, with `reason`; how many there were. */
  rejectAll(reason: unknown): number {
    let count = 0;
    let entry = this.#head;
    this.#head = this.#tail = undefined;
    while (entry !== undefined) {
      const { next } = entry;
      entry.prev = entry.next = undefined;
      entry.listed = false;
      entry.reject(reason);
      count += 1;
      entry = next;
    }
    return count;
  }
}
