import { escapeHtml } from './escape-html.js';
import type { ValueCount } from './html-report-view.js';

/** Options of {@link renderBarChart}. */
export interface BarChartOptions {
  readonly title: string;
  /** The problems table's column a bar filters on (`field`, `code`). */
  readonly column: string;
  /** Label of the empty value. */
  readonly emptyLabel: string;
  /** Bars drawn; the rest are summed in one line. @default 15 */
  readonly bars?: number;
}

/**
 * A horizontal bar chart of counts, most first, drawn as markup (one SVG rectangle a bar, sized by
 * attribute: no style attribute for the page's Content-Security-Policy to forbid). Each bar is a
 * button that filters the problems table on its value.
 */
export function renderBarChart(counts: readonly ValueCount[], options: BarChartOptions): string {
  const shown = counts.slice(0, options.bars ?? 15);
  const max = Math.max(1, ...shown.map((c) => c.count));
  const bars = shown.map((c) => {
    const label = c.value === '' ? options.emptyLabel : c.value;
    const width = ((100 * c.count) / max).toFixed(1);
    const counts = `${c.count.toLocaleString('en-US')} problem(s) in ${c.records.toLocaleString('en-US')} record(s)`;
    return (
      `<button type="button" class="bar" data-col="${escapeHtml(options.column)}" data-value="${escapeHtml(c.value)}" data-problems="${c.count}" data-records="${c.records}" title="${escapeHtml(label)}: ${counts}">` +
      `<span class="label">${escapeHtml(label)}</span><svg aria-hidden="true"><rect height="12" width="${width}%"></rect></svg><span class="n">${counts}</span></button>`
    );
  });
  const rest = counts.slice(shown.length);
  const more =
    rest.length === 0
      ? ''
      : `<p class="muted">and ${rest.length} more with ${rest.reduce((n, c) => n + c.count, 0).toLocaleString('en-US')} problem(s): use the table's filters</p>`;
  return `<div class="chart" data-chart="${escapeHtml(options.column)}"><h3>${escapeHtml(options.title)}</h3>${bars.join('')}${more}</div>`;
}
