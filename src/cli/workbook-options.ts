import { idArgument } from './parse-option.js';

/** What `validate` and `ingest` take for a platform workbook read without a mapping (docs/platform-workbook.md → Meta). */
export interface WorkbookFlags {
  readonly tid: number | undefined;
  readonly meta: { readonly source?: string; readonly methods?: string; readonly reference?: string };
}

/** `--template`, `--source`, `--methods`, `--reference` as given (checked by the mapping checker like a mapping's own meta). */
export function workbookOptions(args: Record<string, unknown>): WorkbookFlags {
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const source = text(args['source']);
  const methods = text(args['methods']);
  const reference = text(args['reference']);
  return {
    tid: args['template'] === undefined ? undefined : idArgument(args['template'], 'template'),
    meta: { ...(source === undefined ? {} : { source }), ...(methods === undefined ? {} : { methods }), ...(reference === undefined ? {} : { reference }) },
  };
}
