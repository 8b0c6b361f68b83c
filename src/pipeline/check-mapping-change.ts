import type { LedgerState } from '../report/fold-report.js';
import { fingerprintChanges, type CurrentFingerprints, type FingerprintChange } from '../report/fingerprint-changes.js';
import type { AcceptedChange } from '../report/report-lines.js';
import { MappingChangedError } from './pipeline-errors.js';

/** `meta.title`, `content.备注 (added)`. */
function named(changes: readonly FingerprintChange[]): string[] {
  return changes.map((c) => (c.change === 'changed' ? c.part : `${c.part} (${c.change})`));
}

/**
 * Stops a run whose mapping or template differs from the one its report's rows were uploaded with
 * (docs/guarantees.md#mapping-and-template-changes); with `accept`, resolves with what is accepted.
 * @throws MappingChangedError `MAPPING_CHANGED` (kind `mapping`) or `TEMPLATE_FIELDS_CHANGED` (kind
 *   `template`), exit 2, with the changed parts and the rows on the platform in `changes`.
 */
export function checkMappingChange(
  previous: LedgerState | undefined,
  now: CurrentFingerprints,
  options: { readonly mappingFile: string; readonly accept: boolean },
): AcceptedChange | undefined {
  if (previous === undefined) return undefined;
  const compared = fingerprintChanges(previous, now);
  if (compared.rows === 0 || (compared.mapping.length === 0 && compared.template.length === 0)) return undefined;
  const mapping = named(compared.mapping);
  const template = named(compared.template);
  if (options.accept) return { mapping, template, rows: compared.rows };

  const since = `since the report's last run (${compared.baseline?.startedAt ?? 'unknown'}), which leaves ${compared.rows} record(s) on the platform`;
  const what = [
    ...(mapping.length > 0 ? [`mapping: ${mapping.join(', ')}`] : []),
    ...(template.length > 0 ? [`template ${now.templateId} field(s): ${template.join(', ')}`] : []),
  ].join('; ');
  const effect = compared.mapping.some((c) => c.part === 'key')
    ? 'with another key every record is a new one, and would be uploaded again as a new record'
    : 'their records would come out changed, and with --on-change upload be uploaded again as new records';
  const onlyTemplate = mapping.length === 0;
  throw new MappingChangedError(
    `the ${onlyTemplate ? 'template' : 'mapping'} changed ${since} (${what}): ${effect}; nothing was sent`,
    { mapping, template, rows: compared.rows },
    compared.baseline?.runId,
    {
      location: { file: options.mappingFile },
      hint: 'If the change is meant, run again with --accept-mapping-change (with --dry-run too, to see first what would be sent); otherwise restore the mapping.',
    },
  );
}
