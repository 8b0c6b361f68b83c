import { rename, rm } from 'node:fs/promises';
import { openTextSink, unwritableFile } from '../../util/open-text-sink.js';
import type { HtmlReportView } from './html-report-view.js';
import { renderHtmlReport } from './render-html-report.js';

/** Options of {@link writeHtmlReport}. */
export interface WriteHtmlReportOptions {
  /** The option that named the file, for error locations. @default '--html' */
  readonly flag?: string;
  /** Pieces are gathered up to this many characters before each write. @default 65536 */
  readonly chunkSize?: number;
}

/**
 * Streams the page of `view` to a file beside `file`, waiting on the disk, then renames it onto
 * `file`: memory holds one chunk, a failed write leaves no half page. Resolves with its size in bytes.
 * @throws MgeError `HTML_FILE_UNWRITABLE` (kind `usage`).
 */
export async function writeHtmlReport(
  view: HtmlReportView,
  file: string,
  options: WriteHtmlReportOptions = {},
): Promise<{ bytes: number }> {
  const chunkSize = options.chunkSize ?? 65_536;
  const unwritable = unwritableFile('HTML_FILE_UNWRITABLE', file, options.flag ?? '--html');
  const partial = `${file}.${process.pid}.partial`;
  const sink = await openTextSink(partial, unwritable);
  try {
    let pending = '';
    for (const piece of renderHtmlReport(view)) {
      pending += piece;
      if (pending.length < chunkSize) continue;
      await sink.write(pending);
      pending = '';
    }
    await sink.write(pending);
    await sink.close();
    await rename(partial, file).catch((error: unknown) => Promise.reject(unwritable(error)));
    return { bytes: sink.bytesWritten };
  } catch (error) {
    sink.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
