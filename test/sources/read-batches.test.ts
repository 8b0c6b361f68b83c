import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse';
import { readBatches } from '../../src/sources/read-batches.js';

/** Everything `readBatches` hands out, then the error it throws (or undefined). */
async function drain<T>(batches: AsyncGenerator<T[]>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const batch of batches) items.push(...batch);
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

describe('readBatches', () => {
  test('a stream that fails during a write made once it is listened to: its records, then its error, none unheard', async () => {
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown): void => {
      unheard.push(error);
    };
    process.on('uncaughtException', onUncaught);
    try {
      const csv = parse();
      const { items, error } = await drain(
        readBatches<string[]>(csv, () => {
          csv.write('1,a\n2,b\n"never closed');
          csv.end();
        }),
      );
      // The stream counted as destroyed before its error event came: that read as its end, the error lost.
      expect(items).toEqual([
        ['1', 'a'],
        ['2', 'b'],
      ]);
      expect((error as { code?: string }).code).toBe('CSV_QUOTE_NOT_CLOSED');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unheard).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  test('items the stream holds when it fails are handed out before the error', async () => {
    const stream = new PassThrough({ objectMode: true });
    stream.write('first');
    stream.write('second');
    const batches = readBatches<string>(stream);
    stream.destroy(new Error('disk gone'));
    const { items, error } = await drain(batches);
    expect(items).toEqual(['first', 'second']);
    expect((error as Error).message).toBe('disk gone');
  });

  test('a stream that ends hands out everything and throws nothing', async () => {
    const stream = new PassThrough({ objectMode: true });
    const batches = readBatches<number>(stream, () => {
      for (let i = 0; i < 5; i++) stream.write(i);
      stream.end();
    });
    expect(await drain(batches)).toEqual({ items: [0, 1, 2, 3, 4], error: undefined });
  });
});
