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
import { defineCommand } from '../define-command.js';
import { numberOption } from '../parse-option.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';

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

/** The `input:` section for the reader settings given on the command line. */
function inputSection(options: SourceOptions): string {
  const lines = ['input:'];
  if (options.sheet !== undefined) lines.push(`  sheet: ${typeof options.sheet === 'number' ? options.sheet : JSON.stringify(options.sheet)}`);
  lines.push(`  headerRow: ${options.headerRow ?? 1}`);
  if (options.headerRows !== undefined) lines.push(`  headerRows: ${options.headerRows}`);
  return `${lines.join('\n')}\n`;
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
  let text = scaffoldMapping(template, { header, inputName: options.input === undefined ? undefined : path.basename(options.input) });
  // The scaffold writes the default reader settings; the ones the header was read with belong there.
  text = text.replace(/^input:\n {2}headerRow: 1\n/m, inputSection(options.sourceOptions));
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

export const initCommand = defineCommand({
  command: 'init <tid>',
  describe: 'write a commented mapping for a template; with --input, match the file\'s headers to the fields',
  settings: ['platform'],
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('tid', { type: 'string', describe: 'template id (see `templates list`)' })
        .option('input', { type: 'string', describe: 'a data file (csv, tsv, xlsx, xls, ods) whose header is matched to the fields' })
        .option('sheet', { type: 'string', describe: 'sheet of --input, by name or 1-based index [default: the first]' })
        .option('header-row', { type: 'string', describe: 'the (last) header row of --input [default: 1]' })
        .option('header-rows', { type: 'string', describe: 'how many rows make the header of --input [default: 1]' })
        .option('out', { type: 'string', describe: 'write the mapping to this file instead of stdout' })
        .option('force', { type: 'boolean', default: false, describe: 'overwrite --out if it exists' }),
    ),
  examples: [
    ['$0 init 201 --sandbox', 'print a commented mapping for sample template 201'],
    ['$0 init 201 --input data.csv --out mappings/data.yaml', 'match data.csv\'s headers to the fields, write the mapping'],
    ['$0 init 203 --input data.xlsx --sheet 1 --header-row 2 --header-rows 2 --out m.yaml', 'a workbook with a two-row header'],
  ],
  run: async (args, context) => {
    const tid = numberOption(args['tid'], 'tid', { integer: true, min: 1 });
    if (tid === undefined) throw new MgeError('usage', 'OPTION_INVALID', 'give a template id');
    const sheetText = args['sheet'] === undefined ? undefined : String(args['sheet']);
    const sheet = sheetText === undefined ? undefined : /^\d+$/.test(sheetText) ? numberOption(sheetText, 'sheet', { integer: true, min: 1 }) : sheetText;
    const headerRow = numberOption(args['header-row'], 'header-row', { integer: true, min: 1 });
    const headerRows = numberOption(args['header-rows'], 'header-rows', { integer: true, min: 1 });
    const sourceOptions: SourceOptions = { ...(sheet === undefined ? {} : { sheet }), ...(headerRow === undefined ? {} : { headerRow }), ...(headerRows === undefined ? {} : { headerRows }) };
    const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
    const options: InitOptions = { tid, input: str(args['input']), sourceOptions, out: str(args['out']), force: args['force'] === true };
    return init(options, await templateSourceFor(args, context), context.io);
  },
});
