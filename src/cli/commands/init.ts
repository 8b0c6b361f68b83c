import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MgeError } from '../../errors/mge-error.js';
import type { MappingProposal } from '../../mapping/header-match/proposal-types.js';
import { fieldMatches } from '../../mapping/scaffold-field-lines.js';
import { scaffoldMapping, unmatchedFields } from '../../mapping/scaffold-mapping.js';
import { fetchTemplate, type TemplateSource } from '../../pipeline/fetch-template.js';
import { proposeInputMapping } from '../../pipeline/propose-input-mapping.js';
import type { SourceOptions } from '../../sources/source-options.js';
import type { Template } from '../../template/template-types.js';
import type { CliIo } from '../cli-io.js';

/** Options of {@link init}. */
export interface InitOptions {
  readonly tid: number;
  /** A data file whose header and first rows are matched to the template's fields. @default undefined */
  readonly input: string | undefined;
  /** How to read the input's header (sheet, header rows); also written into the mapping's `input:`. @default {} */
  readonly sourceOptions: SourceOptions;
  /** Write the mapping here instead of stdout. @default undefined (stdout) */
  readonly out: string | undefined;
  /** Overwrite an existing `out` file. @default false */
  readonly force: boolean;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** What the matcher proposed, for the curator to check: sure matches, guesses, tables, key, leftovers. */
function summary(template: Template, proposal: MappingProposal, input: string): string[] {
  const lines: string[] = [];
  const sure = proposal.fields.filter((p) => p.sure);
  const guesses = proposal.fields.filter((p) => !p.sure);
  lines.push(`matched ${sure.length} field(s) to columns of ${input} (${proposal.rowsRead} rows read):`);
  for (const p of sure) lines.push(`  ${p.field.path} ← "${p.header}"${p.second ? ` + "${p.second}"` : ''}${p.unit ? ` [${p.unit}]` : ''} (score ${p.score.toFixed(2)})`);
  for (const t of proposal.tables) {
    const headers = t.kind === 'fromColumns' ? t.columns.map(([, h]) => h) : t.cells.map(([, h]) => h);
    lines.push(`  ${t.field.path} ← ${t.kind} ${headers.map((h) => `"${h}"`).join(', ')}${t.sure ? '' : ' (a guess, commented out)'}`);
  }
  if (guesses.length > 0) {
    lines.push(`guesses written as comments, to confirm:`);
    for (const p of guesses) lines.push(`  ${p.field.path} ← "${p.header}" (score ${p.score.toFixed(2)}${p.note ? `; ${p.note}` : ''})`);
  }
  if (proposal.groupBy.length > 0) lines.push(`rows grouped into records by: ${proposal.groupBy.map((h) => `"${h}"`).join(', ')}`);
  if (proposal.key) lines.push(`key: ${proposal.key.headers.map((h) => `"${h}"`).join(', ')}${proposal.key.sure ? '' : ' (a guess, commented out)'}`);
  const unmatched = unmatchedFields(template, fieldMatches(proposal));
  lines.push(`fields without a column: ${unmatched.length === 0 ? '(none)' : unmatched.join(', ')}`);
  lines.push(`columns not used: ${proposal.unusedHeaders.length === 0 ? '(none)' : proposal.unusedHeaders.map((h) => `"${h}"`).join(', ')}`);
  return lines;
}

/**
 * `init`: writes a commented mapping with every field of the template; with an input file, its header
 * and first rows are matched to the fields, and what was matched, guessed and left over is listed on
 * stderr.
 */
export async function init(options: InitOptions, source: TemplateSource, io: CliIo): Promise<number> {
  const { template } = await fetchTemplate(options.tid, source);
  const found = options.input === undefined ? undefined : await proposeInputMapping(path.resolve(io.cwd, options.input), template, { source: options.sourceOptions });
  const text = scaffoldMapping(template, { proposal: found?.proposal, inputName: options.input === undefined ? undefined : path.basename(options.input), input: options.sourceOptions });
  if (options.out === undefined) io.stdout.write(text);
  else {
    const target = path.resolve(io.cwd, options.out);
    if (!options.force && (await exists(target))) {
      throw new MgeError('usage', 'OUTPUT_EXISTS', 'the mapping file already exists', { location: { file: options.out }, hint: 'Choose another --out, or add --force to overwrite it.' });
    }
    await writeFile(target, text);
  }
  const gaps = (text.match(/^[^#\n]*FILL_IN/gm) ?? []).length;
  const lines: string[] = [`template ${template.id} (${template.title}), pub_date ${template.pubDate}`];
  if (found !== undefined && options.input !== undefined) lines.push(...summary(template, found.proposal, options.input));
  lines.push(`${options.out === undefined ? 'mapping printed' : `wrote ${options.out}`}: replace the ${gaps} FILL_IN placeholder(s), then run \`mge-ingest validate --mapping ${options.out ?? 'FILE'} ${options.input ?? 'INPUT'}\``);
  io.stderr.write(`${lines.join('\n')}\n`);
  return 0;
}
