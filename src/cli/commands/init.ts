import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MgeError } from '../../errors/mge-error.js';
import { matchTemplateHeaders } from '../../mapping/match-template-headers.js';
import { scaffoldMapping } from '../../mapping/scaffold-mapping.js';
import { fetchTemplate, type TemplateSource } from '../../pipeline/fetch-template.js';
import { openTable } from '../../sources/open-table.js';
import type { SourceOptions } from '../../sources/source-options.js';
import type { SourceHeader } from '../../sources/source-types.js';
import type { CliIo } from '../cli-io.js';

/** Options of {@link init}. */
export interface InitOptions {
  readonly tid: number;
  /** A data file whose header is matched to the template's fields. @default undefined */
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

/**
 * `init`: writes a commented mapping with every field of the template; with an input file, its header
 * is matched to the fields and what stayed unmatched on both sides is listed on stderr.
 */
export async function init(options: InitOptions, source: TemplateSource, io: CliIo): Promise<number> {
  const { template } = await fetchTemplate(options.tid, source);
  let header: SourceHeader | undefined;
  if (options.input !== undefined) {
    const table = await openTable(path.resolve(io.cwd, options.input), options.sourceOptions);
    header = table.header;
    await table.close();
  }
  const text = scaffoldMapping(template, { header, inputName: options.input === undefined ? undefined : path.basename(options.input), input: options.sourceOptions });
  if (options.out === undefined) io.stdout.write(text);
  else {
    const target = path.resolve(io.cwd, options.out);
    if (!options.force && (await exists(target))) {
      throw new MgeError('usage', 'OUTPUT_EXISTS', 'the mapping file already exists', { location: { file: options.out }, hint: 'Choose another --out, or add --force to overwrite it.' });
    }
    await writeFile(target, text);
  }
  const gaps = (text.match(/FILL_IN/g) ?? []).length;
  const lines: string[] = [`template ${template.id} (${template.title}), pub_date ${template.pubDate}`];
  if (header !== undefined) {
    const match = matchTemplateHeaders(template, header.names);
    lines.push(`matched ${match.matches.length} field(s) to columns of ${options.input}:`);
    for (const m of match.matches) lines.push(`  ${m.field} ← "${m.header}" (${m.kind})`);
    lines.push(`fields without a column: ${match.unmatchedFields.length === 0 ? '(none)' : match.unmatchedFields.join(', ')}`);
    lines.push(`columns not used: ${match.unmatchedHeaders.length === 0 ? '(none)' : match.unmatchedHeaders.map((h) => `"${h}"`).join(', ')}`);
  }
  lines.push(`${options.out === undefined ? 'mapping printed' : `wrote ${options.out}`}: replace the ${gaps} FILL_IN placeholder(s), then run \`mge-ingest validate --mapping ${options.out ?? 'FILE'} ${options.input ?? 'INPUT'}\``);
  io.stderr.write(`${lines.join('\n')}\n`);
  return 0;
}
