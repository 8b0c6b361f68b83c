import type { PipelineWarning } from '../../pipeline/pipeline-warning.js';

const STALE: Readonly<Record<string, string>> = {
  'dead-process': 'its process, on this host, is gone',
  'no-heartbeat': 'it had no heartbeat for over a minute: its run is gone',
  unreadable: 'a crash left it unreadable',
};

/**
 * The one text of a pipeline warning, whichever command met it: `warning CODE: …`, then indented
 * detail lines. `name` shows a file as the user reads it (relative to the working directory).
 */
export function formatWarning(warning: PipelineWarning, name: (file: string) => string = (file) => file): string {
  switch (warning.code) {
    case 'TEMPLATE_CHANGED':
    case 'MAPPING_NO_KEY':
    case 'WORKBOOK_COLUMNS_CHANGED':
      return `warning ${warning.code}: ${warning.message}\n${warning.lines.map((l) => `  ${l}\n`).join('')}`;
    case 'MAPPING_LOOKS_GROUPED':
      return `warning ${warning.code}: ${name(warning.file)}: ${warning.message}\n${warning.lines.map((l) => `  ${l}\n`).join('')}`;
    case 'MAPPING_ROW_KEY':
    case 'MAPPING_FROM_ROWS_NO_GROUP_BY':
      return `warning ${warning.code}: ${name(warning.file)}:${warning.line}:${warning.col} ${warning.message}\n${warning.lines.map((l) => `  ${l}\n`).join('')}`;
    case 'MAPPING_META_LITERAL_IS_COLUMN':
      return `warning ${warning.code}: ${name(warning.file)}:${warning.line}:${warning.col} ${warning.message}\n`;
    case 'REPORT_TORN_LAST_LINE':
      return `warning ${warning.code}: ${name(warning.file)} line ${warning.line} ${warning.repaired ? '(left by a crash; repaired)' : '(cut short by a crash, or still being written; skipped)'}\n`;
    case 'REPORT_MISSING_NEWLINE':
      return `warning ${warning.code}: ${name(warning.file)} line ${warning.line} ${warning.repaired ? '(left by a crash; repaired)' : '(no final newline; read as it is)'}\n`;
    case 'REPORT_LOCK_STALE':
      return `warning ${warning.code}: took over the lock ${name(warning.file)}: ${STALE[warning.reason] ?? warning.reason}\n`;
    case 'LEDGER_INDEX_NOT_SAVED':
      return `warning ${warning.code}: the ledger index of ${name(warning.file)} was not saved (${warning.reason}); the next run reads the whole report\n`;
  }
}
