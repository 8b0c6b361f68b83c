import { createRequire } from 'node:module';

type ExcelJsModule = typeof import('exceljs');

let loaded: ExcelJsModule | undefined;

/**
 * Loads exceljs with Node's own `require`. exceljs is CommonJS and requires `uuid`, which the lockfile
 * pins to an ES-module-only release: Node ≥ 20.19 loads that natively, but a module loader that
 * emulates `require` (jest's, which also replaces `createRequire` from `node:module`) cannot. Taking
 * `createRequire` from `process.getBuiltinModule` always gives Node's own. Values made by exceljs may
 * then come from another realm: check them without `instanceof`.
 */
export function loadExcelJs(): ExcelJsModule {
  if (loaded) return loaded;
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:module') as
    { createRequire: typeof createRequire } | undefined;
  loaded = (builtin?.createRequire ?? createRequire)(import.meta.url)('exceljs') as ExcelJsModule;
  return loaded;
}
