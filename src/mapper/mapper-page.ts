/** The page's shell: its script (a module, from this server) draws the rest from `/api/state`. */
export const MAPPER_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mge-ingest mapper</title>
<link rel="stylesheet" href="/app/mapper.css">
<script type="module" src="/app/mapper-app.js"></script>
</head>
<body>
<header id="top"><h1>Mapping</h1><p class="muted">Loading…</p></header>
<main id="app"></main>
</body>
</html>
`;

/**
 * System fonts only (nothing to fetch). Two columns on a laptop: the fields on the left, what the
 * mapping gives (counts, problems, the first records) beside them; one column below 900 px, every
 * control full width, so it stays usable on a 390 px phone.
 */
export const MAPPER_PAGE_STYLE = `
:root { --fg: #1d232b; --muted: #5b6573; --line: #d9dee5; --bg: #f6f7f9; --card: #fff;
  --good: #1f7a3f; --bad: #b42318; --warn: #a15c07; --accent: #2f4b7c; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 12px 20px; background: var(--card); border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2;
  display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
header h1 { font-size: 18px; margin: 0; flex: 1 1 320px; overflow-wrap: anywhere; }
header h1 .sub { font-weight: 400; color: var(--muted); font-size: 14px; display: block; }
main { display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 16px; padding: 16px 20px; max-width: 1600px; margin: 0 auto; }
@media (max-width: 900px) { main { grid-template-columns: minmax(0, 1fr); padding: 12px; } header { padding: 10px 12px; } }
section { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 12px 14px; margin-bottom: 14px; }
section h2 { font-size: 16px; margin: 0 0 8px; }
.side { align-self: start; }
@media (min-width: 901px) { .side { position: sticky; top: 72px; max-height: calc(100vh - 84px); overflow: auto; } }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 10px; padding: 8px 10px 10px; min-width: 0; }
fieldset fieldset { margin-left: 4px; }
legend { font-weight: 600; padding: 0 4px; overflow-wrap: anywhere; }
legend .type { font-weight: 400; color: var(--muted); }
.req { color: var(--bad); font-weight: 600; font-size: 12px; margin-left: 6px; }
.row { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; margin: 4px 0; }
.row label { min-width: 110px; color: var(--muted); }
select, input[type=text], textarea { font: inherit; padding: 4px 6px; border: 1px solid #b9c0ca; border-radius: 4px; background: #fff; max-width: 100%; }
select, input[type=text] { flex: 1 1 220px; min-width: 0; }
textarea { width: 100%; min-height: 3em; }
button { font: inherit; padding: 5px 12px; border: 1px solid var(--accent); border-radius: 4px; background: #fff; color: var(--accent); cursor: pointer; }
button.primary { background: var(--accent); color: #fff; }
button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible, summary:focus-visible { outline: 3px solid #8fb0e6; outline-offset: 1px; }
.muted, .hint { color: var(--muted); }
.hint { font-size: 12.5px; }
.bad { color: var(--bad); }
.good { color: var(--good); }
.warn { color: var(--warn); }
code, .mono { font: 12.5px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
code { background: #eef1f5; padding: 1px 4px; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 3px 6px; vertical-align: top; overflow-wrap: anywhere; }
th { color: var(--muted); font-weight: 500; }
/* A picker's table: headings and buttons keep their words whole, so on a phone the text box or list takes the rest. */
table.map th, table.map button { overflow-wrap: normal; white-space: nowrap; }
table.map td > input[type=text], table.map td > select { width: 100%; min-width: 5em; }
.counts { display: grid; grid-template-columns: repeat(auto-fill, minmax(92px, 1fr)); gap: 6px; margin: 8px 0; }
.count { border: 1px solid var(--line); border-radius: 4px; padding: 4px 8px; }
.count .n { display: block; font-size: 18px; font-weight: 600; }
.count.invalid .n { color: var(--bad); }
.count.valid .n { color: var(--good); }
progress { width: 100%; height: 10px; }
.badges { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.badge { font-size: 12px; border-radius: 10px; padding: 0 8px; background: #fde8e6; color: var(--bad); }
/* An array's columns: a tag each, its × a 24 px target that shows the focus ring like every button; a long header wraps. */
.chip { display: inline-flex; align-items: center; gap: 2px; max-width: 100%; padding: 1px 2px 1px 10px; border: 1px solid var(--line);
  border-radius: 14px; background: #eef1f5; font-size: 13px; overflow-wrap: anywhere; }
.chip button { min-width: 24px; min-height: 24px; padding: 0 6px; border: 0; border-radius: 12px; background: transparent; line-height: 1; }
.chip button:hover { background: #dfe4eb; }
ul.problems { margin: 4px 0; padding-left: 18px; }
.record { margin: 8px 0 12px; }
.record h3 { font-size: 13px; margin: 0 0 4px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 12px ui-monospace, Menlo, Consolas, monospace; background: #f1f3f6; padding: 8px; border-radius: 4px; max-height: 420px; overflow: auto; }
.status { font-size: 13px; }
`;
