import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkMapping } from '../../../src/mapping/check/check-mapping.js';
import { checkColumns } from '../../../src/mapping/compile/compile-mapping.js';
import { loadMapping } from '../../../src/mapping/load/load-mapping.js';
import { openTable } from '../../../src/sources/open-table.js';
import { parseTemplate } from '../../../src/template/parse-template.js';
import { runCliInProcess as cli } from '../../cli/run-cli-in-process.js';
import { fillMeta } from '../../helpers/fill-meta.js';
import { liveColumns } from '../../helpers/live-columns.js';
import { tempDirSync } from '../../helpers/temp-dir.js';

/**
 * How well `init --input` matches headers a person would map, on real files it was not written for:
 * each case runs `init` as a curator would, reads the live lines back through the mapping checker and
 * compares them with a person's answer (test/fixtures/header-match/cases.json). Recall: the share of the
 * person's headers mapped live to the right field. Wrong: live lines that map a header elsewhere, or
 * map one the person left out.
 */
interface Case {
  readonly name: string;
  readonly input: string;
  readonly flags?: readonly string[];
  /** Headers renamed in a copy of the input, for a variant in other words (e.g. Chinese headers). */
  readonly renameHeaders?: Readonly<Record<string, string>>;
  readonly templates: string;
  readonly template: number;
  readonly answers: Readonly<Record<string, string>>;
  /** The scaffold, with only its meta texts filled in, validates every record of the file: no edit of a column is needed. */
  readonly validates?: boolean;
}

const { cases } = JSON.parse(readFileSync(new URL('../../fixtures/header-match/cases.json', import.meta.url), 'utf8')) as { cases: Case[] };
const dir = tempDirSync('mge-eval-');
const env = { XDG_CACHE_HOME: join(dir, 'cache') };
const rows: string[] = [];

/** The input to run: the file itself, or a copy with its header line renamed. */
function inputOf(c: Case): string {
  const n = cases.indexOf(c);
  if (c.renameHeaders === undefined) return c.input;
  const text = readFileSync(c.input, 'utf8');
  const end = text.search(/\r?\n/);
  const renamed = text
    .slice(0, end)
    .split(',')
    .map((h) => c.renameHeaders?.[h] ?? h)
    .join(',');
  const copy = join(dir, `renamed-${n}.csv`);
  writeFileSync(copy, renamed + text.slice(end));
  return copy;
}

function templateOf(c: Case): ReturnType<typeof parseTemplate> {
  const all = JSON.parse(readFileSync(c.templates, 'utf8')) as { templates: { id: number }[] };
  return parseTemplate(all.templates.find((t) => t.id === c.template));
}

afterAll(() => {
  const head = ['dataset', 'answers', 'live', 'right', 'wrong', 'precision', 'recall'];
  process.stdout.write(
    `\nheader matching of init --input\n${[head, ...rows.map((r) => r.split('\t'))].map((r) => r.map((c, i) => (i === 0 ? c.padEnd(40) : c.padStart(9))).join(' ')).join('\n')}\n`,
  );
});

describe('init --input on real files: header matching', () => {
  test.each(cases)('$name: at least 60% of the headers a person maps, at most one wrong live line', async (c) => {
    const run = await cli(['init', String(c.template), '--template-file', c.templates, '--input', inputOf(c), ...(c.flags ?? [])], { env });
    expect(run.code).toBe(0);
    const template = templateOf(c);
    const check = checkMapping(loadMapping(run.stdout, 'scaffold.yaml').spec, template);
    const live = liveColumns(check.content);
    const expected = Object.entries(c.answers);
    const right = expected.filter(([header, field]) => live.get(header) === field).length;
    const wrong = [...live].filter(([header, field]) => c.answers[header] !== field);
    const recall = right / expected.length;
    const precision = live.size === 0 ? 1 : right / live.size;
    rows.push([c.name, expected.length, live.size, right, wrong.length, precision.toFixed(2), recall.toFixed(2)].join('\t'));
    if (wrong.length > 0) process.stdout.write(`${c.name} wrong: ${JSON.stringify(wrong)}\n`);
    expect({ wrong }).toEqual({ wrong: wrong.slice(0, 1) });
    expect(recall).toBeGreaterThanOrEqual(0.6);
  });
});

describe('init --input on real files: the scaffold stays valid', () => {
  test.each(cases)('$name: with the meta texts filled in, every live line passes the mapping checker and the header check', async (c) => {
    const out = join(dir, `${cases.indexOf(c)}-${c.template}.yaml`);
    const input = inputOf(c);
    const init = await cli(
      ['init', String(c.template), '--template-file', c.templates, '--input', input, ...(c.flags ?? []), '--out', out],
      { env },
    );
    expect(init.code).toBe(0);
    const text = fillMeta(readFileSync(out, 'utf8'));
    writeFileSync(out, text);
    // Only required fields no column was sure for may still hold FILL_IN.
    const template = templateOf(c);
    const { spec } = loadMapping(text, out);
    const check = checkMapping(spec, template);
    const table = await openTable(input, spec.input);
    await table.close();
    const problems = [...check.problems, ...checkColumns({ spec, template, check }, table.header)];
    expect(problems.filter((p) => p.code !== 'MAPPING_PLACEHOLDER' || p.path?.startsWith('meta'))).toEqual([]);
    const run = await cli(['validate', '--template-file', c.templates, '--mapping', out, input], { env });
    // The run's error is MAPPING_INVALID; the problems it lists follow it.
    const codes = new Set((run.stderr.match(/\bMAPPING_[A-Z_]+/g) ?? []).filter((code) => code !== 'MAPPING_INVALID'));
    if (c.validates === true) expect([problems, run.code]).toEqual([[], 0]);
    else if (problems.length === 0) expect([0, 1]).toContain(run.code);
    else expect([run.code, [...codes]]).toEqual([2, ['MAPPING_PLACEHOLDER']]);
  });
});
