import { linkSync, mkdirSync, statSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import type { CaseRun, HostileCase } from '../hostile-case.js';
import { COLUMN, fifo, ingest, steelCsv, validate, write } from '../case-inputs.js';

/** The first line of stderr (`error CODE: what`) matches `pattern`: the message names both files and their options. */
const says =
  (pattern: RegExp) =>
  ({ run }: CaseRun): void =>
    expect(run.stderr.split('\n')[0]).toMatch(pattern);

/** A report holding one note line, to be read by `report`. */
const REPORT_TEXT = '{"type":"note"}\n';

/** A case of an output aimed at an input (or another output): refused with `code`, naming both. */
function clash(name: string, spec: Omit<HostileCase, 'name' | 'exit'>): HostileCase {
  return { name: `outputs: ${name}`, exit: 2, ...spec };
}

/** A case writing `--errors fix.jsonl` into a FIFO that a reader here reads to its end. */
function readPipeCase(): HostileCase {
  const read = { text: '' };
  return {
    name: 'outputs (succeeds): validate --errors into a FIFO someone reads writes every row to the reader',
    make: (c) => (
      fifo(c, 'fix.jsonl'),
      write(
        c,
        'bad.csv',
        steelCsv(3, (cells) => (cells[COLUMN.yieldStrength] = 'n/a')),
      )
    ),
    // The reader opens the pipe as the run starts, well before the run looks for one.
    during: async (_child, c) => void (read.text = await readFile(c.at('fix.jsonl'), 'utf8')),
    args: () => validate('bad.csv', '--errors', 'fix.jsonl'),
    exit: 1,
    check: () =>
      expect(
        read.text
          .trimEnd()
          .split('\n')
          .map((l) => (JSON.parse(l) as { status: string }).status),
      ).toEqual(['invalid', 'invalid', 'invalid']),
  };
}

/** Outputs aimed at inputs (by name, link, folder or glob), at each other, and reports that are no files. */
export const OUTPUT_CASES: readonly HostileCase[] = [
  clash('validate X --errors X leaves the input whole, naming both options', {
    args: () => validate('input.csv', '--errors', 'input.csv'),
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --errors .*input\.csv is the same file as <inputs> .*input\.csv/),
  }),
  clash('validate --errors on the mapping', {
    args: () => validate('input.csv', '--errors', 'mapping.yaml'),
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --errors .* --mapping /),
  }),
  clash('validate --html on the input', {
    args: () => validate('input.csv', '--html', 'input.csv'),
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --html .* <inputs> /),
  }),
  clash('validate --errors on a hard link of the input', {
    make: (c) => linkSync(c.at('input.csv'), c.at('hard.csv')),
    args: () => validate('input.csv', '--errors', 'hard.csv'),
    code: 'OUTPUT_IS_INPUT',
  }),
  clash('validate --errors on a symbolic link to the input', {
    make: (c) => symlinkSync('input.csv', c.at('soft.csv')),
    args: () => validate('input.csv', '--errors', 'soft.csv'),
    code: 'OUTPUT_IS_INPUT',
  }),
  clash('validate --errors on a file of the folder given as input', {
    make: (c) => (mkdirSync(c.at('drop')), write(c, 'drop/a.csv', steelCsv(3))),
    args: () => validate('drop', '--errors', 'drop/a.csv'),
    code: 'OUTPUT_IS_INPUT',
  }),
  clash('validate --errors on a file the input glob matches', {
    make: (c) => (mkdirSync(c.at('drop')), write(c, 'drop/a.csv', steelCsv(3))),
    args: () => validate('drop/*.csv', '--errors', 'drop/a.csv'),
    code: 'OUTPUT_IS_INPUT',
  }),
  clash('report R --failed-out R', {
    make: (c) => write(c, 'kept.report.jsonl', REPORT_TEXT),
    args: () => ['report', 'kept.report.jsonl', '--failed-out', 'kept.report.jsonl'],
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --failed-out .* <file> \(the report\) /),
  }),
  ...['--log-file', '--html', '--uploaded-out'].map((option) =>
    clash(`report R ${option} through a link to R`, {
      make: (c) => (write(c, 'kept.report.jsonl', REPORT_TEXT), symlinkSync('kept.report.jsonl', c.at('link.out'))),
      args: () => ['report', 'kept.report.jsonl', option, 'link.out'],
      code: 'OUTPUT_IS_INPUT',
      check: says(new RegExp(`^error OUTPUT_IS_INPUT: ${option} .*link\\.out .* <file> \\(the report\\) `)),
    }),
  ),
  clash('report --html and --uploaded-out on one file', {
    make: (c) => write(c, 'kept.report.jsonl', REPORT_TEXT),
    args: () => ['report', 'kept.report.jsonl', '--html', 'same.out', '--uploaded-out', 'same.out'],
    code: 'OUTPUT_CLASH',
  }),
  clash('ingest --log-file through a link to the report; nothing is sent', {
    make: (c) => (write(c, 'report.jsonl', ''), symlinkSync('report.jsonl', c.at('report-link.log'))),
    args: () => ingest('input.csv', '--log-file', 'report-link.log'),
    code: 'OUTPUT_CLASH',
    check: says(/^error OUTPUT_CLASH: --report .* --log-file /),
  }),
  clash('ingest --report on the input', {
    args: () => ['ingest', '--mapping', 'mapping.yaml', '--report', 'input.csv', 'input.csv'],
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --report .* <inputs> /),
  }),
  clash('ingest --report on the mapping', {
    args: () => ['ingest', '--mapping', 'mapping.yaml', '--report', 'mapping.yaml', 'input.csv'],
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --report .* --mapping /),
  }),
  clash('ingest --report and --log-file on one file not created yet, named two ways', {
    make: (c) => mkdirSync(c.at('sub')),
    args: () => ['ingest', '--mapping', 'mapping.yaml', '--report', 'fresh.jsonl', 'input.csv', '--log-file', 'sub/../fresh.jsonl'],
    code: 'OUTPUT_CLASH',
    check: says(/^error OUTPUT_CLASH: --report .*fresh\.jsonl .* --log-file /),
  }),
  clash("ingest whose report's lock is a link to the input", {
    make: (c) => symlinkSync('input.csv', c.at('report.jsonl.lock')),
    args: () => ingest('input.csv'),
    code: 'OUTPUT_IS_INPUT',
  }),
  clash(
    "ingest whose report's ledger index is a link to the input (a rename would replace the link, but the input is named as the index)",
    {
      make: (c) => symlinkSync('input.csv', c.at('report.jsonl.index')),
      args: () => ingest('input.csv'),
      code: 'OUTPUT_IS_INPUT',
      check: says(/^error OUTPUT_IS_INPUT: --report \(its ledger index\) /),
    },
  ),
  clash("ingest of the report's own ledger index as an input", {
    make: (c) => write(c, 'report.jsonl.index', 'a,b\n1,2\n'),
    args: () => ['ingest', '--mapping', 'mapping.yaml', '--report', 'report.jsonl', 'report.jsonl.index'],
    code: 'OUTPUT_IS_INPUT',
  }),
  clash('--log-file on the token file', {
    make: (c) => write(c, 'token.txt', `${c.token}\n`),
    args: () => ['templates', 'list', '--log-file', 'token.txt'],
    env: (c) => ({ MGE_TOKEN: undefined, MGE_TOKEN_FILE: c.at('token.txt') }),
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --log-file .*token\.txt is the same file as MGE_TOKEN_FILE \(environment\) /),
  }),
  clash('a config file whose log-file is itself', {
    make: (c) => write(c, 'mge.yaml', 'log-file: mge.yaml\n'),
    args: () => ['templates', 'list', '--config', 'mge.yaml'],
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: log-file \(.*mge\.yaml:1\) .* --config /),
  }),
  clash('init --out over its --input, even with --force', {
    args: () => ['init', '201', '--sandbox', '--input', 'input.csv', '--out', 'input.csv', '--force'],
    code: 'OUTPUT_IS_INPUT',
    check: says(/^error OUTPUT_IS_INPUT: --out .* --input /),
  }),
  clash('sandbox --store over its --templates', {
    args: () => ['sandbox', '--port', '0', '--templates', 'templates.json', '--store', 'templates.json'],
    code: 'OUTPUT_IS_INPUT',
  }),
  ...[[], ['--dry-run']].map((extra) =>
    clash(`ingest${extra.map((e) => ` ${e}`).join('')} --report naming a directory: REPORT_NOT_A_FILE, nothing created in its place`, {
      make: (c) => mkdirSync(c.at('report-dir')),
      args: () => ['ingest', '--mapping', 'mapping.yaml', '--report', 'report-dir', 'input.csv', ...extra],
      code: 'REPORT_NOT_A_FILE',
    }),
  ),
  clash('ingest --report /dev/null is REPORT_NOT_A_FILE', {
    args: () => ['ingest', '--mapping', 'mapping.yaml', '--report', '/dev/null', 'input.csv'],
    code: 'REPORT_NOT_A_FILE',
  }),
  clash('ingest --report through a link to /dev/null is REPORT_NOT_A_FILE', {
    make: (c) => symlinkSync('/dev/null', c.at('report.jsonl')),
    args: () => ingest('input.csv'),
    code: 'REPORT_NOT_A_FILE',
  }),
  clash('ingest --report naming a FIFO is REPORT_NOT_A_FILE, without blocking', {
    make: (c) => fifo(c, 'report.jsonl'),
    args: () => ingest('input.csv'),
    code: 'REPORT_NOT_A_FILE',
  }),
  clash('ingest --report naming a socket is REPORT_NOT_A_FILE', {
    make: async (c) => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(c.at('report.jsonl'), resolve));
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    },
    args: () => ingest('input.csv'),
    code: 'REPORT_NOT_A_FILE',
  }),
  clash("ingest whose report's lock is a directory is REPORT_LOCK_NOT_A_FILE", {
    make: (c) => mkdirSync(c.at('report.jsonl.lock')),
    args: () => ingest('input.csv'),
    code: 'REPORT_LOCK_NOT_A_FILE',
  }),
  clash('ingest of a report another live run holds is REPORT_LOCKED; the lock is left as it was', {
    make: (c) =>
      write(
        c,
        'report.jsonl.lock',
        `${JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), id: 'held', heartbeatMs: 10_000 })}\n`,
      ),
    args: () => ingest('input.csv'),
    code: 'REPORT_LOCKED',
  }),
  ...['report-dir', 'report.fifo'].map((name) =>
    clash(`report on ${name === 'report-dir' ? 'a directory' : 'a FIFO'} is REPORT_NOT_A_FILE, without blocking`, {
      make: (c) => (name === 'report-dir' ? mkdirSync(c.at(name)) : fifo(c, name)),
      args: () => ['report', name],
      code: 'REPORT_NOT_A_FILE',
    }),
  ),
  ...[
    ['validate --errors', validate('input.csv', '--errors', 'out.csv')],
    ['report --failed-out', ['report', 'kept.report.jsonl', '--failed-out', 'out.csv']],
    ['report --uploaded-out', ['report', 'kept.report.jsonl', '--uploaded-out', 'out.csv']],
    ['--log-file', ['templates', 'list', '--log-file', 'out.csv']],
    ['init --out', ['init', '201', '--input', 'input.csv', '--out', 'out.csv']],
  ].map(([what, args]) =>
    clash(`${String(what)} into a FIFO nobody reads is OUTPUT_NO_READER at once, not a hang`, {
      make: (c) => (fifo(c, 'out.csv'), write(c, 'kept.report.jsonl', REPORT_TEXT)),
      args: () => args as string[],
      code: 'OUTPUT_NO_READER',
    }),
  ),
  readPipeCase(),
  clash('validate --errors naming a directory is OUTPUT_NOT_A_FILE, before any work', {
    make: (c) => mkdirSync(c.at('fix.csv')),
    args: () => validate('input.csv', '--errors', 'fix.csv'),
    code: 'OUTPUT_NOT_A_FILE',
  }),
  // Written beside the target and renamed over it: a FIFO would be replaced, so it is refused even with a reader.
  ...[
    ['validate --html', validate('input.csv', '--html', 'out.html')],
    ['validate --annotate', validate('input.csv', '--annotate', 'out.html')],
    ['report --html', ['report', 'kept.report.jsonl', '--html', 'out.html']],
  ].map(([what, args]) =>
    clash(`${String(what)} into a FIFO is OUTPUT_NOT_A_FILE, and the FIFO is left as it was`, {
      make: (c) => (fifo(c, 'out.html'), write(c, 'kept.report.jsonl', REPORT_TEXT)),
      args: () => args as string[],
      code: 'OUTPUT_NOT_A_FILE',
      check: (c) => expect(statSync(c.at('out.html')).isFIFO()).toBe(true),
    }),
  ),
];
