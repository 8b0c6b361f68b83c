import type { Template } from '../../template/template-types.js';
import { assignPairs } from './assign-pairs.js';
import { columnFields, tableFields } from './column-fields.js';
import { columnFit, identifierFit } from './column-fit.js';
import { profileColumn } from './column-profile.js';
import { completeRange } from './complete-range.js';
import { detectElementColumns } from './detect-element-columns.js';
import { detectRowGroups } from './detect-row-groups.js';
import { detectUnitColumns } from './detect-unit-columns.js';
import { nameReadings } from './name-readings.js';
import { nameScore, type FieldWords, type HeaderWords } from './name-score.js';
import type { FieldProposal, MappingProposal, SampleTable, TableProposal } from './proposal-types.js';
import { proposeKey } from './propose-key.js';
import { proposeElementTable, proposeRowTable, tableColumnScores, type TableColumnsInput } from './propose-tables.js';
import { proposeValueMap, type ValueMapProposal } from './propose-value-map.js';
import { splitHeader } from './split-header.js';
import { stem } from './words-of.js';
import { proposedUnit, unitBlock } from './unit-fit.js';
import { wordWeights } from './word-weights.js';

/** Scores below this are no candidates; from it up to {@link SURE} a match is written as a comment to confirm. */
export const SHOW = 0.35;
/** Scores from this up are written as live lines. */
export const SURE = 0.6;
/** Characters of a header name read for its words. */
export const MAX_NAME_READ = 256;

const IDENTIFIER = stem('identifier');

/** Scores in header order as [header, score] pairs, blank headers left out (no picker offers them). */
const byHeader = (names: readonly string[], scores: readonly number[]): [string, number][] =>
  names.flatMap((n, h) => (n.trim() === '' ? [] : [[n, scores[h]!] as [string, number]]));

/** Column `f` of a matrix of scores (one row per header). */
const scoresOf = (matrix: readonly (readonly number[])[], f: number): number[] => matrix.map((row) => row[f]!);

const firstWords = (name: string): string[] => nameReadings(name)[0]?.tokens.slice() ?? [];

/**
 * Proposes a mapping of a table to a template from its header and sampled rows: one column per field
 * (the best total score) with units and value maps, tables (`fromColumns`, `fromRows`), the key. Pure
 * (ARCHITECTURE.md → "`init`'s matcher (`src/mapping/header-match`)").
 */
