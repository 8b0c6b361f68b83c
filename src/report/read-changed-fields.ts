import type { KeyState } from './key-state.js';
import { fieldsThatDiffer, readFieldDigests } from './record-field-digests.js';
import type { RunLine } from './report-lines.js';
import { scanReport } from './scan-report.js';

/** A changed key: the hash of the record stored for it and of its new content. */
export interface ChangedVersions {
  readonly uploadedHash: string | undefined;
  readonly hash: string;
}

/**
 * The fields each changed key's new content differs in, from the lines' part digests
 * (docs/report-format.md → Field digests), the reports read once more; only the changed keys' digests
 * are held. A key missing here had a version whose line holds no digests.
 */
export async function readChangedFields(
  files: readonly string[],
  changed: ReadonlyMap<string, ChangedVersions>,
): Promise<Map<string, readonly string[]>> {
  const before = new Map<string, ReadonlyMap<string, string>>();
  const after = new Map<string, ReadonlyMap<string, string>>();
  for (const file of files) {
    let run: RunLine | undefined;
    await scanReport(file, (line) => {
      if (line.type === 'run') run = line;
      if (line.type !== 'uploaded' && line.type !== 'changed' && line.type !== 'state') return;
      const versions = changed.get(line.key);
      if (versions === undefined || line.fieldDigests === undefined) return;
      const digests = readFieldDigests(line.fieldDigests, run?.recordFields ?? []);
      if (digests === undefined) return;
      if (line.type === 'changed' || (line.type === 'state' && line.status === 'changed')) {
        if (line.hash === versions.hash) after.set(line.key, digests);
      } else if (line.hash === versions.uploadedHash) before.set(line.key, digests);
      if (line.type === 'state' && line.uploadedFieldDigests !== undefined && line.uploadedHash === versions.uploadedHash) {
        const stored = readFieldDigests(line.uploadedFieldDigests, run?.recordFields ?? []);
        if (stored !== undefined) before.set(line.key, stored);
      }
    });
  }
  const out = new Map<string, readonly string[]>();
  for (const [key, digests] of after) {
    const stored = before.get(key);
    if (stored !== undefined) out.set(key, fieldsThatDiffer(stored, digests));
  }
  return out;
}

/** What `fields that differ` says when the report cannot tell (no part digests on a version's line). */
export const FIELDS_NOT_RECORDED = '(not recorded)';

/**
 * The `fields that differ` text of each changed key among `entries` (`温度, meta.title`, else
 * {@link FIELDS_NOT_RECORDED}): one text for `--changed-out`, the annotated copy and the page.
 * The reports are read again only when a key is changed.
 */
export async function changedFieldTexts(entries: Iterable<KeyState>, reports: readonly string[]): Promise<(key: string) => string> {
  const versions = new Map<string, ChangedVersions>();
  for (const entry of entries)
    if (entry.status === 'changed') versions.set(entry.key, { uploadedHash: entry.uploaded?.hash, hash: entry.hash });
  const differ = versions.size === 0 ? new Map<string, readonly string[]>() : await readChangedFields(reports, versions);
  return (key) => differ.get(key)?.join(', ') ?? FIELDS_NOT_RECORDED;
}
