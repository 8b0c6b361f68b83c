/**
 * One measurement in its own process: `fold` reads and summarizes a report (what `report --json`
 * does: a compact fold); `html` does that and writes the page (`report --html`, which folds the report
 * whole, every key in a Map, as src/pipeline/run-report.ts does for the page). Prints seconds, peak RSS
 * and the page's size.
 * Usage: node measure-html-report.mjs fold|html REPORT [OUT.html]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, report, out] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const load = (file) => import(pathToFileURL(path.join(root, 'dist', file)).href);
const { loadReportState } = await load('report/load-report-state.js');
const { summarizeReport } = await load('report/summarize-report.js');
const { buildReportView } = await load('report/html/build-report-view.js');
const { writeHtmlReport } = await load('report/html/write-html-report.js');

const started = process.hrtime.bigint();
// As `report` loads it: compactly for the summary alone, whole (every key) for the page.
const { state } = await loadReportState(report, mode === 'html' ? { whole: true } : { lazyKeys: true });
if (mode === 'html' && !(state.keys instanceof Map)) throw new Error('the report was not folded whole');
const summary = summarizeReport(state);
let bytes = 0;
if (mode === 'html')
  ({ bytes } = await writeHtmlReport(buildReportView(state, summary, { file: report, generatedAt: 'bench', toolVersion: 'bench' }), out));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ keys: summary.keys, seconds, bytes, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
