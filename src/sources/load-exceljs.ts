import { createRequire } from 'node:module';

type ExcelJsModule = typeof import('exceljs');

let loaded: ExcelJsModule | undefined;

/**
 * Loads exceljs with Node's own `require` (`process.getBuiltinModule`): it requires an ES-module-only
 * `uuid`, which jest's emulated `require` cannot load. Its values may then be of another realm: no
 * `instanceof` on them.
 */
export function loadExcelJs(): ExcelJsModule {
  if (loaded) return loaded;
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:module') as
    { createRequire: typeof createRequire } | undefined;
  loaded = (builtin?.createRequire ?? createRequire)(import.meta.url)('exceljs') as ExcelJsModule;
  return loaded;
}
