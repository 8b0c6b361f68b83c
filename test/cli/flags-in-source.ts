import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The command paths of the CLI, as a hint names them (`mge-ingest templates show`, `ingest --…`). */
export const COMMANDS = [
  'templates list',
  'templates show',
  'categories',
  'projects',
  'init',
  'mapper',
  'preview',
  'validate',
  'ingest',
  'report',
  'sandbox',
] as const;
export type CommandName = (typeof COMMANDS)[number];

/** A `--flag` written in a literal of `src`, with the command it is written for when the text says so. */
export interface NamedFlag {
  readonly flag: string;
  readonly file: string;
  /** The command the flag is given to, or undefined when the text does not say (see {@link commandsOfFlags}). */
  readonly command: CommandName | undefined;
  readonly text: string;
}

const NAMES = COMMANDS.map((c) => c.replace(' ', '\\s+')).join('|');
/**
 * A command as a hint writes it: after `mge-ingest` or yargs' `$0` with any arguments, or a bare
 * command word right before its flags (`ingest --retry-uncertain`, `init 201 --workbook`).
 */
const MENTION = new RegExp(`(?:mge-ingest|\\$0)\\s+(${NAMES})\\b|(?<![\\w-])(${NAMES})(?=(?:\\s+(?:<[^>]+>|\\d+))?\\s+--[a-z])`, 'g');
/** Where a command line written in prose ends: a backtick, a bracket, a clause (`, `, `: `, `; `), a sentence. */
const LINE_END = /[`()\n]|[,:;.] /g;
/** A flag, not a CSS custom property of the HTML page (`--fg: #222`, `var(--fg)`). */
const FLAG = /(?<![\w-]|var\()--[a-z][a-z0-9-]*(?![\w-]*\s*:)/g;

/**
 * The flags of one text, each with the command it is written for: the command of a command line
 * (`mge-ingest report FILE --failed-out x.csv`, `ingest --on-change upload`) that reaches the flag.
 * A flag outside any command line is undefined: prose such as "raise --timeout" or "stopped early by
 * --max-errors" is shared by several commands (settings, platform errors, the exit-code epilogues of
 * ingest and report), and which command shows it is known only when it runs.
 */
export function commandsOfFlags(text: string): { flag: string; command: CommandName | undefined }[] {
  const lines: { start: number; end: number; command: CommandName }[] = [];
  for (const m of text.matchAll(MENTION)) {
    const start = m.index;
    LINE_END.lastIndex = start + m[0].length;
    const end = LINE_END.exec(text)?.index ?? text.length;
    lines.push({ start, end, command: (m[1] ?? m[2] ?? '').replace(/\s+/, ' ') as CommandName });
  }
  return [...text.matchAll(FLAG)].map((m) => ({
    flag: m[0],
    command: lines.filter((l) => l.start < m.index && m.index < l.end).at(-1)?.command,
  }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The command a `src/cli/commands/<name>-command.ts` file defines (both `templates` commands for its one file). */
function commandOfFile(file: string): readonly CommandName[] {
  const name = /cli\/commands\/([a-z]+)-command\.ts$/.exec(file.replaceAll('\\', '/'))?.[1];
  if (name === 'templates') return ['templates list', 'templates show'];
  return COMMANDS.filter((c) => c === name);
}

/**
 * Every `--flag` written in a string or template literal of `src` (comments are not looked at). A
 * template literal is read whole, its `${…}` parts as a word, so `mge-ingest report ${file}
 * --failed-out` names the report command. A literal that is only a flag in a command's own file
 * (`'--failed-out'`, the option a file check or an error names) is that command's.
 */
export function flagsInLiterals(root = 'src'): NamedFlag[] {
  const found: NamedFlag[] = [];
  for (const full of sourceFiles(path.resolve(root))) {
    const file = path.relative(process.cwd(), full);
    const own = commandOfFile(file);
    const add = (text: string): void => {
      const alone = /^--[a-z][a-z0-9-]*(?: \([^)]*\))?$/.test(text) && own.length === 1;
      for (const { flag, command } of commandsOfFlags(text))
        found.push({ flag, file, command: command ?? (alone ? own[0] : undefined), text });
    };
    const source = ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node)) add(node.text);
      else if (ts.isTemplateExpression(node)) add(node.head.text + node.templateSpans.map((s) => `X${s.literal.text}`).join(''));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
