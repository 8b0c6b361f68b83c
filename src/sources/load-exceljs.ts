import { createRequire } from 'node:module';

type ExcelJsModule = typeof import('exceljs');

let loaded: ExcelJsModule | undefined;

/**
 * Loads exceljs with Node's own `require`. exceljs is CommonJS and requires `uuid`, which the lockfile
 * pins to an ES-module-only release; Node ≥ 20.19 loads that natively, module loaders that emulate
 * `require` (test runners) may not, so exceljs is loaded on first use rather than imported.
 */
export function loadExcelJs(): ExcelJsModule {
  loaded ??= createRequire(import.meta.url)('exceljs') as ExcelJsModule;
  return loaded;
}
