import { existsSync } from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/**
 * The reports `report` is given: a name as it is, a glob (quoted, from a script) as its matches
 * sorted, so several shards summarize alike. A glob matching nothing stays as text (no such report);
 * an existing name is never a glob; locks and ledger indexes are not reports.
 */
export async function expandReportFiles(patterns: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of patterns) {
    if (!isDynamicPattern(pattern) || existsSync(path.resolve(cwd, pattern))) {
      files.push(pattern);
      continue;
    }
    const matches = (await glob(pattern, { cwd, onlyFiles: true, dot: false, expandDirectories: false }))
      .filter((m) => !besideReport(m, cwd))
      .sort();
    if (matches.length === 0) files.push(pattern);
    else files.push(...matches.map((m) => (path.isAbsolute(pattern) ? path.resolve(cwd, m) : m)));
  }
  return [...new Set(files)];
}

/** A report's lock or ledger index (`FILE.lock`, `FILE.index` beside `FILE`): matched by `reports/*`, but no report. */
function besideReport(match: string, cwd: string): boolean {
  const suffix = ['.lock', '.index'].find((end) => match.endsWith(end));
  return suffix !== undefined && existsSync(path.resolve(cwd, match.slice(0, -suffix.length)));
}
