import type { SourceOptions } from '../pipeline/run-init.js';
import { numberOption } from './parse-option.js';

/**
 * `--sheet` (a name, or a 1-based index when all digits), `--header-row` and `--header-rows` as the
 * reader's options: what `init` and `mapper` read a new mapping's input with.
 */
export function sourceShapeOptions(args: Record<string, unknown>): SourceOptions {
  const sheetText = args['sheet'] === undefined ? undefined : String(args['sheet']);
  const sheet =
    sheetText === undefined ? undefined : /^\d+$/.test(sheetText) ? numberOption(sheetText, 'sheet', { integer: true, min: 1 }) : sheetText;
  const headerRow = numberOption(args['header-row'], 'header-row', { integer: true, min: 1 });
  const headerRows = numberOption(args['header-rows'], 'header-rows', { integer: true, min: 1 });
  return {
    ...(sheet === undefined ? {} : { sheet }),
    ...(headerRow === undefined ? {} : { headerRow }),
    ...(headerRows === undefined ? {} : { headerRows }),
  };
}
