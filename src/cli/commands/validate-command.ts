import { MgeError } from '../../errors/mge-error.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { choiceOption, numberOption } from '../parse-option.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';
import type { ValidateCommandOptions } from './validate.js';

/** `validate --mapping FILE INPUT...`: the dry run (see {@link validate}). */
export const validateCommand = defineCommand({
  command: 'validate <inputs..>',
  describe: 'dry run: read, map and validate every row against the template, upload nothing',
  settings: ['platform', 'output'],
  // Ctrl-C stops reading, closes the --errors file whole and prints what was read (exit 130).
  handlesSignal: true,
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('inputs', { type: 'string', array: true, describe: 'input files, directories or globs (csv, tsv, xlsx, xls, ods; ** in a glob matches any depth); an existing folder with no table files is nothing to do' })
        .option('mapping', { type: 'string', demandOption: true, describe: 'the mapping file (YAML)' })
        .option('recursive', { type: 'boolean', describe: 'a directory input gives the table files of its sub-directories too (not hidden ones)' })
        .option('errors', { type: 'string', describe: 'write every invalid record with its original cells to FILE (.xlsx, .csv or .jsonl; .xlsx opens in a spreadsheet with exact values and no formulas)' })
        .option('html', { type: 'string', describe: 'write the problems as one self-contained HTML page (counts, charts, a sortable and filterable problem table)' })
        .option('max-errors', { type: 'string', describe: 'stop after N invalid records (MGE_MAX_ERRORS)' })
        .option('methods-width', { type: 'string', describe: 'width of the source.methods mask, 3 or 4 (MGE_METHODS_WIDTH) [default: 3]' }),
    ),
  examples: [
    ['$0 validate --sandbox --mapping mappings/steel_strength.yaml samples/steel_strength.csv', 'validate a sample against the sandbox templates'],
    ['$0 validate --mapping mappings/x.yaml data/*.xlsx --errors errors.xlsx', 'validate several files; invalid rows with their original cells to errors.xlsx'],
    ['$0 validate --mapping mappings/x.yaml data.csv --template-file template-201.json', 'offline, with a saved template'],
    ['$0 validate --mapping mappings/x.yaml data.csv --max-errors 10 --json', 'stop at 10 invalid rows; JSON summary'],
    ['$0 validate --mapping mappings/x.yaml data/*.xlsx --html problems.html', 'the problems as a page to open in a browser or mail'],
  ],
  files: (args) => ({
    inputs: [...commandFile('--mapping', args['mapping']), ...commandFile('--template-file', args['template-file'])],
    inputPatterns: { option: '<inputs>', patterns: ((args['inputs'] as unknown[] | undefined) ?? []).map(String), recursive: args['recursive'] === true },
    outputs: [...commandFile('--errors', args['errors']), ...commandFile('--html', args['html'])],
  }),
  run: async (args, context) => {
    const inputs = (args['inputs'] as unknown[] | undefined ?? []).map(String);
    const maxErrors = numberOption(args['max-errors'], 'max-errors', { integer: true, min: 1 }) ?? context.settings.maxErrors;
    const width = choiceOption(args['methods-width'] === undefined ? undefined : String(args['methods-width']), 'methods-width', ['3', '4']);
    const mapping = args['mapping'];
    if (typeof mapping !== 'string' || mapping === '') throw new MgeError('usage', 'OPTION_INVALID', 'give the mapping file with --mapping FILE', { location: { field: '--mapping' } });
    const errors = args['errors'];
    const html = args['html'];
    const options: ValidateCommandOptions = {
      mappingFile: mapping,
      inputs,
      recursive: args['recursive'] === true,
      errorsFile: typeof errors === 'string' && errors !== '' ? errors : undefined,
      htmlFile: typeof html === 'string' && html !== '' ? html : undefined,
      maxErrors,
      methodsWidth: width === undefined ? context.settings.methodsWidth : width === '4' ? 4 : 3,
      json: context.settings.json,
    };
    const source = await templateSourceFor(args, context);
    // Loaded on use: the mapping stage pulls in mathjs, which other commands and --help do without.
    const { validate } = await import('./validate.js');
    return validate(options, source, context.io, context.signal);
  },
});
