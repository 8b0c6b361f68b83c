/**
 * The mapping page (`mapper`): the time from a change to updated counts on 10,000 rows (goal: under a
 * second), against `validate` alone on the same input and mapping (what the page runs in the
 * background, plus the check and preview of the edit and the page's polling); and the page's size
 * (its scripts, style and shell, plain and gzipped), against the report page's hand-written script
 * and style.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The thermoelectrics sample repeated to `rows` rows, each with an id of its own. */
function makeInput(root, file, rows) {
  if (existsSync(file)) return;
  const [header, ...lines] = readFileSync(path.join(root, 'samples', 'ucsb_thermoelectrics.csv'), 'utf8')
    .trimEnd()
    .split('\n');
  const out = [header];
  for (let i = 0; i < rows; i++) out.push(lines[i % lines.length].replace(/^\d+,/, `${i + 1},`));
  writeFileSync(file, `${out.join('\n')}\n`);
}

export async function run(ctx) {
  const { root, dataDir, measure, log, size, repeat } = ctx;
  const rows = size(10_000);
  const input = `mapper-${rows}.csv`;
  makeInput(root, path.join(dataDir, input), rows);
  copyFileSync(path.join(root, 'mappings', 'ucsb_thermoelectrics.yaml'), path.join(dataDir, 'mapper.yaml'));
  const args = [dataDir, input, 'mapper.yaml', path.join(root, 'samples', 'templates.json'), String(repeat(7))];
  log(`validate alone, ${rows} rows …`);
  const alone = await measure('measure-mapper.mjs', ['validate', ...args]);
  log(`mapper, change → counts, ${rows} rows …`);
  const page = await measure('measure-mapper.mjs', ['counts', ...args]);
  log(
    `change → counts ${page.ms.toFixed(0)} ms, ${page.cpuMs.toFixed(0)} CPU ms (the edit's own answer ${page.answerMs.toFixed(0)} ms); validate alone ${alone.ms.toFixed(0)} ms, ${alone.cpuMs.toFixed(0)} CPU ms`,
  );

  const load = (file) => import(pathToFileURL(path.join(root, 'dist', file)).href);
  const { MAPPER_PAGE_HTML, MAPPER_PAGE_STYLE } = await load('mapper/mapper-page.js');
  const { PAGE_SCRIPT } = await load('report/html/page-script.js');
  const { PAGE_STYLE } = await load('report/html/page-style.js');
  const pageDir = path.join(root, 'dist', 'mapper', 'page');
  const scripts = readdirSync(pageDir)
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(path.join(pageDir, n), 'utf8'));
  const mapper = [...scripts, MAPPER_PAGE_STYLE, MAPPER_PAGE_HTML];
  const report = [PAGE_SCRIPT, PAGE_STYLE];
  const bytes = (texts) => texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  const gzipped = (texts) => texts.reduce((sum, t) => sum + gzipSync(t).length, 0);
  log(`page: ${bytes(mapper)} bytes in ${scripts.length} scripts, style and shell (${gzipped(mapper)} gzipped)`);
  const r = (name, value, unit, baseline) => ({ name, value, unit, baseline, ratio: value / baseline });
  return [
    r(`mapper change → counts ${rows} rows (vs validate alone)`, page.ms, 'ms', alone.ms),
    // CPU time is what a busy shared machine disturbs least: the wall time an idle one would take.
    r(`mapper change → counts ${rows} rows CPU (vs validate alone)`, page.cpuMs, 'ms', alone.cpuMs),
    r(`mapper edit answer with preview ${rows} rows (vs validate alone)`, page.answerMs, 'ms', alone.ms),
    r("mapper page bytes (vs the report page's script and style)", bytes(mapper), 'B', bytes(report)),
    r('mapper page gzip bytes (vs the report page’s, gzipped)', gzipped(mapper), 'B', gzipped(report)),
  ];
}
