/** The items of an array as an async iterable, one at a time, as readers and stages hand on rows. */
export async function* fromArray<T>(items: readonly T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

/** Every item of an (async) iterable, in order, once it has ended. */
export async function collect<T>(items: AsyncIterable<T> | Iterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
