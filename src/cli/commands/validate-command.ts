import { displayPath } from '../../util/display-path.js';
import { packageVersion } from '../../util/package-info.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { MAX_ERRORS_EPILOGUE, exitCodeForRun } from '../exit-codes.js';
import { maxErrorsOption, methodsWidthOption, numeric } from '../parse-option.js';
import { formatValidateSummary, validateJson } from '../render/format-validate-summary.js';
import { createProgress } from '../render/create-progress.js';
import { formatWarning } from '../render/format-warning.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';
import { UsageError } from '../usage-error.js';
import { INPUTS_DESCRIPTION, INPUT_OPTIONS } from '../input-options.js';
import { workbookOptions } from '../workbook-options.js';

/**
 * Problems `validate --json` lists at most (about 300 bytes each, so some 30 MB); past it they are
 * counted (`problemsOmitted`), and `--errors FILE.jsonl` has every one.
 */
const JSON_PROBLEMS_KEPT = 100_000;

/** `validate --mapping FILE INPUT...`: the dry run (see `runValidate`). */
export const validateCommand = defineCommand({
  command: 'validate <inputs..>',
  describe: 'dry run: read, map and validate every row against the template, upload nothing',
  settings: ['platform', 'output', 'progress'],
  // Ctrl-C stops reading, closes the --errors file whole and prints what was read (exit 130).
  handlesSignal: true,
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('inputs', { type: 'string', array: true, describe: INPUTS_DESCRIPTION })
        .options(INPUT_OPTIONS)
        .option('errors', {
          type: 'string',
          describe:
            'write every invalid record with its original cells to FILE (.xlsx, .csv or .jsonl; .xlsx opens in a spreadsheet with exact values and no formulas)',
        })
        .option('annotate', {
          type: 'string',
          describe:
            'write a copy of the input (.xlsx) with every problem on its cell: filled, with a note, a status column, and a first sheet "Problems" linking to each',
        })
        .option('html', {
          type: 'string',
          describe: 'write the problems as one self-contained HTML page (counts, charts, a sortable and filterable problem table)',
        })
        .option(
          'max-errors',
          numeric({
            describe:
              'stop after N invalid records: the run ends early (MAX_ERRORS_REACHED, exit 1), the rest of the input is not read (MGE_MAX_ERRORS)',
          }),
        )
        .option('methods-width', numeric({ describe: 'width of the source.methods mask, 3 or 4 (MGE_METHODS_WIDTH) [default: 3]' }))
        .epilogue(
          [
            'Exit codes: 0 every record valid (or nothing to validate); 1 some records invalid, or rows of a platform workbook that belong to no record; 2 mapping, template or input problem; 130 interrupted.',
            MAX_ERRORS_EPILOGUE,
          ].join('\n'),
        ),
    ),
  examples: [
    [
      '$0 validate --sandbox --mapping mappings/steel_strength.yaml samples/steel_strength.csv',
      'validate a sample against the sandbox templates',
    ],
    [
      '$0 validate --mapping mappings/x.yaml data/*.xlsx --errors errors.xlsx',
      'validate several files; invalid rows with their original cells to errors.xlsx',
    ],
    ['$0 validate --mapping mappings/x.yaml data.csv --template-file template-201.json', 'offline, with a saved template'],
    ['$0 validate --mapping mappings/x.yaml data.csv --max-errors 10 --json', 'stop at 10 invalid rows; JSON summary'],
    ['$0 validate --mapping mappings/x.yaml data/*.xlsx --html problems.html', 'the problems as a page to open in a browser or mail'],
    [
      '$0 validate 201.xlsx --source 01 --methods experiment --reference "lab book" --annotate checked.xlsx',
      "the platform's own workbook (init 201 --workbook), no mapping; the workbook back with every problem on its cell",
    ],
  ],
  files: (args) => ({
    inputs: [...commandFile('--mapping', args['mapping']), ...commandFile('--template-file', args['template-file'])],
    inputPatterns: {
      option: '<inputs>',
      patterns: ((args['inputs'] as unknown[] | undefined) ?? []).map(String),
      recursive: args['recursive'] === true,
    },
    outputs: [
      ...commandFile('--errors', args['errors']),
      ...commandFile('--html', args['html'], { replaced: true }),
      ...commandFile('--annotate', args['annotate'], { replaced: true }),
    ],
  }),
  run: async (args, context) => {
    const { io, settings } = context;
    const named = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
    const mapping = named(args['mapping']);
    if (args['mapping'] !== undefined && mapping === undefined)
      throw new UsageError('OPTION_INVALID', 'give the mapping file with --mapping FILE', { location: { field: '--mapping' } });
    if (mapping !== undefined && args['layout'] !== undefined)
      throw new UsageError('OPTION_INVALID', '--layout reads the input without a mapping: leave out --mapping', {
        location: { field: '--layout' },
      });
    const options = {
      mappingFile: mapping,
      workbook: workbookOptions(args),
      inputs: ((args['inputs'] as unknown[] | undefined) ?? []).map(String),
      recursive: args['recursive'] === true,
      cwd: io.cwd,
      errorsFile: named(args['errors']),
      htmlFile: named(args['html']),
      annotateFile: named(args['annotate']),
      maxErrors: maxErrorsOption(args, settings),
      methodsWidth: methodsWidthOption(args, settings),
      version: packageVersion(),
      // --json lists every problem, up to a bound that keeps memory in hand on a huge broken file.
      keepProblems: settings.json ? JSON_PROBLEMS_KEPT : undefined,
    };
    const template = await templateSourceFor(args, context);
    const name = (file: string): string => displayPath(io.cwd, file);
    // Loaded on use: the mapping stage pulls in mathjs, which other commands and --help do without.
    const { runValidate } = await import('../../pipeline/run-validate.js');
    // Progress as ingest shows it: a live bar on a terminal, a plain line every --progress-interval otherwise.
    const progress = createProgress({
      stream: io.stderr,
      tty: io.stderrIsTty ?? false,
      quiet: settings.quiet,
      intervalMs: settings.progressIntervalMs,
      lastLine: 'after-first',
    });
    let result: Awaited<ReturnType<typeof runValidate>>;
    try {
      result = await runValidate(options, {
        template,
        signal: context.signal,
        onWarning: (w) => io.stderr.write(formatWarning(w, name)),
        onStart: (reading) => progress.start(() => 0, undefined, reading),
        onRecord: (valid) => progress.outcome({ type: valid ? 'valid' : 'invalid' }),
      });
    } finally {
      progress.stop();
    }
    if (settings.json) io.stdout.write(`${JSON.stringify(validateJson(result, name), null, 2)}\n`);
    else if (result.interruptedBeforeRows) io.stderr.write(formatValidateSummary(result, name));
    else io.stdout.write(formatValidateSummary(result, name));
    return exitCodeForRun({
      interrupted: result.interrupted,
      stoppedEarly: result.summary.stoppedBy !== undefined,
      rowsToCheck: result.summary.invalid + result.summary.stray,
    });
  },
});
