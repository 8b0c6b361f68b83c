import { createHash } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isMgeError } from '../../../src/errors/mge-error.js';
import { foldReport } from '../../../src/report/fold-report.js';
import { buildReportView } from '../../../src/report/html/build-report-view.js';
import type { HtmlReportView, ProblemView } from '../../../src/report/html/html-report-view.js';
import { CONTENT_SECURITY_POLICY, renderHtmlReport } from '../../../src/report/html/render-html-report.js';
import { writeHtmlReport } from '../../../src/report/html/write-html-report.js';
import type { ReportLine } from '../../../src/report/report-lines.js';
import { summarizeReport } from '../../../src/report/summarize-report.js';
import { HOSTILE, hostileReport } from '../../e2e/hostile-report.js';
import { L } from '../report-fixtures.js';
import { makeTempDir } from '../../helpers/temp-dir.js';

function reportView(lines: readonly ReportLine[]): HtmlReportView {
  const state = foldReport(lines);
  return buildReportView(state, summarizeReport(state), { file: 'r.jsonl', generatedAt: 'now', toolVersion: '0.1.0' });
}

const hostileView = (): HtmlReportView =>
  reportView(
    hostileReport()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as ReportLine),
  );

/** The embedded data, and the page with it cut out (what the HTML parser reads as markup). */
function split(html: string): { markup: string; data: { tables: { id: string; rows: unknown[][] }[]; s: string[] } } {
  const open = '<script type="application/json" id="mge-data">';
  const start = html.indexOf(open) + open.length;
  const end = html.indexOf('</script>', start);
  return { markup: html.slice(0, start) + html.slice(end), data: JSON.parse(html.slice(start, end)) as never };
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64');

describe('renderHtmlReport', () => {
  test("the policy forbids every request and allows exactly the page's own script and style, by hash", () => {
    const html = [...renderHtmlReport(hostileView())].join('');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(CONTENT_SECURITY_POLICY).toContain(`style-src 'sha256-${sha256(style)}'`);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY.replaceAll("'", '&#39;')}">`);
    // Nothing to load: no attribute names a resource (on a page whose data holds no such text).
    expect([...renderHtmlReport(reportView([L.run(), L.invalid('a', 'h', 3), L.uploaded('b', 'g', 7)]))].join('')).not.toMatch(
      /\b(src|href|srcset|action)=/,
    );
  });

  test('hostile texts never reach the markup as markup, and the data reads back to the same texts', () => {
    const html = [...renderHtmlReport(hostileView())].join('');
    const { markup, data } = split(html);
    expect(markup.match(/<script/g)).toHaveLength(2);
    expect(markup).not.toMatch(/<img|<svg\/|<b>/i);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toMatch(/[\u2028\u2029]/);
    const text = (v: unknown): string =>
      v === null ? '' : typeof v === 'number' ? (data.s[v] ?? '') : typeof v === 'string' ? v : (v as unknown[]).map(text).join('');
    const problems = data.tables.find((t) => t.id === 'problems')!.rows.map((r) => r.map(text));
    const all = problems.flat();
    for (const value of [HOSTILE.found, HOSTILE.header, HOSTILE.message, HOSTILE.field, HOSTILE.code, HOSTILE.key])
      expect(all).toContain(value);
    expect(all).toContain(`${HOSTILE.file}!${HOSTILE.sheetRef}!B7`);
  });

  test('100,000 problems embed compactly: the texts they share are written once', () => {
    const rows: ProblemView[] = Array.from({ length: 100_000 }, (_v, i) => ({
      status: 'invalid',
      file: 'incoming/steel_strength_2024.csv',
      sheet: undefined,
      row: 2 + Math.floor(i / 2),
      cell: `${i % 2 === 0 ? 'P' : 'R'}${2 + Math.floor(i / 2)}`,
      header: i % 2 === 0 ? 'yield strength' : 'elongation',
      field: i % 2 === 0 ? 'content.屈服强度' : 'content.延伸率',
      code: 'VALUE_NOT_A_NUMBER',
      expected: 'a number in MPa',
      found: `n/a ${i % 97}`,
      message: 'the cell is not a number',
      key: `S${String(i).padStart(6, '0')}`,
    }));
    const view: HtmlReportView = { ...reportView([]), problems: { rows, total: rows.length, byField: [], byCode: [], allRowsHint: '' } };
    const bytes = [...renderHtmlReport(view)].reduce((n, piece) => n + Buffer.byteLength(piece), 0);
    // Each row: the cell and key (about 9 and 9 bytes), the found value, eight small indexes and the JSON between them.
    expect(bytes / rows.length).toBeLessThan(70);
  });
});

describe('writeHtmlReport', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir('mge-html-');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('writes exactly what the renderer yields, in chunks, and nothing else in the folder', async () => {
    const view = hostileView();
    const file = path.join(dir, 'page.html');
    const { bytes } = await writeHtmlReport(view, file, { chunkSize: 100 });
    const written = await readFile(file, 'utf8');
    expect(written).toBe([...renderHtmlReport(view)].join(''));
    expect(bytes).toBe(Buffer.byteLength(written));
    expect(await readdir(dir)).toEqual(['page.html']);
  });

  test('a folder that does not exist is HTML_FILE_UNWRITABLE naming the file and flag, and leaves nothing behind', async () => {
    const file = path.join(dir, 'missing', 'page.html');
    const error: unknown = await writeHtmlReport(hostileView(), file).catch((e: unknown) => e);
    expect(isMgeError(error, 'usage')).toBe(true);
    expect(error).toMatchObject({ code: 'HTML_FILE_UNWRITABLE', location: { file, field: '--html' } });
    expect(await readdir(dir)).toEqual([]);
  });
});
