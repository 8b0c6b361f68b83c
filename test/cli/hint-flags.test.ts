import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { runCliInProcess } from './run-cli-in-process.js';

/** Every command path of the CLI, so each one's `--help` lists its flags. */
const COMMAND_PATHS = [[], ['templates', 'list'], ['templates', 'show'], ['categories'], ['projects'], ['init'], ['preview'], ['validate'], ['ingest'], ['report'], ['sandbox']];

async function cliFlags(): Promise<Set<string>> {
  const flags = new Set<string>();
  for (const command of COMMAND_PATHS) {
    const { stdout, code } = await runCliInProcess([...command, '--help']);
    expect(code).toBe(0);
    // An option's description may wrap, its type then ends a continuation line.
    let current: string | undefined;
    for (const line of stdout.split('\n')) {
      const match = /^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)/.exec(line);
      if (match?.[1]) {
        current = match[1];
        flags.add(current);
      } else if (line.trim() === '') current = undefined;
      if (current !== undefined && /\[boolean]/.test(line)) flags.add(`--no-${current.slice(2)}`);
    }
  }
  return flags;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every `--flag` written in a string or template literal of `src` (comments are not looked at), with its file. */
function flagsInLiterals(): { flag: string; file: string }[] {
  const found: { flag: string; file: string }[] = [];
  for (const file of sourceFiles(path.resolve('src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        // A CSS custom property of the HTML page (`--fg: #222`, `var(--fg)`) is not a flag.
        for (const m of node.text.matchAll(/(?<![\w-]|var\()--[a-z][a-z0-9-]*(?![\w-]*\s*:)/g)) found.push({ flag: m[0], file: path.relative(process.cwd(), file) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

test('every flag a message or hint names exists on the command line', async () => {
  const flags = await cliFlags();
  // yargs' completion protocol: what the printed completion script runs, never listed by --help.
  flags.add('--get-yargs-completions');
  // The help output itself is read right: the flags of several commands are there.
  expect([...flags]).toEqual(expect.arrayContaining(['--mapping', '--errors', '--failed-out', '--no-template-cache', '--fail-rate', '--token-file']));
  const named = flagsInLiterals();
  expect(named.length).toBeGreaterThan(50);
  const unknown = named.filter((n) => !flags.has(n.flag));
  expect(unknown).toEqual([]);
});
