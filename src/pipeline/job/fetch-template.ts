import type { PlatformClient } from '../../platform/platform-client.js';
import { createTemplateCache, type TemplateCache } from '../../template/template-cache.js';
import { TemplateError } from '../../template/template-errors.js';
import { templateToRaw } from '../../template/template-to-raw.js';
import type { Template } from '../../template/template-types.js';
import { readTemplateFile } from './read-template-file.js';

/** Where a job's template comes from. */
export interface TemplateSource {
  /** The platform, asked with `GET templates/<tid>`. Not needed with `templateFile`. */
  readonly client?: Pick<PlatformClient, 'getTemplate'>;
  /** A JSON file holding the template (offline work); wins over `client`. @default undefined */
  readonly templateFile?: string;
  /**
   * Templates seen before, kept per id and `pub_date`: every fetched template is stored, and the
   * version a mapping was written against is looked up to list what changed. @default undefined (no cache)
   */
  readonly cache?: TemplateCache | undefined;
}

/** A template and where it came from. */
export interface FetchedTemplate {
  readonly template: Template;
  readonly from: 'platform' | 'file';
}

/**
 * Gets template `tid` from the template file, else from the platform, and stores it in the cache.
 * @throws MgeError `TEMPLATE_NOT_FOUND` / `TEMPLATE_UNPUBLISHED` (kind `template`), the client's
 *   `PlatformRequestError`s, or `TEMPLATE_SOURCE_MISSING` (kind `usage`) with neither a file nor a client.
 */
export async function fetchTemplate(tid: number, source: TemplateSource): Promise<FetchedTemplate> {
  let fetched: FetchedTemplate;
  if (source.templateFile !== undefined) fetched = { template: await readTemplateFile(source.templateFile, tid), from: 'file' };
  else if (source.client !== undefined) fetched = { template: await source.client.getTemplate(tid), from: 'platform' };
  else {
    throw new TemplateError('TEMPLATE_SOURCE_MISSING', `no way to get template ${tid}: neither a platform nor a template file`, {
      hint: 'Give --template-file FILE, or the platform settings (or --sandbox).',
    });
  }
  // The cache only serves to list changes later: a cache that cannot be written must not stop the run.
  if (source.cache !== undefined) await source.cache.put(templateToRaw(fetched.template)).catch(() => undefined);
  return fetched;
}

/** Where {@link createTemplateSource} finds a command's template. */
export interface TemplateSourceOptions {
  /** A JSON file holding the template (`--template-file`, resolved); undefined: the platform. */
  readonly templateFile: string | undefined;
  /** The template cache folder; undefined: no cache (`--no-template-cache`, or no home folder). */
  readonly cacheDir: string | undefined;
  /** Opens the platform, only when there is no template file (offline work needs no settings). */
  readonly openPlatform: () => Promise<{ readonly client: Pick<PlatformClient, 'getTemplate'> }>;
}

/** The template source of `init`, `validate` and `ingest`: the file, else the platform, with the cache. */
export async function createTemplateSource(options: TemplateSourceOptions): Promise<TemplateSource> {
  const cache = options.cacheDir === undefined ? undefined : createTemplateCache(options.cacheDir);
  if (options.templateFile !== undefined) return { templateFile: options.templateFile, cache };
  const { client } = await options.openPlatform();
  return { client, cache };
}
