import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { csvField } from '../util/csv-field.js';
import { openTextSink } from '../util/open-text-sink.js';
import { neutralizeFormula } from './neutralize-formula.js';
import { openXlsxSheetWriter, type SheetCell } from './open-xlsx-sheet-writer.js';

/** How a list file's problems are reported: its flag, and the errors for a wrong name and an unwritable file. */
export interface RowListErrors {
  readonly flag: string;
  readonly extension: (ext: string) => Error;
  readonly unwritable: (error: unknown) => Error;
}

/**
 * Writes a list for people (`--uploaded-out`, `--changed-out`), streamed: CSV (BOM, formula-like text
 * made inert) or a one-sheet xlsx, by extension; rows may come as an async iterable.
 * @throws the `extension` error for another extension, the `unwritable` one when the file cannot be written.
 */
export async function writeRowList(
  out: string,
  header: readonly string[],
  rows: Iterable<readonly SheetCell[]> | AsyncIterable<readonly SheetCell[]>,
  errors: RowListErrors,
  sheetName: string,
): Promise<{ rows: number }> {
  const ext = path.extname(out).toLowerCase();
  let count = 0;
  if (ext === '.csv') {
    const sink = await openTextSink(out, errors.unwritable);
    try {
      await sink.write(`\uFEFF${header.map(csvField).join(',')}\r\n`);
      for await (const row of rows) {
        count++;
        await sink.write(
          `${row.map((c) => csvField(typeof c === 'string' ? neutralizeFormula(c) : c === null ? '' : String(c))).join(',')}\r\n`,
        );
      }
      await sink.close();
    } catch (error) {
      sink.destroy();
      throw error;
    }
    return { rows: count };
  }
  if (ext !== '.xlsx') throw errors.extension(ext);
  const stream = createWriteStream(out);
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]).catch(
    (error: unknown) => {
      throw errors.unwritable(error);
    },
  );
  const sheet = openXlsxSheetWriter(stream, sheetName);
  await sheet.addRow(header);
  for await (const row of rows) {
    count++;
    await sheet.addRow(row);
  }
  await sheet.close();
  return { rows: count };
}
