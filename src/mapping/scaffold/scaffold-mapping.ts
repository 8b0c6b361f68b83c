import type { SourceOptions } from '../../sources/source-options.js';
import type { Template } from '../../template/template-types.js';
import type { MappingProposal } from '../header-match/proposal-types.js';
import { fieldLines, fieldMatches, q } from './scaffold-field-lines.js';

/** Options of {@link scaffoldMapping}. */
export interface ScaffoldOptions {
  /** What the matcher proposes for the input (`proposeMapping`). @default undefined (every column left to fill in) */
  readonly proposal?: MappingProposal | undefined;
  /** The input file name, written in the opening comment. */
  readonly inputName?: string | undefined;
  /** How the input is read (sheet, header rows …), written as the mapping's `input:`. @default {} (header row 1) */
  readonly input?: SourceOptions;
}

/** The `input:` section for the reader settings the header was read with. */
function inputSection(options: SourceOptions): string[] {
  const out = ['input:'];
  if (options.sheet !== undefined)
    out.push(`  sheet: ${typeof options.sheet === 'number' ? options.sheet : JSON.stringify(options.sheet)}`);
  out.push(`  headerRow: ${options.headerRow ?? 1}`);
  if (options.headerRows !== undefined) out.push(`  headerRows: ${options.headerRows}`);
  if (options.dataStartRow !== undefined) out.push(`  dataStartRow: ${options.dataStartRow}`);
  if (options.skipRows !== undefined && options.skipRows.length > 0) out.push(`  skipRows: [${options.skipRows.join(', ')}]`);
  if (options.encoding !== undefined && options.encoding !== 'auto') out.push(`  encoding: ${options.encoding}`);
  if (options.delimiter !== undefined && options.delimiter !== 'auto')
    out.push(`  delimiter: ${options.delimiter === '\t' ? 'tab' : JSON.stringify(options.delimiter)}`);
  return out;
}

const list = (headers: readonly string[]): string => `[${headers.map(q).join(', ')}]`;

/** `groupBy:` and `key:` as proposed, or the key as a comment to fill in. */
function recordLines(proposal: MappingProposal | undefined): string[] {
  const out: string[] = [];
  if (proposal && proposal.groupBy.length > 0)
    out.push(`groupBy: ${list(proposal.groupBy)}   # consecutive rows with the same value here make one record`);
  const key = proposal?.key;
  if (key === undefined) out.push('# key: [a column that identifies a record]');
  else out.push(`${key.sure ? '' : '# '}key: ${list(key.headers)}   # ${key.sure ? '' : '? guess: '}${key.reason}`);
  return out;
}

/**
 * Writes a commented mapping of every template field. With a proposal, sure columns are live, guesses
 * commented with their score; a required field without a sure column gets `FILL_IN`, which
 * `checkMapping` rejects (`MAPPING_PLACEHOLDER`) until filled in (docs/mapping.md#starting-a-mapping-with-init).
 */
export function scaffoldMapping(template: Template, options: ScaffoldOptions = {}): string {
  const proposal = options.proposal;
  const out: string[] = [
    `# Mapping for template ${template.id} (${template.title})${options.inputName ? ` and ${options.inputName}` : ''}.`,
    '# Replace every FILL_IN; uncomment the optional fields you have. Format: docs/mapping.md',
  ];
  if (proposal) {
    out.push(`# Columns were matched to fields from the header and the first ${proposal.rowsRead} rows: check the live`);
    out.push('# lines; "# ? guess" lines are matches too unsure to use as they are (score 0..1).');
  }
  out.push(
    'version: 1',
    `template: ${template.id}`,
    `templatePubDate: ${JSON.stringify(template.pubDate)}`,
    ...inputSection(options.input ?? {}),
    ...recordLines(proposal),
  );
  out.push(
    'meta:',
    '  title: FILL_IN            # text; {column} placeholders allowed',
    '  abstract: FILL_IN',
    '  keywords: [FILL_IN]       # or {column: X} split on , ， ; ；',
    '  source: {source: "10", methods: [experiment]}   # "01" needs reference; methods: computation, experiment, production',
    '  public_date: 0',
    '  public_range: 0',
    'content:',
  );
  const matches = fieldMatches(proposal);
  for (const f of template.fields) fieldLines(f, '  ', matches, out, false);
  if (proposal) {
    const unmatched = unmatchedFields(template, matches);
    out.push('');
    for (const u of proposal.unitColumns)
      out.push(`# Column ${JSON.stringify(u.header)} gives the unit of ${JSON.stringify(u.of)} (${u.unit}).`);
    out.push(
      `# Columns not used: ${proposal.unusedHeaders.length === 0 ? '(none)' : proposal.unusedHeaders.map((h) => JSON.stringify(h)).join(', ')}`,
    );
    out.push(`# Fields without a column: ${unmatched.length === 0 ? '(none)' : unmatched.join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}

/** Paths of the fields that no sure proposal fills (tables and column fields at any depth). */
export function unmatchedFields(template: Template, matches: ReturnType<typeof fieldMatches>): string[] {
  const out: string[] = [];
  const walk = (f: (typeof template.fields)[number]): void => {
    if (f.type === 'container') f.fields.forEach(walk);
    else if (f.type === 'generator') f.options.forEach(walk);
    else if (matches.byField.get(f)?.sure !== true && matches.byTable.get(f)?.sure !== true) out.push(f.path);
  };
  template.fields.forEach(walk);
  return out;
}