export function proposeMapping(template: Template, table: SampleTable): MappingProposal {
  const names = table.names;
  const profiles = names.map((_n, i) => profileColumn(table.rows.map((r) => r[i] ?? null)));
  // Names are read for their words from their first MAX_NAME_READ characters: the readers' cost grows
  // faster than a name's length, and no header a person wrote is longer. Proposals keep the whole name.
  const parts = names.map((n) => splitHeader(n.length > MAX_NAME_READ ? n.slice(0, MAX_NAME_READ) : n));
  const words: HeaderWords[] = parts.map((p) => ({ readings: nameReadings(p.name), context: p.context.flatMap(firstWords) }));
  const tokens = words.map((w) => [...new Set(w.readings.flatMap((r) => r.tokens))]);
  const units: (string | undefined)[] = parts.map((p) => p.unit);
  const used = new Set<number>(names.flatMap((n, i) => (n.trim() === '' ? [i] : [])));

  const unitColumns = detectUnitColumns(tokens, profiles).filter((u) => units[u.of] === undefined);
  for (const u of unitColumns) {
    units[u.of] = u.unit;
    used.add(u.index);
  }

  const placed = columnFields(template.fields);
  const fieldWords: FieldWords[] = placed.map((p) => ({ readings: nameReadings(p.field.name), ancestors: p.ancestors.map(firstWords) }));
  const weight = wordWeights(
    fieldWords.map((f) => [...f.readings.flatMap((r) => r.tokens), ...f.ancestors.flat()]),
    tokens,
  );
  const namesIdentifier = fieldWords.map((f) => f.readings.some((r) => r.tokens.includes(IDENTIFIER)));
  const input: TableColumnsInput = { names, words, tokens, units, profiles, weight };

  const tables: TableProposal[] = [];
  let groupBy: string[] = [];
  let templateTables = tableFields(template.fields);
  const elements =
    templateTables.length > 0
      ? detectElementColumns(
          parts.map((p) => p.name),
          profiles,
        )
      : undefined;
  if (elements) {
    const proposal = proposeElementTable(templateTables, elements, input);
    if (proposal) {
      tables.push(proposal);
      elements.columns.forEach(([, i]) => used.add(i));
      templateTables = templateTables.filter((t) => t.field !== proposal.field);
    }
  }
  const groups = templateTables.length > 0 ? detectRowGroups(names, table.rows) : undefined;
  if (groups) {
    const proposal = proposeRowTable(templateTables, { ...groups, varying: groups.varying.filter((i) => !used.has(i)) }, input);
    if (proposal?.kind === 'fromRows') {
      tables.push(proposal);
      groupBy = groups.keyColumns.map((i) => names[i]!);
      for (const [, header] of proposal.cells) used.add(names.indexOf(header));
    }
  }

  const free = names.map((_n, i) => i).filter((i) => !used.has(i));
  const valueMaps = new Map<string, ValueMapProposal>();
  // Every column is scored, used or not, so that a picker can show the runners-up; only free ones are assigned.
  const every = names.map((_n, h) =>
    placed.map((p, f) => {
      const values = p.field.type === 'choice' ? proposeValueMap(profiles[h]!, p.field) : undefined;
      if (values) valueMaps.set(`${h}:${f}`, values);
      const fit = columnFit(nameScore(words[h]!, fieldWords[f]!, weight), units[h], profiles[h]!, p.field, values);
      return identifierFit(fit, profiles[h]!, p.field, namesIdentifier[f]!);
    }),
  );
  const scores = free.map((h) => every[h]!);
  const fields: FieldProposal[] = [];
  const columnOf: number[] = [];
  const taken = new Set<number>();
  // In template order, so the summary reads like the mapping.
  for (const [r, f] of assignPairs(scores, SHOW).sort((a, b) => a[1] - b[1])) {
    const h = free[r]!;
    const field = placed[f]!.field;
    const score = scores[r]![f]!;
    const blocked = unitBlock(names[h]!, units[h], field);
    taken.add(h);
    columnOf.push(h);
    fields.push({
      field,
      header: names[h]!,
      score,
      sure: score >= SURE && blocked === undefined,
      unit: proposedUnit(units[h], field),
      valueMap: valueMaps.get(`${h}:${f}`)?.entries ?? [],
      second: undefined,
      errOptional: false,
      note: blocked,
    });
  }
  const left = new Set(free.filter((i) => !taken.has(i)));
  const rangeColumns = { names, tokens, profiles, cells: (i: number) => table.rows.map((r) => r[i] ?? null) };
  const paired = fields.map((p, i) => completeRange(p, columnOf[i]!, left, rangeColumns));

  const key = proposeKey(names, profiles, tokens, units, groupBy);
  const inUse = new Set([
    ...paired.flatMap((p) => [p.header, p.second ?? '']),
    ...tables.flatMap((t) => (t.kind === 'fromColumns' ? t.columns.map(([, h]) => h) : t.cells.map(([, h]) => h))),
    ...groupBy,
  ]);
  return {
    fields: paired,
    tables,
    key,
    groupBy,
    unitColumns: unitColumns.map((u) => ({ header: names[u.index]!, of: names[u.of]!, unit: u.unit })),
    unusedHeaders: names.filter((n, i) => n.trim() !== '' && !inUse.has(n) && !unitColumns.some((u) => u.index === i)),
    rowsRead: table.rows.length,
    candidates: new Map([
      ...placed.map((p, f) => [p.field, byHeader(names, scoresOf(every, f))] as const),
      ...tableColumnScores(tableFields(template.fields), input).map(([field, s]) => [field, byHeader(names, s)] as const),
    ]),
  };
}
