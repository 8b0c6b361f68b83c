import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { envFor, runCli } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** Fills a workbook with exceljs in its own process (as test/e2e/platform-workbook.test.ts does). */
function excel(script: string, ...args: string[]): void {
  execFileSync(
    process.execPath,
    [
      '-e',
      `const ExcelJS = require('exceljs'); (async () => { ${script} })().catch((e) => { console.error(e); process.exit(1); });`,
      ...args,
    ],
    { cwd: process.cwd(), encoding: 'utf8' },
  );
}

/** R2 twice on sheet 1 (1!A4), and a composition row of R9, which is not on sheet 1 (3!A3). */
const FILL = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  const meta = book.getWorksheet('元数据');
  ['R1', 'R2'].forEach((id, i) => { meta.getRow(i + 2).values = [id, 'GH4169 ' + id, 'Tensile tests of ' + id, 'superalloy, tensile', '示例项目(P01)/示例课题(S01)', '公开']; });
  const root = book.getWorksheet('1');
  root.getRow(2).values = ['R1', 'GH4169', 650, null, null, '固溶+时效'];
  root.getRow(3).values = ['R2', 'GH4169', 700, null, null, '锻态'];
  root.getRow(4).values = ['R2', 'IN718', 600, null, null, '锻态'];
  const table = book.getWorksheet('3');
  table.getRow(2).values = ['R2', 'Ni', 53.1, 'XRF'];
  table.getRow(3).values = ['R9', 'Ni', 52.8, 'ICP-AES'];
  await book.xlsx.writeFile(process.argv[2]);`;

describe('a platform workbook with a repeated or unknown 数据ID (built CLI, sandbox)', () => {
  test('validate --annotate writes the copy (no INTERNAL); the repeat is one problem at its 数据ID cell', async () => {
    await withSandbox({}, async (sandbox, dir) => {
      const env = envFor(sandbox, dir);
      const blank = path.join(dir, 'blank.xlsx');
      const filled = path.join(dir, 'filled.xlsx');
      expect((await runCli(['init', '101', '--workbook', blank], env)).code).toBe(0);
      excel(FILL, blank, filled);
      const meta = ['--source', '01', '--methods', 'experiment', '--reference', 'lab notebook 7'];
      const plain = await runCli(['validate', filled, ...meta], env);
      expect(plain.code).toBe(1);
      const annotated = await runCli(['validate', filled, ...meta, '--annotate', path.join(dir, 'annotated.xlsx')], env);
      expect(annotated.stderr).not.toContain('INTERNAL');
      expect(annotated.code).toBe(1);
      expect(annotated.stdout).toBe(plain.stdout);
      // The repeated id keeps its meta row: no blank title, abstract or keywords at a cell with no column.
      const repeat = plain.stdout.split('\n').filter((l) => l.includes('1!') && !l.includes('1!F'));
      expect(repeat).toHaveLength(1);
      expect(repeat[0]).toMatch(/1!A4\s+数据ID\s+WORKBOOK_DUPLICATE_ID/);
    });
  }, 60_000);
});
