import type { PreviewRecord, PreviewResult } from '../../pipeline/run-preview.js';
import type { PreviewValue } from '../../pipeline/preview-values.js';
import type { FormatTypedCell, FormatTypedColumn } from '../../pipeline/format-typed-cells.js';
import type { CellValue } from '../../sources/source-types.js';
import { cellReference } from './cell-reference.js';
import { displayWidth, padEnd } from './display-width.js';
import { problemJson } from './problem-json.js';

type Name = (file: string) => string;

function cellText(value: CellValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return value.iso;
  return String(value);
}

/**
 * What `preview --json` prints: each record as sent (`record`, and `body` byte for byte) and where
 * every value came from (schema/preview-output.schema.json).
 */
export function previewJson(result: PreviewResult, name: Name): Record<string, unknown> {
  return {
    schemaVersion: 1,
    mapping: result.mapping,
    template: result.template,
    nothingToDo: result.nothingToDo,
    more: result.more,
    typedCells: result.typedCells.map((g) => ({
      kind: g.kind,
      file: name(g.file),
      sheet: g.sheet,
      column: g.column,
      header: g.header,
      cells: g.cells.map((c) => ({
        at: cellReference(c.location, name),
        raw: c.raw,
        format: c.format,
        value: c.value,
        ...(c.shownPercent === undefined ? {} : { shownPercent: c.shownPercent }),
        ...(c.issue === undefined ? {} : { issue: c.issue }),
      })),
      more: g.more,
    })),
    records: result.records.map((r) => ({
      file: name(r.location.file),
      sheet: r.location.sheet,
      row: r.location.row,
      rows: r.rowNumbers,
      key: r.key,
      valid: r.problems.length === 0,
      record: r.record,
      body: r.body,
      values: r.values.map((v) => ({
        path: v.path,
        value: v.value,
        unit: v.unit,
        ...(v.cell === undefined
          ? { from: 'mapping' }
          : {
              from: 'cell',
              at: cellReference(v.cell, name),
              header: v.cell.header,
              found: v.found,
              ...(v.convertedFrom === undefined ? {} : { convertedFrom: v.convertedFrom }),
            }),
      })),
      problems: r.problems.map((p) => problemJson(p, name)),
    })),
  };
}

/** The path as tree steps: `content.化学成分[0].含量` → `content`, `化学成分`, `[0]`, `含量`. */
function steps(path: string): string[] {
  return path.split('.').flatMap((part) => part.split(/(?=\[\d+\])/));
}

function valueText(v: PreviewValue): string {
  const shown = typeof v.value === 'string' ? JSON.stringify(v.value) : JSON.stringify(v.value);
  return v.unit !== undefined && typeof v.value === 'number' ? `${shown} ${v.unit}` : shown;
}

/** Where a value came from: its cell, what the cell held when it differs, and the unit conversion. */
function sourceText(v: PreviewValue, name: Name): string {
  if (v.cell === undefined) return '(from the mapping)';
  const at = `← ${cellReference(v.cell, name)}`;
  const found = cellText(v.found);
  if (v.convertedFrom !== undefined) return `${at}  ${found} ${v.convertedFrom} → ${JSON.stringify(v.value)} ${v.unit ?? ''}`.trimEnd();
  return found === '' || found === String(v.value) ? at : `${at}  ${JSON.stringify(found)}`;
}

