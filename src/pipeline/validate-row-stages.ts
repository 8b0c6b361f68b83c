import type { ReadTracker } from './create-read-progress.js';
import type { PreparedInput } from './job/prepare-inputs.js';
import { guardDuplicateKeys } from './stages/guard-duplicate-keys.js';
import { limitErrors, type ErrorLimit } from './stages/limit-errors.js';
import { mapInputs } from './stages/map-inputs.js';

/** What {@link validateRowStages} composes the stages from. */
export interface ValidateRowPlan {
  readonly maxErrors: number | undefined;
  /** The mapping's `duplicates: identical-ok`. */
  readonly identicalOk: boolean;
  readonly progress: ReadTracker;
  /** Called when a file is opened, before its first row. */
  readonly onFile: () => void;
  readonly signal?: AbortSignal | undefined;
}

/**
 * `validate`'s stages: map → duplicate keys refused → `--max-errors`, as ingest has them: a key used
 * twice would upload twice or be skipped on resume, and every command stops at the same row.
 */
export function validateRowStages(inputs: readonly PreparedInput[], plan: ValidateRowPlan): ErrorLimit {
  return limitErrors(
    guardDuplicateKeys(
      mapInputs(inputs, { ...(plan.signal ? { signal: plan.signal } : {}), onFile: plan.onFile, progress: plan.progress }),
      undefined,
      { identicalOk: plan.identicalOk },
    ),
    plan.maxErrors,
  );
}
