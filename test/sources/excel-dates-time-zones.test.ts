import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fixture } from './read-all.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const openTableUrl = pathToFileURL(path.join(root, 'dist/sources/open-table.js')).href;

/** Reads the date columns of a workbook in a child process running in the given time zone. */
async function datesIn(timeZone: string, file: string, options: object): Promise<unknown[]> {
  const script = `
    const { openTable } = await import(${JSON.stringify(openTableUrl)});
    const table = await openTable(${JSON.stringify(file)}, ${JSON.stringify(options)});
    const out = [];
    for await (const row of table.rows()) out.push(row.values.filter((v) => v && typeof v === 'object'));
    console.log(JSON.stringify(out));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TZ: timeZone, NODE_OPTIONS: '' },
  });
  return JSON.parse(stdout) as unknown[];
}

describe('spreadsheet dates are wall-clock values in every time zone (built reader, child process)', () => {
  test.each(['Asia/Shanghai', 'America/New_York', 'UTC'])('%s', async (timeZone) => {
    const xlsx = await datesIn(timeZone, fixture('steel.xlsx'), { sheet: '数据', headerRows: 2 });
    expect(xlsx[0]).toEqual([
      { kind: 'date', iso: '2024-01-01' },
      { kind: 'date', iso: '2024-01-01T13:45:30' },
    ]);
    expect(xlsx[5]).toEqual([
      { kind: 'date', iso: '2024-01-06' },
      { kind: 'date', iso: '2024-01-06T13:45:30' },
    ]);
    const xls = await datesIn(timeZone, fixture('steel.xls'), { sheet: 'data', headerRows: 2 });
    expect(xls[0]).toEqual([{ kind: 'date', iso: '2024-01-01' }]);
  });
});
