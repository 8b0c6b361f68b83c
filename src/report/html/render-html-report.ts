import { createHash } from 'node:crypto';
import { encodeTables } from './encode-tables.js';
import { escapeHtml } from './escape-html.js';
import type { HtmlReportView, RowList } from './html-report-view.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';
import { renderBarChart } from './render-bar-chart.js';
import { renderRuns } from './render-runs.js';
import { tableSpecs } from './table-specs.js';

const grouped = (n: number): string => n.toLocaleString('en-US');
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * The page may run its own script and use its own style sheet (allowed by their hashes) and nothing
 * else: no request leaves it (no fetch, image, font or frame from anywhere), so it is safe to open from
 * a mail attachment, and markup that slipped through escaping could not run.
 */
export const CONTENT_SECURITY_POLICY = `default-src 'none'; script-src 'sha256-${sha256(PAGE_SCRIPT)}'; style-src 'sha256-${sha256(PAGE_STYLE)}'; img-src data:; base-uri 'none'; form-action 'none'`;

function omitted(list: { readonly rows: readonly unknown[]; readonly total: number; readonly allRowsHint: string }): string {
  if (list.total <= list.rows.length) return '';
  return `<p class="notice omitted" data-omitted="${list.total - list.rows.length}">This page holds the first ${grouped(list.rows.length)} of ${grouped(list.total)} (by file and row); ${grouped(list.total - list.rows.length)} are left out. For all of them: <code>${escapeHtml(list.allRowsHint)}</code></p>`;
}

function rowSection(id: string, title: string, intro: string, list: RowList<unknown> | undefined): string {
  if (list === undefined || list.total === 0) return '';
  return `<section id="${id}"><h2>${escapeHtml(title)} <span class="n">(${grouped(list.total)})</span></h2><p class="hint">${escapeHtml(intro)}</p>${omitted(list)}<div class="table" id="table-${id}"></div></section>`;
}

function problemSections(view: HtmlReportView): string {
  const p = view.problems;
  if (p.total === 0) return `<section id="problems"><h2>Problems <span class="n">(0)</span></h2><p class="none">No problems.</p></section>`;
  const charts =
    `<section id="charts"><h2>Problems by field and by code</h2><p class="hint">Click a bar to see its problems in the table below.</p><div class="charts">` +
    renderBarChart(p.byField, { title: 'by field', column: 'field', emptyLabel: '(no field: the whole row)' }) +
    renderBarChart(p.byCode, { title: 'by code', column: 'code', emptyLabel: '(none)' }) +
    `</div></section>`;
  const what =
    view.kind === 'report'
      ? "Each problem of the records that did not upload: a cell that did not validate, or the platform's answer to a record it did not store."
      : 'Each problem of the records that did not validate.';
  const intro = `${what} A cell is named file!A1 (file!Sheet!A1 in a workbook), the whole row 7 file!7:7; the file by its name without folders.`;
  return `${charts}<section id="problems"><h2>Problems <span class="n">(${grouped(p.total)})</span></h2><p class="hint">${escapeHtml(intro)}</p>${omitted(p)}<div class="table" id="table-problems"></div></section>`;
}

function header(view: HtmlReportView): string {
  const what = view.kind === 'report' ? 'Ingest report' : 'Validation';
  const counts = view.counts
    .map(
      (c) =>
        `<li class="${c.tone}${c.count === 0 ? ' zero' : ''}" data-count="${escapeHtml(c.name)}"><span class="n">${grouped(c.count)}</span><span class="label">${escapeHtml(c.label)}</span></li>`,
    )
    .join('');
  const notices = view.notices.map((n) => `<p class="notice">${escapeHtml(n)}</p>`).join('');
  return (
    `<header><h1>${what} <span class="subject">${escapeHtml(view.subject)}</span></h1>` +
    `<p class="meta">made ${escapeHtml(view.generatedAt)} by mge-ingest ${escapeHtml(view.toolVersion)}</p></header>` +
    `<main><ul class="counts">${counts}</ul>${notices}`
  );
}

/**
 * The page as text pieces to stream: head with CSP and style, the sections as escaped markup, the
 * rows as JSON in one script element, then the script that draws them. Self-contained, pure.
 */
export function* renderHtmlReport(view: HtmlReportView): Generator<string> {
  const title = `${view.kind === 'report' ? 'Ingest report' : 'Validation'}: ${view.subject}`;
  yield '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">';
  yield `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CONTENT_SECURITY_POLICY)}">`;
  yield `<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>\n<body>`;
  yield header(view);
  yield renderRuns(view.runs, view.kind);
  yield problemSections(view);
  yield rowSection(
    'uncertain',
    'Uncertain records',
    'The platform may or may not have stored these: check them there, then re-send with ingest --retry-uncertain if they are missing.',
    view.uncertain,
  );
  yield rowSection(
    'changed',
    'Changed records',
    'Uploaded before with other content and not uploaded again (ingest --on-change upload sends them as new records).',
    view.changed,
  );
  yield rowSection('uploaded', 'Uploaded records', 'Stored on the platform, with the id of the record.', view.uploaded);
  yield '<noscript><p class="notice">The tables need JavaScript; the counts and charts above do not.</p></noscript></main>\n';
  yield '<script type="application/json" id="mge-data">';
  yield* encodeTables(tableSpecs(view));
  yield `</script>\n<script>${PAGE_SCRIPT}</script>\n</body></html>\n`;
}
