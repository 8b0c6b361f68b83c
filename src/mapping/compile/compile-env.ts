import type { Field } from '../../template/template-types.js';
import type { SpecPos } from '../load/spec-node.js';
import type { ResolveColumn } from './compile-value.js';

/** What compiling needs from the header. */
export interface CompileEnv {
  readonly resolve: ResolveColumn;
  /** The unit written in a column's header, if any. */
  readonly headerUnit: (column: number) => string | undefined;
  readonly decimal: '.' | ',';
  /** Reports a conversion the units library cannot do (a mapping problem, not a row problem). */
  readonly unitProblem: (pos: SpecPos, field: Field, from: string, to: string) => void;
  /** Told each column whose cell, as it is, a number field reads (for the annotated copy's number cells). */
  readonly readsNumber?: (column: number) => void;
  /** The environment for values read from every grouped row (`fromRows`); the same one when absent. */
  readonly rowsEnv?: CompileEnv;
}
