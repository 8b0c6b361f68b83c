import { displayPath } from '../../util/display-path.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { EXIT } from '../exit-codes.js';
import { methodsWidthOption, numberOption, numeric } from '../parse-option.js';
import { formatPreview, previewJson } from '../render/format-preview.js';
import { formatWarning } from '../render/format-warning.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';
import { UsageError } from '../usage-error.js';
import { INPUT_OPTIONS } from '../input-options.js';
import { workbookOptions } from '../workbook-options.js';

/** Records shown when `--rows` is not given: a screenful, enough to see a mapping at work. */
const DEFAULT_ROWS = 5;

/** `preview --mapping FILE INPUT...`: the first records as they will be sent (see `runPreview`). */
export const previewCommand = defineCommand({
  command: 'preview <inputs..>',
  describe: 'show the first records exactly as they will be sent, each value beside its cell and unit conversion',
  settings: ['platform', 'output'],
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('inputs', {
          type: 'string',
          array: true,
          describe: 'input files, directories or globs (csv, tsv, xlsx, xls, ods), read in the order validate and ingest read them',
        })
        .options(INPUT_OPTIONS)
        .option('rows', numeric({ describe: `how many records to show, from the first [default: ${DEFAULT_ROWS}]` }))
        .option('methods-width', numeric({ describe: 'width of the source.methods mask, 3 or 4 (MGE_METHODS_WIDTH) [default: 3]' }))
        .epilogue(
          'Reads only the records it shows and uploads nothing. Exit codes: 0 every record shown is valid (or nothing to preview); 1 some record shown is invalid (its problems are listed under it); 2 mapping, template or input problem.',
        ),
    ),
  examples: [
    [
      '$0 preview --sandbox --mapping mappings/steel_strength.yaml samples/steel_strength.csv',
      'the first 5 records of a sample, as a tree',
    ],
    [
      '$0 preview --mapping mappings/x.yaml data.xlsx --rows 1 --json',
      'the first record as JSON: the body sent and where each value came from',
    ],
    ['$0 preview --mapping mappings/x.yaml data.csv --template-file template-201.json', 'offline, with a saved template'],
  ],
  files: (args) => ({
    inputs: [...commandFile('--mapping', args['mapping']), ...commandFile('--template-file', args['template-file'])],
    inputPatterns: {
      option: '<inputs>',
      patterns: ((args['inputs'] as unknown[] | undefined) ?? []).map(String),
      recursive: args['recursive'] === true,
    },
  }),
  run: async (args, context) => {
    const { io, settings } = context;
    const mapping = typeof args['mapping'] === 'string' && args['mapping'] !== '' ? args['mapping'] : undefined;
    if (args['mapping'] !== undefined && mapping === undefined)
      throw new UsageError('OPTION_INVALID', 'give the mapping file with --mapping FILE', { location: { field: '--mapping' } });
    if (mapping !== undefined && args['layout'] !== undefined)
      throw new UsageError('OPTION_INVALID', '--layout reads the input without a mapping: leave out --mapping', {
        location: { field: '--layout' },
      });
    const rows = numberOption(args['rows'], 'rows', { integer: true, min: 1 }) ?? DEFAULT_ROWS;
    const template = await templateSourceFor(args, context);
    const name = (file: string): string => displayPath(io.cwd, file);
    // Loaded on use: the mapping stage pulls in mathjs, which other commands and --help do without.
    const { runPreview } = await import('../../pipeline/run-preview.js');
    const result = await runPreview(
      {
        mappingFile: mapping,
        workbook: workbookOptions(args),
        inputs: ((args['inputs'] as unknown[] | undefined) ?? []).map(String),
        recursive: args['recursive'] === true,
        cwd: io.cwd,
        methodsWidth: methodsWidthOption(args, settings),
        rows,
      },
      { template, onWarning: (w) => io.stderr.write(formatWarning(w, name)) },
    );
    io.stdout.write(settings.json ? `${JSON.stringify(previewJson(result, name), null, 2)}\n` : formatPreview(result, name));
    return result.records.some((r) => r.problems.length > 0) ? EXIT.rowsToCheck : EXIT.ok;
  },
});
