import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeInputs } from '../../src/report/describe-inputs.js';
import { tempDir } from './report-fixtures.js';

test('describeInputs gives each file its size and sha256', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const a = join(dir, 'a.csv');
    const content = '牌号,温度\nGH4169,650\n';
    await writeFile(a, content);
    const [input] = await describeInputs([a]);
    expect(input).toEqual({ file: a, size: Buffer.byteLength(content), sha256: createHash('sha256').update(content).digest('hex') });
  } finally {
    await cleanup();
  }
});