function recordLines(r: PreviewRecord, index: number, name: Name): string[] {
  const rows = r.rowNumbers.length > 1 ? `rows ${r.rowNumbers[0]}–${r.rowNumbers[r.rowNumbers.length - 1]}` : `row ${r.location.row}`;
  const sheet = r.location.sheet === undefined ? '' : ` sheet "${r.location.sheet}"`;
  const status = r.problems.length === 0 ? 'valid: sent as shown' : `invalid, ${r.problems.length} problem(s): not sent`;
  const out = [`record ${index + 1} · ${name(r.location.file)}${sheet} ${rows} · key ${r.key} · ${status}`];
  const lefts: [string, PreviewValue | undefined][] = [];
  let previous: string[] = [];
  for (const v of r.values) {
    const s = steps(v.path);
    let same = 0;
    while (same < s.length - 1 && s[same] === previous[same]) same++;
    for (let i = same; i < s.length - 1; i++) lefts.push([`${'  '.repeat(i + 1)}${s[i]}`, undefined]);
    lefts.push([`${'  '.repeat(s.length)}${s[s.length - 1]}: ${valueText(v)}`, v]);
    previous = s;
  }
  const width = Math.min(60, Math.max(0, ...lefts.filter(([, v]) => v !== undefined).map(([l]) => displayWidth(l))));
  for (const [left, v] of lefts) out.push(v === undefined ? left : `${padEnd(left, width)}  ${sourceText(v, name)}`);
  if (r.problems.length > 0) {
    out.push('  problems');
    for (const p of r.problems) {
      const what = [
        p.expected === undefined ? '' : `expected ${p.expected}`,
        p.found === undefined ? '' : `found ${JSON.stringify(p.found)}`,
      ]
        .filter((t) => t !== '')
        .join(', ');
      const header = p.location.header === undefined || p.location.header === '' ? '' : ` (${p.location.header})`;
      out.push(
        `    ${p.code} at ${cellReference(p.location, name)}${header}${p.field === undefined ? '' : ` ${p.field}`}: ${p.message}${what === '' ? '' : `; ${what}`}`,
      );
    }
  }
  return out;
}

/** What a typed cell became: `date 2024-03-15`, `0.075 (shown as 7.5%)`, `text "36:15:00"`, `true`. */
function becameText(c: FormatTypedCell): string {
  if (c.issue !== undefined) return `no value: ${c.issue}${c.issue === 'SOURCE_BAD_DATE' ? ' (the spreadsheet shows ####)' : ''}`;
  const v = c.value;
  if (v !== null && typeof v === 'object') return `date ${v.iso}`;
  if (typeof v === 'string') return `text ${JSON.stringify(v)}`;
  if (c.shownPercent !== undefined) return `${String(v)} (shown as ${c.shownPercent}%)`;
  return String(v);
}

/** The cells typed by their number format, a few per column and kind; none when no cell was. */
function typedCellLines(columns: readonly FormatTypedColumn[], name: Name): string[] {
  if (columns.length === 0) return [];
  const out = ['cells typed by their number format (what the cell holds → what is read)'];
  for (const g of columns) {
    for (const c of g.cells) out.push(`  ${cellReference(c.location, name)}: ${String(c.raw)} under "${c.format}" → ${becameText(c)}`);
    if (g.more > 0) {
      const header = g.header === '' ? '' : ` (${JSON.stringify(g.header)})`;
      const what = g.cells[0]?.issue === undefined ? `${g.kind} cell(s)` : `${g.kind} cell(s) with ${g.cells[0].issue}`;
      out.push(`  … and ${g.more} more ${what} in column ${g.column}${header}`);
    }
  }
  return out;
}

/** What `preview` prints on a terminal: each record as a tree of the values sent, each beside its cell. */
export function formatPreview(result: PreviewResult, name: Name = (file) => file): string {
  if (result.nothingToDo) return 'nothing to preview: the inputs hold no table files (.csv, .tsv, .xlsx, .xlsm, .xls, .ods)\n';
  const t = result.template;
  const head = `template ${t.id} "${t.title}" (${t.pubDate}, from the ${t.from}) · mapping ${name(result.mapping)}`;
  if (result.records.length === 0) return `${head}\nthe inputs hold no records\n`;
  const blocks = result.records.map((r, i) => recordLines(r, i, name).join('\n'));
  const valid = result.records.filter((r) => r.problems.length === 0).length;
  const tail = `${result.records.length} record(s) shown: ${valid} valid, ${result.records.length - valid} invalid${result.more ? '; more follow (--rows N shows more; validate checks them all)' : '; that is all the input holds'}`;
  const typed = typedCellLines(result.typedCells, name);
  if (typed.length > 0) blocks.push(typed.join('\n'));
  return `${head}\n\n${blocks.join('\n\n')}\n\n${tail}\n`;
}
