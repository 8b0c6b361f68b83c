import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startCli, tempDir } from './ingest-harness.js';

const WALKTHROUGH = path.resolve('docs', 'walkthrough.md');

/** One fenced block of the page: its language and lines. */
interface Block {
  readonly lang: string;
  readonly lines: readonly string[];
}

function blocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1]!,
    lines: m[2]!.split('\n').filter((l) => l.trim() !== ''),
  }));
}

/** Runs of spaces are layout (a column's padding depends on the longest value), not content. */
function squeeze(text: string): string {
  return text.replace(/[ \t]+/g, ' ');
}

/** `meta:` lines of the page's yaml block put in place of the same keys in the mapping `init` wrote. */
function fillMeta(mapping: string, yaml: readonly string[]): string {
  let out = mapping;
  for (const line of yaml) {
    const key = /^ {2}(\w+):/.exec(line)?.[1];
    if (key === undefined) throw new Error(`not a meta line: ${line}`);
    const before = out;
    out = out.replace(new RegExp(`^ {2}${key}:.*$`, 'm'), () => line);
    if (out === before) throw new Error(`the mapping has no meta line "${key}:"`);
  }
  return out;
}

describe('docs/walkthrough.md, done as it says through the built CLI', () => {
  test('templates show → init → the meta filled → preview → validate exits 0 → ingest, each printing what the page quotes', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'samples'));
    await mkdir(path.join(dir, 'mappings'));
    await copyFile(path.resolve('samples', 'ucsb_thermoelectrics.csv'), path.join(dir, 'samples', 'ucsb_thermoelectrics.csv'));
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const page = blocks(await readFile(WALKTHROUGH, 'utf8'));
    expect(page.filter((b) => b.lang === 'sh')).toHaveLength(5);

    let last: { command: string; output: string } | undefined;
    const ran: string[] = [];
    for (const block of page) {
      if (block.lang === 'sh') {
        for (const line of block.lines) {
          expect(line).toMatch(/^mge-ingest /);
          const args = line.replace(/^mge-ingest /, '').split(/\s+/);
          const result = await startCli(args, env, dir).done;
          // Every step of the page succeeds as it is written: validate included, exit 0.
          expect({ command: line, code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({
            command: line,
            code: 0,
            stderr: '',
          });
          last = { command: line, output: squeeze(`${result.stdout}\n${result.stderr}`) };
          ran.push(args[0]!);
        }
      } else if (block.lang === 'text') {
        if (last === undefined) throw new Error('a text block before any command');
        for (const line of block.lines)
          expect({ command: last.command, quoted: squeeze(line), found: last.output.includes(squeeze(line)) }).toEqual({
            command: last.command,
            quoted: squeeze(line),
            found: true,
          });
      } else if (block.lang === 'yaml') {
        const file = path.join(dir, 'mappings', 'thermo.yaml');
        const scaffold = await readFile(file, 'utf8');
        // Only meta text is written: the placeholders init left, and the source.
        expect(scaffold.match(/^[^#\n]*FILL_IN/gm)).toHaveLength(3);
        const filled = fillMeta(scaffold, block.lines);
        expect(filled).not.toMatch(/^[^#\n]*FILL_IN/m);
        expect(filled.split('\n').filter((l, i) => l !== scaffold.split('\n')[i])).toEqual([...block.lines]);
        await writeFile(file, filled);
      }
    }
    expect(ran).toEqual(['templates', 'init', 'preview', 'validate', 'ingest']);
  }, 180_000);
});
