import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ANNOTATE_PROBLEM_LIMIT } from '../../src/report/annotate/annotation-limit.js';
import { runExcelJs } from '../helpers/run-exceljs.js';
import { runMeasuredCli } from '../helpers/run-measured-cli.js';
import { tempDir } from './ingest-harness.js';

const MAPPING = `version: 1
template: 201
templatePubDate: "2024-06-01 10:00:00"
key: [formula]
meta:
  title: "{formula} tensile"
  abstract: "Tensile tests of {formula}."
  keywords: [steel]
  source:
    source: "01"
    methods: [experiment]
    reference: "lab book 7"
content:
  化学式: formula
  化学成分:
    fromColumns:
      columns: {C: C, Mn: Mn}
      label: 元素
      value: 含量
  屈服强度: yield strength (MPa)
  抗拉强度: tensile strength (MPa)
  延伸率: elongation (%)
`;

/** The copy read back: cells with the warning fill, cells with a note, the Problems sheet's summary and link count. */
const READ = `
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(process.argv[1]);
  let filled = 0;
  let noted = 0;
  book.getWorksheet('in.csv').eachRow((row) => row.eachCell((cell) => {
    if (cell.fill && cell.fill.fgColor && cell.fill.fgColor.argb === 'FFFFC7CE') filled++;
    if (cell.note !== undefined) noted++;
  }));
  const text = (v) => (v && typeof v === 'object' && v.richText ? v.richText.map((t) => t.text).join('') : v);
  const summary = {};
  let links = 0;
  book.getWorksheet('Problems').eachRow((row) => {
    const a = row.getCell(1).value;
    if (a && typeof a === 'object' && a.hyperlink) links++;
    else if (a !== null) summary[text(a)] = text(row.getCell(2).value);
  });
  console.log(JSON.stringify({ filled, noted, links, summary }));`;

describe('validate --annotate of 200,000 problems (built CLI, sandbox)', () => {
  // Each problem marked used to be held twice over (the list, exceljs' notes and links waiting for
  // their sheet to finish): some 2 KB each, 473 MiB here. Past ANNOTATE_PROBLEM_LIMIT they are counted.
  test('peak memory stays bounded; the first problems up to the limit are marked and listed, the rest counted', async () => {
    const dir = await tempDir();
    const mapping = path.join(dir, 'm.yaml');
    await writeFile(mapping, MAPPING);
    // 40,000 rows, 5 cells in each no number: 200,000 problems.
    const input = path.join(dir, 'in.csv');
    const lines = ['formula,C,Mn,yield strength (MPa),tensile strength (MPa),elongation (%)'];
    for (let i = 0; i < 40_000; i++) lines.push(`Fe${i},x,y,n/a,bad,z`);
    await writeFile(input, lines.join('\n') + '\n');
    const out = path.join(dir, 'checked.xlsx');
    const run = await runMeasuredCli(['validate', '--sandbox', '--mapping', mapping, input, '--annotate', out, '--quiet'], {
      cwd: dir,
      killAfterMs: 280_000,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // 473 MiB before the limit; 217 MiB with a limit of 50,000.
    expect(run.peakRssMb).toBeLessThan(320);

    const copy = runExcelJs<{ filled: number; noted: number; links: number; summary: Record<string, unknown> }>(READ, out);
    expect(copy.filled).toBe(ANNOTATE_PROBLEM_LIMIT);
    expect(copy.noted).toBe(ANNOTATE_PROBLEM_LIMIT);
    expect(copy.links).toBe(ANNOTATE_PROBLEM_LIMIT);
    expect(copy.summary['problems']).toBe(200_000);
    const [marked, rest] = [ANNOTATE_PROBLEM_LIMIT, 200_000 - ANNOTATE_PROBLEM_LIMIT].map((n) => n.toLocaleString('en-US'));
    expect(copy.summary['marked']).toBe(
      `the first ${marked}: a copy marks and lists at most ${marked} problems; the other ${rest} are not marked here`,
    );
  }, 400_000);
});
