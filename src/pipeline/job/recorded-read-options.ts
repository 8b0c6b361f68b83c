import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadMapping } from '../../mapping/load/load-mapping.js';
import { partFingerprint } from '../../mapping/load/mapping-fingerprints.js';
import type { RunLine } from '../../report/report-lines.js';
import type { SourceOptions } from '../../sources/source-options.js';

/**
 * The `input:` options with which the report's last run read a file, when that run's mapping is still
 * there with the same `input` part, so a reread sees its rows; undefined when that cannot be told.
 */
export function recordedReadOptions(runs: readonly RunLine[], cwd: string): (file: string) => Promise<SourceOptions | undefined> {
  const loaded = new Map<string, Promise<SourceOptions | undefined>>();
  return (file) => {
    const run = runs.findLast((r) => r.dryRun !== true && r.inputs.some((i) => i.file === file));
    if (run === undefined) return Promise.resolve(undefined);
    const mapping = run.mapping;
    let options = loaded.get(`${mapping.file}\u0000${mapping.parts?.input ?? ''}`);
    if (options === undefined) {
      options = readFile(path.resolve(cwd, mapping.file), 'utf8').then(
        (text) => {
          const input = loadMapping(text, mapping.file).spec.input;
          return mapping.parts?.input === undefined || mapping.parts.input === partFingerprint(input) ? input : undefined;
        },
        () => undefined,
      );
      loaded.set(`${mapping.file}\u0000${mapping.parts?.input ?? ''}`, options);
    }
    return options.catch(() => undefined);
  };
}
