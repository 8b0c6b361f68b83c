import { stringify } from 'yaml';
import { detectRowGroups } from '../mapping/header-match/detect-row-groups.js';
import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { SourceHeader } from '../sources/source-types.js';
import type { CellValue } from '../sources/source-types.js';
import type { MappingLooksGroupedWarning } from './pipeline-warning.js';

/** Rows of the first input kept to judge its layout: as many as `init` reads a sample of, at most. */
const SAMPLE_ROWS = 1000;

/** Problems of a row's key alone, which a grouped layout does not explain. */
const KEY_CODES: ReadonlySet<string> = new Set(['DUPLICATE_KEY', 'KEY_BLANK']);

/**
 * A YAML flow list of `names` to paste into the mapping as it is: a header holding `: `, ` #`, a comma
 * or a bracket, or reading as a number or `true`, is quoted.
 */
export function flowList(names: readonly string[]): string {
  const text = stringify([...names], { collectionStyle: 'flow', lineWidth: 0 }).trim();
  return text.replace(/^\[ (.*) \]$/s, '[$1]');
}

/** Watches the records of a mapping without `groupBy` for a layout of one record over several rows. */
export interface GroupSniffer {
  /** Called with each record as it passes (only the first input's first rows are kept). */
  add(row: MappedRow): void;
  /** The warning, when the rows looked grouped and some record was invalid; else undefined. */
  finish(counts: { readonly records: number; readonly invalid: number }): MappingLooksGroupedWarning | undefined;
}

/**
 * A {@link GroupSniffer} for the first input's header: a grouped layout without `groupBy` ends in
 * "0 valid" with no word why, so `init`'s `detectRowGroups` names the columns to group by.
 */
export function createGroupSniffer(header: SourceHeader): GroupSniffer {
  const keys = header.names.map((n, i) => n || header.columns[i] || String(i));
  const rows: (readonly CellValue[])[] = [];
  // Records invalid for more than their key (a duplicate or blank key is its own problem, which a
  // groupBy would not solve): without one, there is nothing the layout would explain.
  let unexplained = 0;
  return {
    add(row) {
      if (row.problems.some((p) => !KEY_CODES.has(p.code))) unexplained++;
      if (rows.length >= SAMPLE_ROWS || row.location.file !== header.file) return;
      const values = row.sourceValues;
      rows.push(keys.map((k) => values[k] ?? null));
    },
    finish({ records, invalid }) {
      if (invalid === 0 || unexplained === 0) return undefined;
      const found = detectRowGroups(header.names, rows);
      if (found === undefined) return undefined;
      const groupBy = found.keyColumns.map((c) => header.names[c] ?? '');
      const varying = found.varying.map((c) => header.names[c] ?? '').filter((n) => n !== '');
      return {
        code: 'MAPPING_LOOKS_GROUPED',
        file: header.file,
        groupBy,
        varying,
        lines: [
          `add \`groupBy: ${flowList(groupBy)}\` to make one record of the rows that share ${groupBy.length === 1 ? 'it' : 'them'}`,
          `and read the columns that change within a record (${varying.slice(0, 5).join(', ')}${varying.length > 5 ? ', …' : ''}) with \`fromRows\` (see docs/mapping.md → groupBy)`,
        ],
        message: `${invalid} of ${records} record(s) invalid, and the rows look like records over several rows: ${found.groups} groups in the first ${rows.length} rows share their leading column(s), but the mapping has no \`groupBy\`, so each row is read as a record of its own`,
      };
    },
  };
}
