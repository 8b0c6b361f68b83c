import { execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { constants, open, type FileHandle } from 'node:fs/promises';
import { SHEET_HEAD, SHEET_TAIL, writeZip, xlsxParts } from '../helpers/write-zip.js';
import type { CaseFiles } from './hostile-case.js';

/** Helpers the corpus' rows make their inputs and command lines with. */
const SAMPLE_LINES = readFileSync('samples/steel_strength.csv', 'utf8').trimEnd().split('\n');

/** The steel sample's header line (what `mapping.yaml` names). */
export const STEEL_HEADER = SAMPLE_LINES[0] ?? '';

/** Columns of the steel sample: the key (`formula`, a text field) and a number field. */
export const COLUMN = { formula: 1, yieldStrength: 15 } as const;

/** The steel sample's header and first `rows` rows, each row's cells passed through `edit` (row index from 0). */
export function steelCsv(rows: number, edit?: (cells: string[], index: number) => void): string {
  const lines = SAMPLE_LINES.slice(1, rows + 1).map((line, index) => {
    const cells = line.split(',');
    edit?.(cells, index);
    return cells.join(',');
  });
  return `${[STEEL_HEADER, ...lines].join('\n')}\n`;
}

/** A CSV field quoted as RFC 4180 wants it. */
export function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Writes `data` to the case's file `name`. */
export function write(c: CaseFiles, name: string, data: string | Buffer): void {
  writeFileSync(c.at(name), data);
}

/** A file of `size` bytes that starts with `head` and is sparse after it: the size alone is the trap. */
export function sparse(c: CaseFiles, name: string, head: string | Buffer, size: number): void {
  writeFileSync(c.at(name), head);
  truncateSync(c.at(name), size);
}

/** A named pipe. */
export function fifo(c: CaseFiles, name: string): void {
  execFileSync('mkfifo', [c.at(name)]);
}

/** `validate` of `inputs` with the sample mapping and templates (no platform needed). */
export function validate(...args: string[]): string[] {
  return ['validate', '--template-file', 'templates.json', '--no-template-cache', '--mapping', 'mapping.yaml', ...args];
}

/** `ingest` of `input` with the sample mapping, into `report.jsonl`, at full speed. */
export function ingest(input: string, ...args: string[]): string[] {
  return ['ingest', '--mapping', 'mapping.yaml', '--report', 'report.jsonl', input, '--rate', '0', '--quiet', ...args];
}

/** Resolves when the child has exited. */
export async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await once(child, 'exit');
}

/**
 * Opens a FIFO for writing, waiting (as a shell's writer does) until the child opens it for reading.
 * Should the child exit without opening it, the wait is ended by opening it for reading here, so a
 * regression cannot hang the test; the handle then leads nowhere.
 */
export async function openFifoWriter(file: string, child: ChildProcess): Promise<FileHandle> {
  let opened = false;
  const writer = open(file, 'w').then((handle) => ((opened = true), handle));
  const release = exited(child).then(async () => (opened ? undefined : open(file, constants.O_RDONLY | constants.O_NONBLOCK)));
  const handle = await writer;
  void release.then((reader) => reader?.close());
  return handle;
}

/** A cell of {@link steelXlsx}: text, a number, or a formula with (or without) its cached result. */
export type XlsxCell = string | number | { readonly formula: string; readonly cached?: string };

const xmlText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function xlsxCell(ref: string, cell: XlsxCell): string {
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${xmlText(cell)}</t></is></c>`;
  return `<c r="${ref}" t="str"><f>${xmlText(cell.formula)}</f>${cell.cached === undefined ? '' : `<v>${xmlText(cell.cached)}</v>`}</c>`;
}

/** An xlsx of the steel sample's header and its first `rows` rows, each row's cells passed through `edit`. */
export function steelXlsx(rows: number, edit?: (cells: XlsxCell[], index: number) => void): Buffer {
  const lines = steelCsv(rows).trimEnd().split('\n');
  const xml = lines
    .map((line, r) => {
      const cells: XlsxCell[] = line.split(',').map((text) => (r > 0 && text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text));
      if (r > 0) edit?.(cells, r - 1);
      return `<row r="${r + 1}">${cells.map((cell, i) => xlsxCell(`${String.fromCharCode(65 + i)}${r + 1}`, cell)).join('')}</row>`;
    })
    .join('');
  return writeZip(xlsxParts({ name: 'sheet', data: Buffer.concat([SHEET_HEAD, Buffer.from(xml), SHEET_TAIL]) }));
}

/** Runs the built CLI in the case's folder against its platform (to make an input, e.g. a real report); fails unless it exits `exit`. */
export async function runFirst(c: CaseFiles, args: readonly string[], exit: number): Promise<void> {
  const result = await c.runCli(args, {
    cwd: c.dir,
    env: { MGE_BASE_URL: c.url, MGE_TOKEN: c.token, MGE_USERNAME: 'hostile', XDG_CACHE_HOME: c.at('.first-cache') },
  });
  if (result.code !== exit)
    throw new Error(`making the case's input: ${args.join(' ')} exited ${String(result.code)}, not ${exit}: ${result.stderr}`);
}
