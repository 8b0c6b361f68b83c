/** A generated ingest report: one run, `uploaded` uploaded rows and `invalid` invalid rows (one problem each), then its summary. */
import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';

const AT = '2026-01-01T00:00:00.000Z';
const hex = (i) => i.toString(16).padStart(64, '0');

export async function makeReport(file, uploaded, invalid) {
  if (existsSync(file)) return file;
  const out = createWriteStream(file);
  const put = async (line) => {
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  };
  await put({
    type: 'run',
    at: AT,
    runId: 'bench',
    version: '0.1.0',
    startedAt: AT,
    settings: { rate: 50, concurrency: 8 },
    mapping: { file: 'mappings/steel.yaml', fingerprint: hex(1) },
    template: { id: 201, fingerprint: '2024-06-01 10:00:00' },
    inputs: [{ file: 'incoming/steel.csv', size: 1, sha256: hex(2) }],
  });
  const total = uploaded + invalid;
  for (let i = 0; i < total; i++) {
    const key = `S${String(i).padStart(7, '0')}`;
    const location = { file: 'incoming/steel.csv', row: i + 2 };
    // Every eleventh row is invalid until `invalid` of them are written, the rest uploaded.
    if (i % 11 === 5 && i / 11 < invalid) {
      const cell = `P${i + 2}`;
      await put({
        type: 'invalid',
        at: AT,
        key,
        hash: hex(i),
        location,
        problems: [
          {
            code: 'VALUE_NOT_A_NUMBER',
            message: 'the cell is not a number',
            location: { ...location, column: 'P', cell, header: 'yield strength' },
            field: 'content.屈服强度',
            expected: 'a number in MPa',
            found: `n/a ${i % 89}`,
          },
        ],
        sourceValues: { id: key, 'yield strength': `n/a ${i % 89}` },
      });
    } else {
      await put({ type: 'intent', at: AT, key, hash: hex(i), location, attempt: 1 });
      await put({ type: 'uploaded', at: AT, key, hash: hex(i), location, id: 1000 + i, attempts: 1, ms: 4 });
    }
  }
  await put({
    type: 'summary',
    at: AT,
    counts: { uploaded, invalid, failed: 0, uncertain: 0, skipped: 0, changed: 0 },
    rows: total,
    durationMs: 1000,
    interrupted: false,
  });
  out.end();
  await once(out, 'close');
  return file;
}
