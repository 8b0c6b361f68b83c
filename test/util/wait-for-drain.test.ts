import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { waitForDrain } from '../../src/util/wait-for-drain.js';
import { tempDirSync } from '../helpers/temp-dir.js';

const dir = tempDirSync('mge-drain-');

test('waiting for a drain hundreds of times leaves no listener behind', async () => {
  const file = join(dir, 'out.txt');
  const stream = createWriteStream(file, { highWaterMark: 16 });
  await once(stream, 'open');
  const before = { close: stream.listenerCount('close'), drain: stream.listenerCount('drain'), error: stream.listenerCount('error') };
  let waits = 0;
  for (let i = 0; i < 500; i++) {
    if (!stream.write(`line ${i} with more than sixteen bytes\n`)) {
      waits++;
      await waitForDrain(stream);
    }
  }
  expect(waits).toBeGreaterThan(100);
  expect({ close: stream.listenerCount('close'), drain: stream.listenerCount('drain'), error: stream.listenerCount('error') }).toEqual(
    before,
  );
  await new Promise<void>((resolve) => stream.end(resolve));
  expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(501);
});

test('a closed stream does not keep the writer waiting', async () => {
  const stream = createWriteStream(join(dir, 'closed.txt'), { highWaterMark: 1 });
  stream.write('xx');
  const waiting = waitForDrain(stream);
  stream.destroy();
  await expect(waiting).resolves.toBeUndefined();
  await expect(waitForDrain(stream)).resolves.toBeUndefined();
});
