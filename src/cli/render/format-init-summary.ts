import type { InitResult } from '../../pipeline/run-init.js';

/** What the matcher proposed, for the curator to check: sure matches, guesses, tables, key, leftovers. */
function proposalLines(result: InitResult, input: string): string[] {
  const proposal = result.proposal;
  if (proposal === undefined) return [];
  const lines: string[] = [];
  const sure = proposal.fields.filter((p) => p.sure);
  const guesses = proposal.fields.filter((p) => !p.sure);
  lines.push(`matched ${sure.length} field(s) to columns of ${input} (${proposal.rowsRead} rows read):`);
  for (const p of sure)
    lines.push(
      `  ${p.field.path} ← "${p.header}"${p.second ? ` + "${p.second}"` : ''}${p.unit ? ` [${p.unit}]` : ''} (score ${p.score.toFixed(2)})`,
    );
  for (const t of proposal.tables) {
    const headers = t.kind === 'fromColumns' ? t.columns.map(([, h]) => h) : t.cells.map(([, h]) => h);
    lines.push(`  ${t.field.path} ← ${t.kind} ${headers.map((h) => `"${h}"`).join(', ')}${t.sure ? '' : ' (a guess, commented out)'}`);
  }
  if (guesses.length > 0) {
    lines.push(`guesses written as comments, to confirm:`);
    for (const p of guesses) lines.push(`  ${p.field.path} ← "${p.header}" (score ${p.score.toFixed(2)}${p.note ? `; ${p.note}` : ''})`);
  }
  if (proposal.groupBy.length > 0) lines.push(`rows grouped into records by: ${proposal.groupBy.map((h) => `"${h}"`).join(', ')}`);
  if (proposal.key)
    lines.push(`key: ${proposal.key.headers.map((h) => `"${h}"`).join(', ')}${proposal.key.sure ? '' : ' (a guess, commented out)'}`);
  lines.push(`fields without a column: ${result.unmatchedFields.length === 0 ? '(none)' : result.unmatchedFields.join(', ')}`);
  lines.push(
    `columns not used: ${proposal.unusedHeaders.length === 0 ? '(none)' : proposal.unusedHeaders.map((h) => `"${h}"`).join(', ')}`,
  );
  return lines;
}

/**
 * What `init` tells the curator on stderr: the template, what the matcher proposed for the input,
 * where the mapping went and what to do next.
 */
export function formatInitSummary(
  result: InitResult,
  options: { readonly input: string | undefined; readonly out: string | undefined },
): string {
  const { template } = result;
  const lines: string[] = [`template ${template.id} (${template.title}), pub_date ${template.pubDate}`];
  if (options.input !== undefined) lines.push(...proposalLines(result, options.input));
  lines.push(
    `${options.out === undefined ? 'mapping printed' : `wrote ${options.out}`}: replace the ${result.placeholders} FILL_IN placeholder(s), then run \`mge-ingest validate --mapping ${options.out ?? 'FILE'} ${options.input ?? 'INPUT'}\``,
  );
  return `${lines.join('\n')}\n`;
}
