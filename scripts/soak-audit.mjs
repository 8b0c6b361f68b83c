/**
 * The soak's audit: a sandbox store (`mge-ingest sandbox --store`, one stored record a line) against
 * the report of the runs that filled it, read from the files alone (not through the tool's code, so a
 * fault in the tool's own reading of its report cannot hide itself). Records and report rows are
 * matched by the mapping's key, the input's `formula` column, which the steel mapping also writes to
 * the record's `化学式`.
 */
import { readFileSync } from 'node:fs';

const OUTCOMES = new Set(['uploaded', 'invalid', 'failed', 'uncertain', 'changed']);

function jsonLines(file) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  // A kill may cut the report's last line; the tool drops it, and so does the audit.
  return text.split('\n').flatMap((line) => {
    try {
      return line.trim() === '' ? [] : [JSON.parse(line)];
    } catch {
      return [];
    }
  });
}

/**
 * What the report says of each key, run by run: every POST's intent, the intents of runs that re-sent
 * the key on request (`--retry-uncertain` while the key was uncertain), outcome lines that carry
 * `resendOf`, and where each key ended.
 */
export function readLedger(reportFile) {
  const keys = new Map();
  const entry = (key) => {
    if (!keys.has(key))
      keys.set(key, { state: 'new', intents: 0, resendIntents: 0, unaskedResends: 0, resendLines: 0, uploadedId: undefined });
    return keys.get(key);
  };
  let runs = 0;
  // Rows ended uncertain because the platform answered an id it gave another record: their record is
  // stored, so a re-send on request is a duplicate asked for (traced by resendOf), not one the tool made.
  let repeatedIds = 0;
  let run;
  const closeRun = () => {
    if (!run) return;
    // A POST in flight when the run died: the key may be stored, so it is uncertain from here.
    for (const [key, last] of run.last) if (last === 'intent') entry(key).state = 'uncertain';
  };
  for (const line of jsonLines(reportFile)) {
    if (line.type === 'run') {
      closeRun();
      runs += 1;
      const resends = line.settings?.retryUncertain === true && line.dryRun !== true;
      run = { resends, uncertainAtStart: new Set([...keys].filter(([, e]) => e.state === 'uncertain').map(([k]) => k)), last: new Map() };
      continue;
    }
    if (typeof line.key !== 'string' || !run) continue;
    const e = entry(line.key);
    run.last.set(line.key, line.type);
    if (line.type === 'intent') {
      e.intents += 1;
      if (run.uncertainAtStart.has(line.key)) {
        if (run.resends) e.resendIntents += 1;
        else e.unaskedResends += 1;
      }
    }
    // A re-send that certainly stored nothing leaves an uncertain row uncertain: the earlier copy may be stored.
    if (OUTCOMES.has(line.type) && !(line.type === 'failed' && e.state === 'uncertain')) e.state = line.type;
    if (line.type === 'uploaded') e.uploadedId = line.id;
    if (line.type === 'uncertain' && line.code === 'PROTOCOL_ERROR' && /^repeated id /.test(line.reason ?? '')) repeatedIds += 1;
    if (line.resendOf !== undefined) e.resendLines += 1;
  }
  closeRun();
  return { keys, runs, repeatedIds };
}

/** The formula of a report key (`["Fe…"]`). */
const formulaOf = (key) => JSON.parse(key)[0];

/**
 * Audits a store against a report for the input keys `expected` (formulas): no row lost, no record
 * stored more often than its requested re-sends allow, every duplicate traceable to a `resendOf`
 * line, no uncertain row sent again unasked, no record stored without an intent before it.
 * Returns the problems found (empty: all good) and counts.
 */
export function auditStore({ storeFile, reportFile, expected }) {
  const problems = [];
  const stored = jsonLines(storeFile);
  const copies = new Map();
  const idFormula = new Map();
  for (const record of stored) {
    const formula = record.sent?.content?.['化学式'];
    copies.set(formula, (copies.get(formula) ?? 0) + 1);
    idFormula.set(record.id, formula);
  }
  const { keys, runs, repeatedIds } = readLedger(reportFile);
  const byFormula = new Map([...keys].map(([key, e]) => [formulaOf(key), e]));
  // Ids the report gives more than one key: each such id is a repeat the tool should have caught.
  const claims = new Map();
  for (const e of keys.values()) if (e.state === 'uploaded') claims.set(e.uploadedId, (claims.get(e.uploadedId) ?? 0) + 1);
  let misreported = 0;
  for (const formula of expected) {
    const e = byFormula.get(formula);
    if (e?.state !== 'uploaded') problems.push(`lost: ${formula} ends ${e?.state ?? 'absent from the report'}`);
    else if (idFormula.get(e.uploadedId) !== formula) {
      // The sandbox's repeated-id fault answers another record's id. When the report holds that id for
      // no other key, no client could know it for a lie: the row is stored (the store holds it once, or
      // the duplicate checks below say otherwise), under another id than the one answered.
      const undetectable = idFormula.has(e.uploadedId) && claims.get(e.uploadedId) === 1 && (copies.get(formula) ?? 0) >= 1;
      if (undetectable) misreported += 1;
      else problems.push(`lost: ${formula} reported uploaded as record ${e.uploadedId}, which the store does not hold for it`);
    }
  }
  for (const [key, e] of keys)
    if (e.unaskedResends > 0) problems.push(`unasked: ${formulaOf(key)} was uncertain and sent again by a run without --retry-uncertain`);
  const known = new Set(expected);
  let duplicates = 0;
  for (const [formula, n] of copies) {
    if (!known.has(formula)) {
      problems.push(`stranger: the store holds ${n} record(s) for ${formula}, no row of the input`);
      continue;
    }
    const e = byFormula.get(formula);
    duplicates += n - 1;
    if (n > (e?.intents ?? 0)) problems.push(`no intent: ${formula} stored ${n} time(s) after ${e?.intents ?? 0} intent line(s)`);
    if (n > 1 + (e?.resendIntents ?? 0))
      problems.push(`duplicate: ${formula} stored ${n} times, re-sent on request ${e?.resendIntents ?? 0} time(s)`);
    if (n > 1 && (e?.resendLines ?? 0) === 0) problems.push(`untraced: ${formula} stored ${n} times, no outcome line carries resendOf`);
  }
  const resent = [...keys.values()].reduce((sum, e) => sum + e.resendIntents, 0);
  const resentRows = [...keys.values()].filter((e) => e.resendIntents > 0).length;
  return {
    problems,
    counts: { rows: expected.length, stored: stored.length, duplicates, resent, resentRows, runs, repeatedIds, misreported },
  };
}
