import { WORKBOOK_OPTIONS } from './workbook-options.js';

/** What the `<inputs..>` of `validate` and `ingest` may be. */
export const INPUTS_DESCRIPTION =
  'input files, directories or globs (csv, tsv, xlsx, xls, ods; ** in a glob matches any depth); an existing folder with no table files is nothing to do';

/**
 * The options that say how the inputs of `validate`, `ingest` and `preview` are read: the mapping (or,
 * without one, the platform's layouts and the meta they lack) and whether folders are read down.
 */
export const INPUT_OPTIONS = {
  mapping: {
    type: 'string',
    describe: "the mapping file (YAML); without it the one input is read as the platform's workbook (docs/platform-workbook.md)",
  },
  ...WORKBOOK_OPTIONS,
  recursive: {
    type: 'boolean',
    describe: 'a directory input gives the table files of its sub-directories too (not hidden ones)',
  },
} as const;
