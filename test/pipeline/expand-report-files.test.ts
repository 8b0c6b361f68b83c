import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expandReportFiles } from '../../src/pipeline/expand-report-files.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('expandReportFiles', () => {
  test("a glob gives the reports it matches, not a report's lock or ledger index beside it", async () => {
    const dir = await makeTempDir('mge-expand-');
    for (const name of ['a.jsonl', 'a.jsonl.index', 'a.jsonl.lock', 'shard-0', 'shard-0.index', 'stray.index'])
      writeFileSync(path.join(dir, name), '');
    expect(await expandReportFiles(['*'], dir)).toEqual(['a.jsonl', 'shard-0', 'stray.index']);
    // Named as it is, a file is read whatever it is (the run then says what it is not).
    expect(await expandReportFiles(['a.jsonl.index'], dir)).toEqual(['a.jsonl.index']);
  });
});
