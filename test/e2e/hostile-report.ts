import type { ReportLine } from '../../src/report/report-lines.js';

const SCRIPT = '<script>window.pwned = 1</script>';
const CLOSE = '</script><script>window.pwned = 1</script><!--';
const IMG = '"><img src=x onerror="window.pwned=1">';

/** Texts that would inject markup or script if a page wrote them unescaped, one per place the data reaches. */
export const HOSTILE = {
  file: `a${IMG}.xlsx`,
  sheet: `Sheet'1 ${SCRIPT}`,
  /** The sheet as a reference writes it: quoted, its quote doubled. */
  sheetRef: `'Sheet''1 ${SCRIPT}'`,
  header: `yield ${CLOSE} & <b>bold</b>`,
  field: `content.${IMG}`,
  code: 'VALUE_<svg/onload=window.pwned=1>',
  message: `line\u2028separator\u2029and ${SCRIPT}`,
  found: `${CLOSE}'"&amp;`,
  detail: `platform says ${IMG} ${CLOSE}`,
  mapping: `m${SCRIPT}.yaml`,
  key: `k${CLOSE}`,
} as const;

const AT = '2026-11-23T07:00:00.000Z';

/** A report (JSON lines) whose every text from the data is hostile: one run, an invalid row, a failed and an uploaded one. */
export function hostileReport(): string {
  const location = { file: HOSTILE.file, sheet: HOSTILE.sheet, row: 7 };
  const lines: ReportLine[] = [
    {
      type: 'run',
      at: AT,
      runId: 'r1',
      version: `0.1.0${SCRIPT}`,
      startedAt: AT,
      settings: { username: IMG, rate: 5, nested: { note: CLOSE } },
      mapping: { file: HOSTILE.mapping, fingerprint: IMG },
      template: { id: 201, fingerprint: CLOSE },
      inputs: [{ file: HOSTILE.file, size: 10, sha256: SCRIPT }],
    },
    {
      type: 'invalid',
      at: AT,
      key: HOSTILE.key,
      hash: 'h1',
      location,
      problems: [
        {
          code: HOSTILE.code,
          message: HOSTILE.message,
          location: { file: HOSTILE.file, sheet: HOSTILE.sheet, row: 7, column: 'B', cell: 'B7', header: HOSTILE.header },
          field: HOSTILE.field,
          expected: IMG,
          found: HOSTILE.found,
        },
      ],
      sourceValues: { [HOSTILE.header]: HOSTILE.found },
    },
    {
      type: 'failed',
      at: AT,
      key: `f${IMG}`,
      hash: 'h2',
      location: { ...location, row: 8 },
      code: 'PLATFORM_REJECTED',
      retryable: false,
      status: 422,
      platformCode: 2102,
      detail: HOSTILE.detail,
      attempts: 1,
      sourceValues: {},
    },
    { type: 'uploaded', at: AT, key: `u${SCRIPT}`, hash: 'h3', location: { ...location, row: 9 }, id: 41, attempts: 1, ms: 3 },
    {
      type: 'summary',
      at: AT,
      counts: { uploaded: 1, invalid: 1, failed: 1, uncertain: 0, skipped: 0, changed: 0 },
      rows: 3,
      durationMs: 10,
      interrupted: false,
      fatal: CLOSE,
    },
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}
