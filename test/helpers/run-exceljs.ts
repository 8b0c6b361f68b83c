import { execFileSync } from 'node:child_process';

/**
 * Runs `script` (the body of an async function with `ExcelJS` in scope and the file names in
 * `process.argv[1…]`) in a process of its own, and returns what it printed as JSON (undefined for
 * nothing). Its own process because rows made in jest's module realm reach exceljs' writer empty.
 */
export function runExcelJs<T>(script: string, ...args: string[]): T {
  const program = `const ExcelJS = require('exceljs'); (async () => { ${script} })().catch((e) => { console.error(e); process.exit(1); });`;
  const out = execFileSync(process.execPath, ['-e', program, ...args], { cwd: process.cwd(), encoding: 'utf8' });
  return (out.trim() === '' ? undefined : JSON.parse(out)) as T;
}
