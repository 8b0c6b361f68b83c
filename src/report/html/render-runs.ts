import { escapeHtml } from './escape-html.js';
import type { RunOutcomeView, RunView } from './html-report-view.js';

const grouped = (n: number): string => n.toLocaleString('en-US');

/** A fingerprint shown short, the whole of it on hover. */
function fingerprint(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const shown = value.length > 24 ? `${value.slice(0, 12)}…` : value;
  return ` <code title="${escapeHtml(value)}">${escapeHtml(shown)}</code>`;
}

function size(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit] ?? ''}`;
}

function outcomeText(o: RunOutcomeView): string {
  const state =
    o.state === 'stopped'
      ? `stopped by ${o.fatal ?? 'an error'}`
      : o.state === 'no summary'
        ? 'no summary line (killed, or still running)'
        : o.state;
  const rows = o.rows === undefined ? '' : `, ${grouped(o.rows)} record(s)`;
  const took = o.durationMs === undefined ? '' : ` in ${(o.durationMs / 1000).toFixed(1)} s`;
  return `${state}${rows}${took}`;
}

function facts(pairs: readonly (readonly [string, string])[]): string {
  return `<dl class="facts">${pairs.map(([dt, dd]) => `<dt>${escapeHtml(dt)}</dt><dd>${dd}</dd>`).join('')}</dl>`;
}

function renderRun(run: RunView, open: boolean): string {
  const head = [
    run.title,
    run.startedAt === undefined ? undefined : `started ${run.startedAt}`,
    run.outcome === undefined ? undefined : outcomeText(run.outcome),
  ]
    .filter((t) => t !== undefined)
    .join(' · ');
  const pairs: [string, string][] = [];
  pairs.push([
    'mapping',
    `<code>${escapeHtml(run.mapping.file)}</code>${run.mapping.fingerprint === undefined ? '' : ` sha256${fingerprint(run.mapping.fingerprint)}`}`,
  ]);
  pairs.push([
    'template',
    `${run.template.id} · pub_date${fingerprint(run.template.fingerprint)}${run.template.from === undefined ? '' : ` · from the ${escapeHtml(run.template.from)}`}`,
  ]);
  if (run.version !== undefined) pairs.push(['tool version', escapeHtml(run.version)]);
  const counts = run.outcome?.counts;
  if (counts !== undefined) {
    pairs.push([
      'outcomes',
      Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${escapeHtml(status)} ${grouped(n)}`)
        .join(', ') || 'none',
    ]);
  }
  const inputs = run.inputs
    .map((i) => `<tr><td><code>${escapeHtml(i.file)}</code></td><td>${size(i.size)}</td><td>${fingerprint(i.sha256)}</td></tr>`)
    .join('');
  const settings =
    run.settings.length === 0
      ? ''
      : `<details><summary>settings</summary>${facts(run.settings.map(([name, value]) => [name, `<code>${escapeHtml(value)}</code>`]))}</details>`;
  return (
    `<details class="card run"${open ? ' open' : ''}><summary>${escapeHtml(head)}</summary>${facts(pairs)}` +
    `<div class="scroll"><table class="inputs"><thead><tr><th>input</th><th>size</th><th>sha256</th></tr></thead><tbody>${inputs}</tbody></table></div>${settings}</details>`
  );
}

/** The runs of a report (the last one open), or what a validation was run with. */
export function renderRuns(runs: readonly RunView[], kind: 'report' | 'validate'): string {
  if (runs.length === 0) return '';
  const title = kind === 'report' ? `Runs <span class="n">(${runs.length})</span>` : 'Checked with';
  return `<section id="runs"><h2>${title}</h2>${runs.map((run, i) => renderRun(run, i === runs.length - 1)).join('')}</section>`;
}
