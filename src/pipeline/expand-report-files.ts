import { existsSync } from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/**
 * The reports `report` is given: each name as it is, a glob (`reports/shard-*.jsonl`, quoted so a
 * Kubernetes command line or a script passes it on unexpanded) as the files it matches, sorted, so
 * the summary of several shards reads the same every time. A glob that matches nothing gives its own
 * text, which `runReport` then names as no such report. A name that exists as a file is never read as
 * a glob, whatever it holds. A report's lock and ledger index beside it are not reports.
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
