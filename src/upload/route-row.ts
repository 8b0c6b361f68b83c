import type { MappedRow } from '../mapping/rows/mapped-row.js';
import type { KeyRecord, LedgerState } from '../report/fold-report.js';
import { planResume, type ResumeOptions } from '../report/plan-resume.js';
import type { EarlyStop, ReportLocation, ResendOf } from '../report/report-lines.js';
import type { OutcomeInput, RowBase, RowToSend } from './send-row.js';

/** Where one row goes: straight to its outcome line, or to the queue to be sent. */
export type Route =
  | { readonly type: 'outcome'; readonly line: OutcomeInput }
  /** An outcome counted in the summary line but not written: a row skipped as uploaded before. */
  | { readonly type: 'count'; readonly line: OutcomeInput }
  | { readonly type: 'send'; readonly row: RowToSend };

/** What the router decided for one row, and the row limit it reached, if this row reached one. */
export interface Routed {
  readonly route: Route;
  /** Set on the row past `--max-changes`: its `changed` line is written, it is not sent, the run stops. */
  readonly stop: EarlyStop | undefined;
}

/** Options of {@link createRowRouter}. */
export interface RowRouterOptions {
  /** The ledger of earlier runs on this report; undefined for a fresh report. */
  readonly previous: LedgerState | undefined;
  readonly resume: ResumeOptions;
  /** Stop once more rows than this are `changed`; undefined: no limit. */
  readonly maxChanges: number | undefined;
  /** The part digests of a record's JSON text, for a `changed` line. @default none written */
  readonly fieldDigests?: ((body: string) => string | undefined) | undefined;
}

/** Routes rows one by one, in read order (see {@link createRowRouter}). */
export interface RowRouter {
  route(row: MappedRow): Routed;
}

/** Where a row came from, as its report lines record it (every source row with `groupBy`). */
export function reportLocation(row: MappedRow): ReportLocation {
  const { file, sheet, row: line } = row.location;
  return { file, ...(sheet !== undefined ? { sheet } : {}), row: line, ...(row.rowNumbers.length > 1 ? { rows: row.rowNumbers } : {}) };
}

/** Where an earlier run left a row uncertain, for the outcome line of its re-send. */
function resendOf(known: KeyRecord | undefined): ResendOf {
  const since = known?.uncertainSince;
  return {
    ...(since?.runId !== undefined ? { runId: since.runId } : {}),
    ...(since !== undefined ? { at: since.at } : {}),
    ...(known?.reason !== undefined ? { reason: known.reason } : {}),
  };
}

/**
 * The row router: `planResume`'s decision as an outcome line or a send (upload, retry, re-send marked
 * `resendOf`, changed row marked `replaces`). Pure but for counting `changed` rows in read order, so the
 * row past `maxChanges` is the same every run; it gets its line and is not sent.
 */
export function createRowRouter(options: RowRouterOptions): RowRouter {
  const { previous, resume } = options;
  const maxChanges = options.maxChanges ?? Number.POSITIVE_INFINITY;
  let changed = 0;
  const outcome = (line: OutcomeInput, stop?: EarlyStop): Routed => ({ route: { type: 'outcome', line }, stop });
  const skipUploaded = (row: MappedRow, base: RowBase, known: KeyRecord | undefined): Routed => {
    const id = known?.uploaded?.id;
    // A source digest the ledger does not hold for the key is written, so the next run skips the row
    // unmapped (an unmapped row's is the ledger's).
    const src = row.unchanged !== true && row.src !== undefined && row.src !== known?.src ? row.src : undefined;
    const line: OutcomeInput = {
      type: 'skipped',
      ...base,
      why: 'uploaded',
      ...(id !== undefined ? { id } : {}),
      ...(src !== undefined ? { src } : {}),
    };
    // Its line would change nothing the ledger holds, unless it undoes a change reported before.
    if (known?.status !== 'changed' && src === undefined && resume.verboseReport !== true)
      return { route: { type: 'count', line }, stop: undefined };
    return outcome(line);
  };
  const send = (row: RowToSend): Routed => ({ route: { type: 'send', row }, stop: undefined });
  return {
    route(row) {
      const base = { key: row.key, hash: row.hash, location: reportLocation(row) };
      // A row repeated exactly (`duplicates: identical-ok`): never sent, its line under its own key.
      if (row.duplicate === true) return outcome({ type: 'skipped', ...base, why: 'duplicate' });
      const unchanged = row.unchanged === true && row.problems.length === 0;
      const body = row.problems.length > 0 ? undefined : row.body;
      if (body === undefined && !unchanged)
        return outcome({ type: 'invalid', ...base, problems: row.problems, sourceValues: row.sourceValues });
      const decision = previous === undefined ? 'upload' : planResume(previous, row, resume);
      // An unmapped row is the ledger's plainly uploaded record by construction (MappedRow.unchanged):
      // any other decision would mean a broken ledger, and it has no body to send.
      if (body === undefined) {
        if (decision !== 'skip-uploaded') throw new Error(`an unmapped row of key ${JSON.stringify(row.key)} was not uploaded before`);
        return skipUploaded(row, base, previous?.keys.get(row.key));
      }
      // A plain upload, the hot path: no ledger lookup, no marks.
      if (decision === 'upload' || decision === 'retry') return send({ base, body, sourceValues: row.sourceValues, src: row.src });
      const known = previous?.keys.get(row.key);
      switch (decision) {
        case 'skip-uploaded':
          return skipUploaded(row, base, known);
        case 'skip-uncertain':
          return outcome({ type: 'skipped', ...base, why: 'uncertain', sourceValues: row.sourceValues });
        case 'skip-failed':
          return outcome({
            type: 'skipped',
            ...base,
            why: 'failed',
            code: known?.failure?.code ?? 'FAILED',
            sourceValues: row.sourceValues,
          });
        case 'resend-uncertain':
          return send({ base, body, sourceValues: row.sourceValues, src: row.src, marks: { resendOf: resendOf(known) } });
        default: {
          const oldHash = known?.uploaded?.hash ?? known?.uncertainHash ?? known?.hash ?? '';
          const oldId = known?.uploaded?.id;
          changed += 1;
          const past = changed > maxChanges;
          if (decision === 'changed-upload' && !past)
            return send({ base, body, sourceValues: row.sourceValues, src: row.src, marks: { replaces: { id: oldId, hash: oldHash } } });
          const fieldDigests = options.fieldDigests?.(body);
          const line: OutcomeInput = {
            type: 'changed',
            ...base,
            oldHash,
            ...(oldId !== undefined ? { oldId } : {}),
            sourceValues: row.sourceValues,
            ...(fieldDigests !== undefined ? { fieldDigests } : {}),
          };
          return outcome(line, past ? { code: 'MAX_CHANGES_REACHED', limit: maxChanges } : undefined);
        }
      }
    },
  };
}
