import { idArgument, numeric } from './parse-option.js';

/** What `validate` and `ingest` take for a platform workbook read without a mapping (docs/platform-workbook.md → Meta). */
export interface WorkbookFlags {
  readonly tid: number | undefined;
  readonly layout: 'platform' | 'flat' | 'json' | undefined;
  readonly meta: {
    readonly source?: string;
    readonly methods?: string;
    readonly reference?: string;
    readonly title?: string;
    readonly abstract?: string;
    readonly keywords?: string;
  };
}

/** `--layout`, `--template`, `--source`, `--methods`, `--reference`, `--title`, `--abstract`, `--keywords` as given (checked by the mapping checker like a mapping's own meta). */
export function workbookOptions(args: Record<string, unknown>): WorkbookFlags {
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const source = text(args['source']);
  const methods = text(args['methods']);
  const reference = text(args['reference']);
  const rest = Object.fromEntries(
    (['title', 'abstract', 'keywords'] as const).flatMap((k) => (text(args[k]) === undefined ? [] : [[k, text(args[k])!]])),
  );
  const layout = args['layout'];
  return {
    layout: layout === 'platform' || layout === 'flat' || layout === 'json' ? layout : undefined,
    tid: args['template'] === undefined ? undefined : idArgument(args['template'], 'template'),
    meta: {
      ...(source === undefined ? {} : { source }),
      ...(methods === undefined ? {} : { methods }),
      ...(reference === undefined ? {} : { reference }),
      ...rest,
    },
  };
}

/** The options of `validate` and `ingest` for the platform's layouts read without a mapping. */
export const WORKBOOK_OPTIONS = {
  layout: {
    type: 'string',
    choices: ['platform', 'flat', 'json'],
    describe:
      'read the one input in a layout of the platform without a mapping: platform (its workbook; found by its template-id cell), flat (its flat export), json (its JSON import file; found by .json) (docs/platform-workbook.md)',
  },
  template: numeric({
    describe: 'without a mapping: the template id, when the input does not name it (the flat export never does)',
  }),
  source: { type: 'string', describe: 'without a mapping: meta.source of every record, 10 (own) or 01 (excerpted)' },
  methods: { type: 'string', describe: 'without a mapping: meta.source.methods, e.g. experiment,computation or a bit string' },
  reference: { type: 'string', describe: 'without a mapping: meta.source.reference (required with --source 01)' },
  title: { type: 'string', describe: 'with --layout flat: the records\' title, a text that may name cells ("{牌号} tensile test")' },
  abstract: { type: 'string', describe: "with --layout flat: the records' abstract" },
  keywords: { type: 'string', describe: "with --layout flat: the records' keywords, separated by commas" },
} as const;
