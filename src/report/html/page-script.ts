import { FORMULA_START, SIGNED_NUMBER } from '../neutralize-formula.js';

/**
 * The page's only script, hand-written, no build step (docs/html-report.md): one page of rows at a
 * time, every text through `textContent`, allowed by the page's CSP by its hash alone.
 */
export const PAGE_SCRIPT = `(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('mge-data').textContent);
  const s = data.s;
  const text = (v) => (v === null ? '' : typeof v === 'number' ? s[v] : typeof v === 'string' ? v : v.map(text).join(''));
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const el = (tag, attrs, children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    for (const child of children || []) node.append(child);
    return node;
  };
  const grouped = (n) => n.toLocaleString('en-US');
  // The project's formula rule (src/report/neutralize-formula.ts): text that starts like a formula gets a leading ', a number never.
  const inert = (t) => (/${FORMULA_START.source}/.test(t) && !/${SIGNED_NUMBER.source}/.test(t) ? "'" + t : t);
  const csvField = (v) => {
    const t = inert(v);
    return /[",\\r\\n]/.test(t) ? '"' + t.replaceAll('"', '""') + '"' : t;
  };
  const tables = {};

  const setup = (table) => {
    const root = document.getElementById('table-' + table.id);
    if (!root) return undefined;
    const cols = table.cols;
    // A column that is the first line of another (a long platform answer) is drawn inside that one's cell.
    const drawn = (col) => !col.h && !col.b;
    const briefs = cols.map((col) => cols.findIndex((other) => other.b === col.n));
    const rows = table.rows.map((r, i) => {
      const row = r.map(text);
      row.order = i;
      return row;
    });
    // The problems are what the page is for; the other lists start shorter.
    const state = { filters: cols.map(() => ''), sort: -1, dir: 1, page: 0, size: table.id === 'problems' ? 100 : 25, shown: rows };
    const filterInputs = [];
    const controls = el('div', { class: 'controls' });
    cols.forEach((col, c) => {
      if (!col.f) return;
      let input;
      if (col.f === 'select') {
        const counts = new Map();
        for (const row of rows) counts.set(row[c], (counts.get(row[c]) || 0) + 1);
        const values = [...counts.keys()].sort(collator.compare);
        input = el('select', { 'data-filter': col.n }, [el('option', { value: '' }, ['all'])]);
        // Option values start with '=' so that an empty value (no field) is not taken for 'all'.
        for (const value of values) input.append(el('option', { value: '=' + value }, [(value === '' ? '(none)' : value) + ' (' + grouped(counts.get(value)) + ')']));
      } else {
        const listId = 'list-' + table.id + '-' + col.n;
        const values = [...new Set(rows.map((row) => row[c]))].filter((v) => v !== '').sort(collator.compare);
        input = el('input', { type: 'search', 'data-filter': col.n, list: listId, placeholder: 'any', autocomplete: 'off' });
        controls.append(el('datalist', { id: listId }, values.map((v) => el('option', { value: v }))));
      }
      input.addEventListener('input', () => {
        state.filters[c] = input.value;
        state.page = 0;
        refresh();
      });
      filterInputs[c] = input;
      controls.append(el('label', {}, [col.l + ' ', input]));
    });
    const download = el('button', { type: 'button', class: 'download' }, ['Download CSV']);
    download.addEventListener('click', () => {
      const visible = cols.map((col, c) => c).filter((c) => drawn(cols[c]));
      const lines = [visible.map((c) => csvField(cols[c].l)).join(',')];
      for (const row of state.shown) lines.push(visible.map((c) => csvField(row[c])).join(','));
      const link = el('a', { href: URL.createObjectURL(new Blob(['\\ufeff' + lines.join('\\r\\n') + '\\r\\n'], { type: 'text/csv' })), download: table.id + '.csv' });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    });
    controls.append(download);

    const heads = [];
    const headRow = el('tr');
    cols.forEach((col, c) => {
      if (!drawn(col)) return;
      const button = el('button', { type: 'button' }, [col.l]);
      button.addEventListener('click', () => {
        state.dir = state.sort === c ? -state.dir : 1;
        state.sort = c;
        state.page = 0;
        refresh();
      });
      const th = el('th', { 'data-col': col.n, 'aria-sort': 'none' }, [button]);
      heads[c] = th;
      headRow.append(th);
    });
    const body = el('tbody');
    const info = el('span', { class: 'info' });
    const pageButton = (name, label, go) => {
      const b = el('button', { type: 'button', class: name }, [label]);
      b.addEventListener('click', () => {
        state.page = go();
        draw();
      });
      return b;
    };
    const last = () => Math.max(0, Math.ceil(state.shown.length / state.size) - 1);
    const first = pageButton('first', '« first', () => 0);
    const prev = pageButton('prev', '‹ previous', () => Math.max(0, state.page - 1));
    const next = pageButton('next', 'next ›', () => Math.min(last(), state.page + 1));
    const end = pageButton('last', 'last »', last);
    const size = el('select', { class: 'size' }, [25, 100, 500].map((n) => el('option', { value: String(n) }, [String(n) + ' a page'])));
    size.value = String(state.size);
    size.addEventListener('change', () => {
      state.size = Number(size.value);
      state.page = 0;
      draw();
    });
    root.append(controls, el('div', { class: 'scroll' }, [el('table', { class: 'list' }, [el('thead', {}, [headRow]), body])]), el('div', { class: 'pager' }, [first, prev, info, next, end, size]));

    const refresh = () => {
      const active = state.filters.map((f, c) => [c, cols[c].f === 'text' ? f.trim().toLowerCase() : f]).filter(([, f]) => f !== '');
      let shown = active.length === 0 ? rows : rows.filter((row) => active.every(([c, f]) => (cols[c].f === 'text' ? row[c].toLowerCase().includes(f) : row[c] === f.slice(1))));
      if (state.sort >= 0) {
        const c = state.sort;
        const how = cols[c].o;
        const compare = how === 'location' ? (a, b) => a.order - b.order : how === 'number' ? (a, b) => (Number(a[c]) || 0) - (Number(b[c]) || 0) : (a, b) => collator.compare(a[c], b[c]);
        shown = shown.slice().sort((a, b) => state.dir * compare(a, b) || a.order - b.order);
      }
      state.shown = shown;
      heads.forEach((th, c) => th.setAttribute('aria-sort', c !== state.sort ? 'none' : state.dir > 0 ? 'ascending' : 'descending'));
      draw();
    };
    const draw = () => {
      const from = state.page * state.size;
      const page = state.shown.slice(from, from + state.size);
      // A key may be long (a formula, a record hash): cut to the column's width, whole on hover. The label
      // names the value where the table is drawn as cards (a narrow screen, see the style sheet).
      // A long text with a first line (a proxy's 502 page) shows that line, the whole text on demand.
      const cell = (col, row, c) => {
        const attrs = { 'data-col': col.n, 'data-label': col.l };
        if (col.n === 'key') attrs.title = row[c];
        const brief = briefs[c] < 0 ? '' : row[briefs[c]];
        if (brief !== '') return el('td', attrs, [el('details', {}, [el('summary', {}, [brief]), el('div', { class: 'more' }, [row[c]])])]);
        return el('td', attrs, row[c] === '' ? [] : [row[c]]);
      };
      body.replaceChildren(...page.map((row) => el('tr', {}, cols.flatMap((col, c) => (drawn(col) ? [cell(col, row, c)] : [])))));
      const filtered = state.shown.length === rows.length ? '' : ' (filtered from ' + grouped(rows.length) + ')';
      info.textContent = state.shown.length === 0 ? 'no rows' + filtered : 'rows ' + grouped(from + 1) + '–' + grouped(from + page.length) + ' of ' + grouped(state.shown.length) + filtered;
      first.disabled = prev.disabled = state.page === 0;
      next.disabled = end.disabled = state.page >= last();
    };
    refresh();
    return {
      root,
      setFilter: (name, value) => {
        const c = cols.findIndex((col) => col.n === name);
        if (c < 0 || !filterInputs[c]) return;
        const filter = cols[c].f === 'select' ? '=' + value : value;
        filterInputs[c].value = filter;
        state.filters[c] = filter;
        state.page = 0;
        refresh();
      },
    };
  };

  for (const table of data.tables) tables[table.id] = setup(table);
  for (const bar of document.querySelectorAll('button.bar')) {
    bar.addEventListener('click', () => {
      const problems = tables.problems;
      if (!problems) return;
      problems.setFilter(bar.dataset.col, bar.dataset.value);
      problems.root.scrollIntoView({ block: 'start' });
    });
  }
  document.documentElement.classList.add('ready');
})();
`;
