/**
 * The page's style sheet: system fonts only, readable printed or on a phone (cards below 720 px); a
 * long word may break anywhere so no column pushes the Problem column out of sight.
 */
export const PAGE_STYLE = `
:root { --fg: #1d232b; --muted: #5b6573; --line: #d9dee5; --bg: #f6f7f9; --card: #fff;
  --good: #1f7a3f; --bad: #b42318; --warn: #a15c07; --plain: #2f4b7c; --bar: #5b7fb8; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; color: var(--fg); background: var(--bg); }
header, main { max-width: 1280px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 18px; }
h1 { font-size: 22px; margin: 0 0 2px; }
h1 .subject { font-weight: 500; color: var(--plain); word-break: break-all; }
h2 { font-size: 17px; margin: 26px 0 8px; }
h2 .n { color: var(--muted); font-weight: 400; }
.meta, .hint, .muted { color: var(--muted); }
code { font: 12.5px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; background: #eef1f5; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
.counts { display: flex; flex-wrap: wrap; gap: 10px; margin: 14px 0 4px; padding: 0; list-style: none; }
.counts li { background: var(--card); border: 1px solid var(--line); border-left: 5px solid var(--plain); border-radius: 6px; padding: 8px 14px; min-width: 116px; }
.counts li.good { border-left-color: var(--good); } .counts li.bad { border-left-color: var(--bad); } .counts li.warn { border-left-color: var(--warn); }
.counts .n { display: block; font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; }
.counts .label { color: var(--muted); }
.counts li.zero .n { color: var(--muted); font-weight: 400; }
.notice { background: #fff4e5; border: 1px solid #f0c78a; border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; margin: 8px 0; }
details > summary { cursor: pointer; font-weight: 600; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(360px, 100%), 1fr)); gap: 14px; }
.chart h3 { font-size: 14px; margin: 0 0 6px; }
button.bar { display: grid; grid-template-columns: minmax(120px, 38%) 1fr max-content; align-items: center; gap: 8px; width: 100%; padding: 2px 4px; border: 0; background: none; font: inherit; color: inherit; text-align: left; cursor: pointer; border-radius: 4px; }
button.bar:hover, button.bar:focus-visible { background: #eef1f5; }
button.bar .label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
button.bar svg { width: 100%; height: 12px; display: block; }
button.bar rect { fill: var(--bar); }
button.bar .n { text-align: right; font-variant-numeric: tabular-nums; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 6px 0; }
.controls label { color: var(--muted); }
.controls select, .controls input, .pager select { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 4px; background: #fff; color: var(--fg); max-width: 260px; }
.controls .download { margin-left: auto; }
.scroll { overflow-x: auto; background: var(--card); border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
td { max-width: 420px; overflow-wrap: break-word; }
td[data-col="expected"], td[data-col="found"], td[data-col="message"] { overflow-wrap: anywhere; }
td[data-col="found"] { min-width: 6em; }
td[data-col="message"] { min-width: 16em; }
td details > summary { font-weight: 400; }
td details .more { white-space: pre-wrap; font: 12px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; max-height: 24em; overflow: auto; margin-top: 4px; padding: 4px 6px; background: #f3f5f8; border-radius: 4px; }
th { background: #eef1f5; position: sticky; top: 0; white-space: nowrap; }
th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " ▲"; } th[aria-sort="descending"] button::after { content: " ▼"; }
td[data-col="ref"] { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; white-space: nowrap; }
td[data-col="code"] { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; white-space: nowrap; }
td[data-col="key"] { max-width: 220px; font-size: 12.5px; color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
td[data-col="status"] { font-weight: 600; white-space: nowrap; }
td[data-col="field"] { white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafbfc; }
.pager { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0 4px; }
.pager .info { min-width: 220px; text-align: center; color: var(--muted); }
.pager button, .controls button { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
.pager button:disabled { color: #aab2bd; cursor: default; }
.none { color: var(--muted); font-style: italic; }
@media (max-width: 720px) {
  header, main { padding: 0 10px; }
  .pager .info { min-width: 0; flex: 1 1 100%; order: -1; text-align: left; }
  table.list, table.list tbody, table.list tr, table.list td { display: block; }
  table.list thead tr { display: flex; flex-wrap: wrap; gap: 2px 12px; padding: 4px 8px; background: #eef1f5; }
  table.list th { position: static; border: 0; padding: 0; background: none; }
  table.list tr { padding: 6px 8px; border-bottom: 1px solid var(--line); }
  table.list td { display: grid; grid-template-columns: 6.5em minmax(0, 1fr); gap: 8px; max-width: none; min-width: 0; border: 0; padding: 1px 0; white-space: normal; overflow: visible; }
  table.list td::before { content: attr(data-label); color: var(--muted); font: 12.5px system-ui, sans-serif; font-weight: 400; }
  table.list td:empty { display: none; }
  dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: 4px; }
}
@media print { .controls, .pager { display: none; } body { background: #fff; } }
`;
