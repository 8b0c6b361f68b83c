import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { openTable } from '../../src/sources/open-table.js';
import { fixture, readAll, sourceFailure } from './read-all.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('.xls/.ods signatures', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir('workbook-signature-');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test.each(['junk.xls', 'junk.ods'])('binary junk named %s is SOURCE_CORRUPT, not rows of garbage', async (name) => {
    const error = await sourceFailure(openTable(fixture(name)));
    expect([error.code, error.location]).toEqual(['SOURCE_CORRUPT', { file: fixture(name) }]);
  });

  test('CSV text named .ods is SOURCE_CORRUPT', async () => {
    const file = path.join(dir, 'text.ods');
    await writeFile(file, 'formula,c\nFe,0.1\n');
    expect((await sourceFailure(openTable(file))).code).toBe('SOURCE_CORRUPT');
  });

  test('an HTML table and an XML spreadsheet named .xls (web exports) are still read', async () => {
    const html = path.join(dir, 'export.xls');
    await writeFile(
      html,
      '\uFEFF<html><body><table><tr><td>formula</td><td>c</td></tr><tr><td>Fe</td><td>0.1</td></tr></table></body></html>',
    );
    const fromHtml = await openTable(html);
    expect(fromHtml.header.names).toEqual(['formula', 'c']);
    expect((await readAll(fromHtml)).map((r) => r.values[0])).toEqual(['Fe']);

    const xml = path.join(dir, 'export2003.xls');
    await writeFile(
      xml,
      '<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">' +
        '<Worksheet ss:Name="S"><Table><Row><Cell><Data ss:Type="String">formula</Data></Cell><Cell><Data ss:Type="String">c</Data></Cell></Row>' +
        '<Row><Cell><Data ss:Type="String">Fe</Data></Cell><Cell><Data ss:Type="Number">0.1</Data></Cell></Row></Table></Worksheet></Workbook>',
    );
    const fromXml = await openTable(xml);
    expect(fromXml.header.names).toEqual(['formula', 'c']);
    expect((await readAll(fromXml)).map((r) => r.values)).toEqual([['Fe', 0.1]]);
  });

  test('real .xls and .ods workbooks pass the check', async () => {
    for (const name of ['steel.xls', 'steel.ods', 'cells.xls', 'cells.ods']) {
      const table = await openTable(fixture(name));
      expect(table.header.names.length).toBeGreaterThan(0);
      await table.close();
    }
  });
});
