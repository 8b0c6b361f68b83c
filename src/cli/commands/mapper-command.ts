import path from 'node:path';
import { displayPath } from '../../util/display-path.js';
import { packageVersion } from '../../util/package-info.js';
import { commandFile } from '../check-command-files.js';
import { defineCommand } from '../define-command.js';
import { EXIT } from '../exit-codes.js';
import { idArgument, methodsWidthOption, numberOption, numeric } from '../parse-option.js';
import { shellQuote } from '../render/shell-quote.js';
import { sourceShapeOptions } from '../source-shape-options.js';
import { addTemplateSourceOptions, templateSourceFor } from '../template-source-options.js';
import { UsageError } from '../usage-error.js';
import { openInBrowser } from '../open-in-browser.js';

/** The mapping a new page writes when `--mapping` is not given: the input's name as `.yaml`, in the working folder. */
export function defaultMappingFile(input: string): string {
  return `${path.basename(input).replace(/\.[^.]+$/, '')}.yaml`;
}

/** `mapper INPUT --template TID [--mapping FILE]`: a local page to make or edit a mapping (see `openMapperSession`). */
export const mapperCommand = defineCommand({
  command: 'mapper <input>',
  describe: "make or edit a mapping in a local web page: a column for each field, the first records and validate's counts as you go",
  settings: ['platform'],
  // Ctrl-C closes the page's server; the mapping is written only by its Save button.
  handlesSignal: true,
  builder: (y) =>
    addTemplateSourceOptions(
      y
        .positional('input', { type: 'string', describe: 'the data file (csv, tsv, xlsx, xls, ods) the mapping reads' })
        .option('template', {
          type: 'string',
          describe: 'template id of a new mapping (see `templates list`); an existing mapping names its own',
        })
        .option('mapping', {
          type: 'string',
          describe:
            'the mapping file: edited when it exists, else written new; the only file the page writes [default: INPUT name .yaml here]',
        })
        .option('sheet', { type: 'string', describe: "sheet of a new mapping's input, by name or 1-based index [default: the first]" })
        .option('header-row', numeric({ describe: "the (last) header row of a new mapping's input [default: 1]" }))
        .option('header-rows', numeric({ describe: "how many rows make the header of a new mapping's input [default: 1]" }))
        .option('port', numeric({ describe: 'port on 127.0.0.1 [default: a free one]' }))
        .option('open', { type: 'boolean', default: true, describe: 'open the page in the browser; --no-open only prints its address' })
        .option('methods-width', numeric({ describe: 'width of the source.methods mask, 3 or 4 (MGE_METHODS_WIDTH) [default: 3]' }))
        .epilogue(
          "The page is served on 127.0.0.1 only, to the printed link (its token works once), and reads only INPUT and the mapping; Save writes the mapping as init writes it, keeping an existing file's comments. Ctrl-C ends it. Exit codes: 0 ended; 2 template, mapping or input problem.",
        ),
    ),
  examples: [
    [
      '$0 mapper results.csv --template 201 --mapping mappings/results.yaml',
      'a new mapping of results.csv for template 201, made in the browser',
    ],
    ['$0 mapper results.xlsx --mapping mappings/results.yaml', 'edit an existing mapping with the data beside it'],
    ['$0 mapper samples/steel_strength.csv --template 201 --sandbox --no-open', 'with the sandbox templates; print the address only'],
  ],
  files: (args) => ({
    inputs: [...commandFile('<input>', args['input']), ...commandFile('--template-file', args['template-file'])],
    outputs: commandFile(
      '--mapping',
      typeof args['mapping'] === 'string' ? args['mapping'] : defaultMappingFile(String(args['input'] ?? '')),
      {
        replaced: true,
      },
    ),
  }),
  run: async (args, context) => {
    const { io, settings } = context;
    const input = typeof args['input'] === 'string' && args['input'] !== '' ? args['input'] : undefined;
    if (input === undefined)
      throw new UsageError('OPTION_INVALID', 'give the data file the mapping reads', { location: { field: '<input>' } });
    const mappingFile = typeof args['mapping'] === 'string' && args['mapping'] !== '' ? args['mapping'] : defaultMappingFile(input);
    const sourceOptions = sourceShapeOptions(args);
    const port = numberOption(args['port'], 'port', { integer: true, min: 0, max: 65535 }) ?? 0;
    const template = await templateSourceFor(args, context);
    // The template as this command had it, so the lines run as they are.
    const source = `${typeof args['template-file'] === 'string' ? ` --template-file ${shellQuote(args['template-file'])}` : ''}${args['sandbox'] === true ? ' --sandbox' : ''}`;
    const [m, i] = [shellQuote(mappingFile), shellQuote(input)];
    const report = shellQuote(`${path.basename(mappingFile).replace(/\.[^.]+$/, '')}.report.jsonl`);
    // Loaded on use: the page's server and the mapping stages, which other commands and --help do without.
    const { openMapperSession } = await import('../../mapper/mapper-session.js');
    const { startMapperServer } = await import('../../mapper/start-mapper-server.js');
    const session = await openMapperSession(
      {
        input,
        mappingFile,
        tid: args['template'] === undefined ? undefined : idArgument(args['template'], 'template'),
        sourceOptions,
        cwd: io.cwd,
        methodsWidth: methodsWidthOption(args, settings),
        version: packageVersion(),
        next: [`mge-ingest validate --mapping ${m} ${i}${source}`, `mge-ingest ingest --mapping ${m} --report ${report} ${i}${source}`],
      },
      { template },
    );
    const server = await startMapperServer(session, {
      port,
      onError: (error) => context.logger.error({ err: error }, 'mapper request failed'),
    }).catch((error: unknown) => {
      session.close();
      const code = (error as NodeJS.ErrnoException).code;
      throw code === 'EADDRINUSE'
        ? new UsageError('OPTION_INVALID', `port ${port} on 127.0.0.1 is in use`, {
            location: { field: '--port' },
            hint: 'Leave out --port to take a free one.',
          })
        : error;
    });
    const name = displayPath(io.cwd, path.resolve(io.cwd, mappingFile));
    io.stderr.write(
      `mapper: ${session.state().existing ? 'editing' : 'making'} ${name} for ${input}, template ${session.template.id}; Ctrl-C ends\n`,
    );
    io.stdout.write(`${server.url}\n`);
    if (args['open'] !== false) openInBrowser(server.url);
    await new Promise<void>((done) =>
      context.signal.aborted ? done() : context.signal.addEventListener('abort', () => done(), { once: true }),
    );
    session.close();
    await server.close();
    const state = session.state();
    io.stderr.write(state.dirty ? `mapper: ended with changes not saved to ${name}\n` : `mapper: ended; ${name} is saved\n`);
    return EXIT.ok;
  },
});
