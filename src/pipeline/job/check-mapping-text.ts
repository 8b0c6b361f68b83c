import type { MappingSettings } from '../../mapping/check/check-mapping.js';
import { prepareMapping } from '../../mapping/check/prepare-mapping.js';
import { loadMapping } from '../../mapping/load/load-mapping.js';
import type { SpecNode, SpecPos } from '../../mapping/load/spec-node.js';
import { ROW_POSITION_NAME } from '../../mapping/rows/row-key.js';
import { describeTemplateChanges } from '../../template/describe-template-changes.js';
import { templateFieldChanges } from '../../template/template-field-changes.js';
import type { Template } from '../../template/template-types.js';
import type { OnWarning, TemplateChangedWarning } from '../pipeline-warning.js';
import { fetchTemplate, type TemplateSource } from './fetch-template.js';
import type { LoadedJob } from './job.js';

/** Options of {@link checkMappingText}. */
export interface CheckMappingOptions extends TemplateSource {
  /** Names the mapping in messages: the file as the user named it, or `<file> (<layout> layout)`. */
  readonly mappingFile: string;
  /** Run settings that change how the mapping is read (the methods width). @default {} */
  readonly settings?: MappingSettings;
  /**
   * Called with the template-changed warning before the mapping is checked, so it is seen even when
   * the check then fails (a field the mapping uses was removed); with the no-key warning once the
   * mapping checked out. @default undefined (not reported)
   */
  readonly onWarning?: OnWarning;
}

async function changedWarning(
  template: Template,
  before: string | undefined,
  source: TemplateSource,
): Promise<TemplateChangedWarning | undefined> {
  if (before === undefined || before === template.pubDate) return undefined;
  const old = source.cache === undefined ? undefined : await source.cache.get(template.id, before).catch(() => undefined);
  const changes = old === undefined ? undefined : templateFieldChanges(old, template);
  const lines = changes === undefined ? [] : describeTemplateChanges(changes);
  const what =
    changes === undefined
      ? 'the version it was written for is not cached, so the changed fields cannot be listed; check the mapping against `mge-ingest templates show`'
      : changes.length === 0
        ? 'no field changed'
        : `${changes.length} field change(s)`;
  return {
    code: 'TEMPLATE_CHANGED',
    before,
    after: template.pubDate,
    changes,
    lines,
    message: `template ${template.id} changed since the mapping was written (${before} → ${template.pubDate}): ${what}`,
  };
}

/** Where `key` is first written in a mapping tree (depth first), if anywhere. */
function firstKey(node: SpecNode | undefined, key: string): SpecPos | undefined {
  if (node === undefined || node.kind === 'scalar') return undefined;
  if (node.kind === 'seq') {
    for (const item of node.items) {
      const found = firstKey(item, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const here = node.keyPos.get(key);
  if (here !== undefined) return here;
  for (const child of node.entries.values()) {
    const found = firstKey(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The `load → check` step every layout shares (ARCHITECTURE.md → "The map + validate stage"): parse,
 * fetch the template, warn of a changed template and of key and `fromRows` doubts, check the mapping.
 * @throws MappingError `MAPPING_YAML_SYNTAX` and the other load errors, MappingInvalidError
 *   `MAPPING_INVALID` with every problem, the template errors of {@link fetchTemplate}.
 */
export async function checkMappingText(text: string, options: CheckMappingOptions): Promise<LoadedJob> {
  const { spec } = loadMapping(text, options.mappingFile);
  const { template, from } = await fetchTemplate(spec.template, options);
  const { templatePubDate } = spec;
  const templateChanged = await changedWarning(template, templatePubDate, options);
  if (templateChanged !== undefined) options.onWarning?.(templateChanged);
  const prepared = prepareMapping(spec, template, options.settings ?? {});
  if (prepared.spec.key.length === 0) {
    options.onWarning?.({
      code: 'MAPPING_NO_KEY',
      file: options.mappingFile,
      lines: ['add `key: [columns]` naming the columns that identify a record (see docs/mapping.md → key)'],
      message: `${options.mappingFile} has no \`key\`: rows are known by their content, so a row edited after it was uploaded is a new row and will be uploaded again as a new record beside the old one`,
    });
  }
  const fromRows = prepared.spec.groupBy.length === 0 ? firstKey(prepared.spec.content, 'fromRows') : undefined;
  if (fromRows !== undefined) {
    options.onWarning?.({
      code: 'MAPPING_FROM_ROWS_NO_GROUP_BY',
      file: options.mappingFile,
      line: fromRows.line,
      col: fromRows.col,
      lines: ['add `groupBy: [columns]` naming the columns the rows of one record share (see docs/mapping.md → groupBy)'],
      message:
        '`fromRows` reads the rows of a group, but the mapping has no `groupBy`: every row is a record of its own, with a table of one row',
    });
  }
  const position = prepared.spec.key.find((k) => k.name === ROW_POSITION_NAME);
  if (position !== undefined) {
    options.onWarning?.({
      code: 'MAPPING_ROW_KEY',
      file: options.mappingFile,
      line: position.line,
      col: position.col,
      lines: [
        'keep the files as they are once uploaded (add rows at the end), or key them by columns that name a record (see docs/mapping.md → key)',
      ],
      message: `the mapping keys rows by their position (\`$row\`: file, sheet and row): a row inserted, deleted or sorted moves the rows below it, which then look new and are uploaded again beside their old records`,
    });
  }
  return { mappingFile: options.mappingFile, prepared, template, templateFrom: from, templateChanged };
}
