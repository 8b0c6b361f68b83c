import type { SourceOptions } from '../../sources/source-options.js';
import type { MappingProblem } from '../mapping-problem.js';
import type { SpecMap, SpecPos } from './spec-node.js';
import type { MethodsWidth } from '../../template/record-types.js';

/** A column name together with where the mapping wrote it. */
export interface ColumnRef extends SpecPos {
  readonly name: string;
  /** The comment after the name on its line, when it was written unquoted (see `SpecScalar.lineRest`). */
  readonly lineRest?: string;
}

/** A loaded mapping file: typed top-level settings, and the `meta`/`content` trees still as nodes. */
export interface MappingSpec {
  /** The mapping file as the user named it. */
  readonly file: string;
  readonly version: 1;
  /** Template id (`template: 201`). */
  readonly template: number;
  /** `pub_date` of the template the mapping was written against, when recorded. */
  readonly templatePubDate: string | undefined;
  /** How to read the input (`input:`), exactly the reader's options. */
  readonly input: SourceOptions;
  /** Columns that identify a record across runs. @default [] (the record hash) */
  readonly key: readonly ColumnRef[];
  /** Consecutive rows sharing these columns make one record. @default [] (one row, one record) */
  readonly groupBy: readonly ColumnRef[];
  /**
   * What a second row with an earlier row's key is: `refuse`, always `DUPLICATE_KEY`; `identical-ok`,
   * a `duplicate` (not sent, not invalid) when its record equals that earlier row's (a dataset that
   * holds a row twice). @default 'refuse'
   */
  readonly duplicates: 'refuse' | 'identical-ok';
  /** Overrides the run's methods width setting. */
  readonly methodsWidth: MethodsWidth | undefined;
  /** Decimal separator of numbers written as text. @default '.' */
  readonly decimal: '.' | ',';
  readonly meta: SpecMap | undefined;
  readonly content: SpecMap | undefined;
  /** Where the top-level mapping starts (line 1). */
  readonly pos: SpecPos;
  /** Problems found while loading (unknown top-level keys, bad `input:` values); reported by `checkMapping`. */
  readonly problems: readonly MappingProblem[];
}

/** What `loadMapping` returns. */
export interface LoadedMapping {
  readonly spec: MappingSpec;
  /** The mapping text, for fingerprints in the report. */
  readonly text: string;
}
