import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { proposeInputMapping } from '../../src/pipeline/propose-input-mapping.js';
import { sampleTemplate } from '../helpers/templates-for-tests.js';
import { tempDirSync } from '../helpers/temp-dir.js';

describe('proposeInputMapping', () => {
  const dir = tempDirSync('mge-propose-');

  test('reads the header and the first 1,000 rows only, whatever the size of the file', async () => {
    // The id repeats only past row 1,000: read whole, the file would have no unique column.
    const lines = ['编号,成分,结晶性', ...Array.from({ length: 3000 }, (_v, i) => `S${i % 2000},Bi2Te3,多晶`)];
    const file = join(dir, 'long.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { header, proposal } = await proposeInputMapping(file, sampleTemplate(202));
    expect(header.names).toEqual(['编号', '成分', '结晶性']);
    expect(proposal.rowsRead).toBe(1000);
    expect(proposal.key).toMatchObject({ headers: ['编号'], sure: true });
    const fewer = await proposeInputMapping(file, sampleTemplate(202), { sampleRows: 10 });
    expect(fewer.proposal.rowsRead).toBe(10);
  });
});
