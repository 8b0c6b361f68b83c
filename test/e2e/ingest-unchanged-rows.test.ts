import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliResult } from '../cli/run-built-cli.js';
import { runCliInTurn } from '../cli/run-cli-in-process.js';
import { audit, envFor, ingestArgs, runCli, sampleLines } from './ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

interface JsonSummary {
  readonly counts: Record<string, number>;
}

interface Line {
  readonly type: string;
  readonly key?: string;
  readonly src?: string;
  readonly why?: string;
  readonly location?: { readonly row: number };
  readonly problems?: readonly { readonly code: string }[];
  readonly sourceValues?: Record<string, unknown>;
}

async function lines(file: string): Promise<Line[]> {
  return (await readFile(file, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

/** The report's lines after its first `skip` lines. */
async function linesAfter(file: string, skip: number): Promise<Line[]> {
  return (await lines(file)).slice(skip);
}

/** A run through runCli in this process, what the bin runs (the built CLI where a test says so). */
const inProcess = (args: readonly string[], env: Record<string, string>): Promise<CliResult> => runCliInTurn(args, { env });

describe('rows the ledger holds are not mapped again (CLI, sandbox over HTTP)', () => {
  test(
    'uploads record their source digest; a resume writes no row line; an edit, a duplicate and a header change are what they were',
    () =>
      withSandbox({}, async (sandbox, dir, storeFile) => {
        const { header, rows } = await sampleLines();
        const input = path.join(dir, 'steel.csv');
        const report = path.join(dir, 'r.jsonl');
        const env = envFor(sandbox, dir);
        await writeFile(input, [header, ...rows.slice(0, 30), ''].join('\n'));
        // The first run through the built CLI; the others in this process.
        const first = await runCli(ingestArgs(input, report), env);
        expect(first.code).toBe(0);
        // The run that made the report saved its ledger index, without a word.
        expect(first.stderr).not.toMatch(/LEDGER_INDEX_NOT_SAVED/);
        expect((await stat(`${report}.index`)).size).toBeGreaterThan(4096 + 30 * 89);
        const uploaded = (await lines(report)).filter((l) => l.type === 'uploaded');
        expect(uploaded).toHaveLength(30);
        expect(uploaded.every((l) => /^[0-9a-f]{32}$/.test(l.src ?? ''))).toBe(true);

        // Unchanged: counted, no row line.
        let before = (await lines(report)).length;
        const again = await inProcess(ingestArgs(input, report, '--json'), env);
        expect((JSON.parse(again.stdout) as JsonSummary).counts).toMatchObject({ skipped: 30, uploaded: 0 });
        expect((await linesAfter(report, before)).map((l) => l.type)).toEqual(['run', 'summary']);

        // Row 3 edited, and after it a copy of row 3 as it was (the same key twice), and a copy of row 5.
        const edited = rows[2]!.split(',');
        edited[16] = String(Number(edited[16]) + 1);
        await writeFile(input, [header, ...rows.slice(0, 2), edited.join(','), ...rows.slice(3, 30), rows[2], rows[4], ''].join('\n'));
        before = (await lines(report)).length;
        const third = await inProcess(ingestArgs(input, report, '--json'), env);
        expect(third.code).toBe(1);
        expect((JSON.parse(third.stdout) as JsonSummary).counts).toMatchObject({ skipped: 29, changed: 1, invalid: 2, uploaded: 0 });
        const rowLines = (await linesAfter(report, before)).filter((l) => l.type !== 'run' && l.type !== 'summary');
        expect(rowLines.map((l) => [l.type, l.location?.row, l.problems?.[0]?.code])).toEqual([
          ['changed', 4, undefined],
          ['invalid', 32, 'DUPLICATE_KEY'],
          ['invalid', 33, 'DUPLICATE_KEY'],
        ]);
        // An unmapped duplicate keeps its cells for the error file.
        expect(rowLines[2]!.sourceValues).toMatchObject({ formula: rows[4]!.split(',')[1] });

        // Another header (a renamed column the mapping does not read): every row is mapped once more,
        // skipped as uploaded with its new digest written; the next run is silent again.
        await writeFile(input, [header.replace(/^,/, 'index,'), ...rows.slice(0, 30), ''].join('\n'));
        before = (await lines(report)).length;
        const renamed = await inProcess(ingestArgs(input, report, '--json'), env);
        expect((JSON.parse(renamed.stdout) as JsonSummary).counts).toMatchObject({ skipped: 30, uploaded: 0 });
        const rewritten = (await linesAfter(report, before)).filter((l) => l.type === 'skipped');
        // Row 3's key was left `changed`; its original cells undo that change with a line of their own.
        expect(rewritten).toHaveLength(30);
        expect(rewritten.every((l) => l.why === 'uploaded' && /^[0-9a-f]{32}$/.test(l.src ?? ''))).toBe(true);
        before = (await lines(report)).length;
        await inProcess(ingestArgs(input, report), env);
        expect((await linesAfter(report, before)).map((l) => l.type)).toEqual(['run', 'summary']);

        expect(sandbox.records()).toHaveLength(30);
        const seen = await audit(storeFile, report);
        expect([seen.duplicates, seen.missing]).toEqual([[], []]);
      }),
    90_000,
  );

  test(
    'a report written before digests were recorded is resumed as before, gains the digests once, then is resumed unmapped; compact keeps them',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const { header, rows } = await sampleLines();
        const input = path.join(dir, 'steel.csv');
        const report = path.join(dir, 'r.jsonl');
        const env = envFor(sandbox, dir);
        await writeFile(input, [header, ...rows.slice(0, 20), ''].join('\n'));
        expect((await inProcess(ingestArgs(input, report), env)).code).toBe(0);
        // As an older version wrote it: no digest anywhere.
        const old = (await readFile(report, 'utf8')).replace(/,"src":"[0-9a-f]{32}"/g, '');
        expect(old).not.toContain('"src"');
        await writeFile(report, old);
        let before = (await lines(report)).length;
        await inProcess(ingestArgs(input, report), env);
        const gained = (await linesAfter(report, before)).filter((l) => l.type === 'skipped');
        expect(gained).toHaveLength(20);
        expect(gained.every((l) => /^[0-9a-f]{32}$/.test(l.src ?? ''))).toBe(true);

        const compacted = await inProcess(['report', 'compact', report], env);
        expect(compacted.code).toBe(0);
        const state = (await lines(report)).filter((l) => l.type === 'state');
        expect(state).toHaveLength(20);
        expect(state.map((l) => l.src)).toEqual(gained.map((l) => l.src));
        before = (await lines(report)).length;
        const resumed = await inProcess(ingestArgs(input, report, '--json'), env);
        expect((JSON.parse(resumed.stdout) as JsonSummary).counts).toMatchObject({ skipped: 20, uploaded: 0 });
        expect((await linesAfter(report, before)).map((l) => l.type)).toEqual(['run', 'summary']);
        expect(sandbox.records()).toHaveLength(20);
      }),
    90_000,
  );
});
