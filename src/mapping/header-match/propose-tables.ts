import type { Field, TableField } from '../../template/template-types.js';
import { assignPairs } from './assign-pairs.js';
import type { ColumnProfile } from './column-profile.js';
import { cellsFit, columnFit } from './column-fit.js';
import type { PlacedField } from './column-fields.js';
import type { ElementColumns } from './detect-element-columns.js';
import type { RowGroups } from './detect-row-groups.js';
import { nameReadings } from './name-readings.js';
import { nameScore, type FieldWords, type HeaderWords, type WordWeight } from './name-score.js';
import type { TableProposal } from './proposal-types.js';
import { proposedUnit, unitBlock, unitFit } from './unit-fit.js';
import { stems } from './words-of.js';

/** What the table proposals read of each column. */
export interface TableColumnsInput {
  readonly names: readonly string[];
  readonly words: readonly HeaderWords[];
  readonly tokens: readonly (readonly string[])[];
  readonly units: readonly (string | undefined)[];
  readonly profiles: readonly ColumnProfile[];
  readonly weight: WordWeight;
}

const COMPOSITION_WORDS = stems('composition', 'element', 'content', 'mass', 'atomic', 'fraction', 'formula');
const LABEL_WORDS = stems('element', 'name');
const VALUE_WORDS = stems('content', 'fraction', 'concentration', 'amount', 'value');
const SHOW = 0.35;
const SURE = 0.6;

const wordsOfField = (f: Field): string[] => nameReadings(f.name).flatMap((r) => r.tokens);
const isLabel = (f: Field): boolean => f.type === 'string' || f.type === 'choice';

/**
 * Proposes `fromColumns` for element columns: the table whose name speaks of a composition (or the
 * only table that fits), its text column for the element (`元素`, `element`) and its number column for
 * the amount (`含量`, `content`). Sure when both the table's and the label column's names say so.
 */
export function proposeElementTable(
  tables: readonly PlacedField[],
  elements: ElementColumns,
  input: TableColumnsInput,
): TableProposal | undefined {
  const fitting = tables
    .map((t) => t.field as TableField)
    .map((field) => {
      const labels = field.columns.filter(isLabel);
      const numbers = field.columns.filter((c) => c.type === 'number');
      const label = labels.find((c) => wordsOfField(c).some((w) => LABEL_WORDS.includes(w))) ?? labels[0];
      const value = numbers.find((c) => wordsOfField(c).some((w) => VALUE_WORDS.includes(w))) ?? numbers[0];
      const named = [field, ...field.columns].some((f) => wordsOfField(f).some((w) => COMPOSITION_WORDS.includes(w)));
      return { field, label, value, named, labelNamed: label !== undefined && wordsOfField(label).some((w) => LABEL_WORDS.includes(w)) };
    })
    .filter((t) => t.label !== undefined && t.value !== undefined);
  const chosen = fitting.find((t) => t.named) ?? (fitting.length === 1 ? fitting[0] : undefined);
  if (chosen?.label === undefined || chosen.value === undefined) return undefined;
  const units = new Set(elements.columns.map(([, i]) => input.units[i]));
  const unit = units.size === 1 ? [...units][0] : undefined;
  const fit = unitFit(unit, chosen.value);
  return {
    kind: 'fromColumns',
    field: chosen.field,
    label: chosen.label.name,
    value: chosen.value.name,
    columns: elements.columns.map(([element, i]) => [element, input.names[i]!] as const),
    unit: fit === 'same' || fit === 'converts' ? unit : undefined,
    sure: chosen.named && chosen.labelNamed && fit !== 'fails',
  };
}

/** A table's columns with the words their names are matched by: their own, then the table's and its containers'. */
function tableColumnWords(placed: PlacedField): { field: Field; words: FieldWords }[] {
  const table = placed.field as TableField;
  return table.columns.map((c) => ({
    field: c,
    words: {
      readings: nameReadings(c.name),
      ancestors: [wordsOfField(table), ...placed.ancestors.map((a) => nameReadings(a).flatMap((r) => r.tokens))],
    },
  }));
}

/** How well column `h` fits a table column, by its name, unit and cells. */
const cellScore = (input: TableColumnsInput, h: number, c: { field: Field; words: FieldWords }): number =>
  columnFit(nameScore(input.words[h]!, c.words, input.weight), input.units[h], input.profiles[h]!, c.field, undefined);

/** Every column's score for every column of every table (a table column → a score per header), as the row table weighs them. */
export function tableColumnScores(tables: readonly PlacedField[], input: TableColumnsInput): [Field, number[]][] {
  return tables.flatMap((placed) =>
    tableColumnWords(placed).map((c) => [c.field, input.names.map((_n, h) => cellScore(input, h, c))] as [Field, number[]]),
  );
}

/**
 * Proposes `fromRows` for the columns that change within a grouped record: the table whose columns
 * their headers name best, sure when each name is (or names fairly with fitting cells); undefined when
 * no table takes them, and then the rows are not grouped.
 */
export function proposeRowTable(tables: readonly PlacedField[], groups: RowGroups, input: TableColumnsInput): TableProposal | undefined {
  let best: { proposal: TableProposal; total: number } | undefined;
  for (const placed of tables) {
    const field = placed.field as TableField;
    const columns = tableColumnWords(placed);
    const scores = groups.varying.map((h) => columns.map((c) => cellScore(input, h, c)));
    const pairs = assignPairs(scores, SHOW);
    if (pairs.length === 0) continue;
    const total = pairs.reduce((s, [r, c]) => s + scores[r]![c]!, 0);
    const cells = pairs.map(([r, c]) => [columns[c]!.field.name, input.names[groups.varying[r]!]!] as const);
    // Rows grouped, and a cell's name fair and its values the table column's kind in a unit that
    // converts: the data bears the guess out, as a curator reading the sheet would take it.
    const sure = pairs.every(([r, c]) => {
      const h = groups.varying[r]!;
      const column = columns[c]!.field;
      if (unitBlock(input.names[h]!, input.units[h], column) !== undefined) return false;
      return scores[r]![c]! >= SURE || cellsFit(input.units[h], input.profiles[h]!, column);
    });
    const proposal: TableProposal = {
      kind: 'fromRows',
      field,
      cells,
      scores: pairs.map(([r, c]) => scores[r]![c]!),
      units: pairs.map(([r, c]) => proposedUnit(input.units[groups.varying[r]!], columns[c]!.field)),
      sure,
    };
    if (!best || total > best.total) best = { proposal, total };
  }
  return best?.proposal;
}
