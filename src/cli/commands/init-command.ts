import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { sourceShapeOptions } from '../source-shape-options.js';
import { idArgument, numeric } from '../parse-option.js';
import { formatInitSummary } from '../render/format-init-summary.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';
import { UsageError } from '../usage-error.js';
import { EXIT } from '../exit-codes.js';

/** `init <tid>`: a commented mapping for a template (see `runInit`). */
export const initCommand = defineCommand({
  command: 'init <tid>',
  describe: "write a commented mapping for a template; with --input, match the file's headers to the fields",
  settings: ['platform'],
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('tid', { type: 'string', describe: 'template id (see `templates list`)' })
        .option('input', { type: 'string', describe: 'a data file (csv, tsv, xlsx, xls, ods) whose header is matched to the fields' })
        .option('sheet', { type: 'string', describe: 'sheet of --input, by name or 1-based index [default: the first]' })
        .option('header-row', numeric({ describe: 'the (last) header row of --input [default: 1]' }))
        .option('header-rows', numeric({ describe: 'how many rows make the header of --input [default: 1]' }))
        .option('out', { type: 'string', describe: 'write the mapping to this file instead of stdout' })
        .option('workbook', {
          type: 'string',
          describe:
            "instead of a mapping, write the platform's filling workbook for the template (FILE.xlsx), which validate and ingest read without a mapping",
        })
        .option('force', { type: 'boolean', default: false, describe: 'overwrite --out if it exists' }),
    ),
  examples: [
    ['$0 init 201 --sandbox', 'print a commented mapping for sample template 201'],
    ['$0 init 201 --input data.csv --out mappings/data.yaml', "match data.csv's headers to the fields, write the mapping"],
    ['$0 init 201 --workbook 201.xlsx', "the platform's filling workbook for template 201: fill it in, then validate 201.xlsx"],
    ['$0 init 203 --input data.xlsx --sheet 1 --header-row 2 --header-rows 2 --out m.yaml', 'a workbook with a two-row header'],
  ],
  files: (args) => ({
    inputs: [...commandFile('--input', args['input']), ...commandFile('--template-file', args['template-file'])],
    outputs: [...commandFile('--out', args['out']), ...commandFile('--workbook', args['workbook'])],
  }),
  run: async (args, context) => {
    const tid = idArgument(args['tid'], 'tid');
    if (tid === undefined) throw new UsageError('OPTION_INVALID', 'give a template id');
    const sourceOptions = sourceShapeOptions(args);
    const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
    const workbook = str(args['workbook']);
    if (workbook !== undefined) {
      if (args['input'] !== undefined || args['out'] !== undefined)
        throw new UsageError('OPTION_INVALID', '--workbook writes a workbook, not a mapping: leave out --input and --out', {
          location: { field: '--workbook' },
        });
      if (!/\.xlsx$/i.test(workbook))
        throw new UsageError('OPTION_INVALID', '--workbook must name an .xlsx file', { location: { field: '--workbook' } });
      const { runInitWorkbook } = await import('../../pipeline/run-init-workbook.js');
      const made = await runInitWorkbook(
        { tid, file: workbook, force: args['force'] === true, cwd: context.io.cwd },
        await templateSourceFor(args, context),
      );
      context.io.stderr.write(
        `wrote ${made.file}: template ${made.template.id} "${made.template.title}", ${made.sheets} data sheet(s), ${made.columns} field column(s)\n${made.unsupported.map((f) => `  not in the workbook: ${f} (a table or array inside an array element)\n`).join('')}`,
      );
      return EXIT.ok;
    }
    const options = {
      tid,
      input: str(args['input']),
      sourceOptions,
      out: str(args['out']),
      force: args['force'] === true,
      cwd: context.io.cwd,
    };
    const source = await templateSourceFor(args, context);
    // Loaded on use: the mapping modules pull in mathjs, which other commands and --help do without.
    const { runInit } = await import('../../pipeline/run-init.js');
    const result = await runInit(options, source);
    if (options.out === undefined) context.io.stdout.write(result.text);
    context.io.stderr.write(formatInitSummary(result, options));
    return EXIT.ok;
  },
});
