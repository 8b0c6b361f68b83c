import type { LedgerState, ReportState } from '../report/fold-report.js';

/** The state loaded whole (`loadReports`' `whole`): the exports of uploaded rows need every key. */
export function wholeReportState(state: LedgerState): ReportState {
  if (!(state.keys instanceof Map)) throw new Error('internal: the report was folded compactly where every key is needed');
  return state as ReportState;
}
