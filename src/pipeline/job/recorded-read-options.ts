import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadMapping } from '../../mapping/load/load-mapping.js';
import { partFingerprint } from '../../mapping/load/mapping-fingerprints.js';
import type { RunLine } from '../../report/report-lines.js';
import type { SourceOptions } from '../../sources/source-options.js';

/**
 * How the report's last run that read an input read it: the `input:` options of that run's mapping,
 * when the mapping is still there with the same `input` part (the run line's fingerprint of it), so a
 * file read again (`report --uploaded-out`) has the header and rows the run saw. Undefined when that
 * cannot be told (no such run, the mapping gone, unreadable or changed there).
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
