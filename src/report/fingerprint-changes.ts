import type { LedgerState } from './fold-report.js';
import { isDryRunLine, type RunLine } from './report-lines.js';

/** One part of the mapping, or one template field, that differs from the baseline run's. */
export interface FingerprintChange {
  /** `meta.title`, `content.屈服强度`, `key`…; a template field's name; `mapping file` or `pub_date` for a report older than per-part fingerprints. */
  readonly part: string;
  readonly change: 'added' | 'removed' | 'changed';
}

/** What this run's records are made with, as {@link fingerprintChanges} compares it. */
export interface CurrentFingerprints {
  /** sha256 of the mapping file (what older reports recorded). */
  readonly mappingSha256: string;
  readonly mappingParts: Readonly<Record<string, string>>;
  readonly templateId: number;
  readonly templatePubDate: string;
  /** Definitions of the template fields the mapping fills. */
  readonly templateFields: Readonly<Record<string, string>>;
}

/** The comparison of this run with the report's baseline. */
export interface FingerprintComparison {
  /** The latest run that was not a dry run: every such run ran with its mapping, or accepted it. */
  readonly baseline: RunLine | undefined;
  readonly mapping: readonly FingerprintChange[];
  readonly template: readonly FingerprintChange[];
  /** Rows with a version that is or may be on the platform (uploaded or uncertain). */
  readonly rows: number;
}

function asRecord(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The parts of `now` added, removed or changed since `before`, sorted by name. */
function diff(
  before: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, string>>,
  names: Iterable<string>,
): FingerprintChange[] {
  const out: FingerprintChange[] = [];
  for (const part of names) {
    const was = before[part];
    const is = now[part];
    if (was === undefined && is !== undefined) out.push({ part, change: 'added' });
    else if (was !== undefined && is === undefined) out.push({ part, change: 'removed' });
    else if (was !== is) out.push({ part, change: 'changed' });
  }
  return out.sort((a, b) => (a.part < b.part ? -1 : a.part > b.part ? 1 : 0));
}

function mappingChanges(baseline: RunLine, now: CurrentFingerprints): FingerprintChange[] {
  const parts = asRecord(baseline.mapping?.parts);
  if (parts !== undefined) return diff(parts, now.mappingParts, new Set([...Object.keys(parts), ...Object.keys(now.mappingParts)]));
  // A report written before per-part fingerprints: only the file's bytes can be compared.
  const changes: FingerprintChange[] = [];
  if (baseline.template?.id !== now.templateId) changes.push({ part: 'template', change: 'changed' });
  if (baseline.mapping?.fingerprint !== now.mappingSha256) changes.push({ part: 'mapping file', change: 'changed' });
  return changes;
}

function templateChanges(baseline: RunLine, now: CurrentFingerprints): FingerprintChange[] {
  // Another template altogether is a change of the mapping's `template` part.
  if (baseline.template?.id !== now.templateId) return [];
  const fields = asRecord(baseline.template.fields);
  if (fields === undefined) return baseline.template.fingerprint === now.templatePubDate ? [] : [{ part: 'pub_date', change: 'changed' }];
  // Only fields both runs filled: one the mapping starts or stops filling is a change of its `content.<field>`.
  return diff(
    fields,
    now.templateFields,
    Object.keys(now.templateFields).filter((name) => fields[name] !== undefined),
  );
}

/**
 * Which mapping parts and template fields (of those filled) changed since the report's baseline run,
 * and how many rows are on the platform under it. Pure; old reports compare sha256 and `pub_date`.
 */
export function fingerprintChanges(state: LedgerState, now: CurrentFingerprints): FingerprintComparison {
  const baseline = state.runs.findLast((run) => !isDryRunLine(run));
  const rows = state.onPlatform;
  if (baseline === undefined) return { baseline, mapping: [], template: [], rows };
  return { baseline, mapping: mappingChanges(baseline, now), template: templateChanges(baseline, now), rows };
}
