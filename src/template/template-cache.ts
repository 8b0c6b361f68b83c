import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseTemplate } from './parse-template.js';
import type { Template } from './template-types.js';

/** Templates kept on disk, one JSON file per id and `pub_date`, as the API returned them. */
export interface TemplateCache {
  /** The cached template of that id and pub date (the newest cached one when `pubDate` is omitted). */
  get(id: number, pubDate?: string): Promise<Template | undefined>;
  /** Stores a template exactly as the API returned it (`data.template`); returns it parsed. */
  put(raw: unknown): Promise<Template>;
}

function fileName(id: number, pubDate: string): string {
  return `template-${id}-${pubDate.replace(/[^0-9]/g, '') || 'undated'}.json`;
}

/**
 * A template cache in `dir` (created on first write). Keyed by id and `pub_date` so a template
 * changed on the platform never hides behind an old copy, and the copy a mapping was written
 * against stays available to say which fields changed.
 */
export function createTemplateCache(dir: string): TemplateCache {
  return {
    async get(id, pubDate) {
      let name: string | undefined;
      if (pubDate !== undefined) name = fileName(id, pubDate);
      else {
        const names = await readdir(dir).catch(() => [] as string[]);
        name = names
          .filter((n) => n.startsWith(`template-${id}-`) && n.endsWith('.json'))
          .sort()
          .pop();
      }
      if (name === undefined) return undefined;
      const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
      return text === undefined ? undefined : parseTemplate(JSON.parse(text));
    },
    async put(raw) {
      const template = parseTemplate(raw);
      await mkdir(dir, { recursive: true });
      const target = join(dir, fileName(template.id, template.pubDate));
      // Write then rename: a reader never sees half a file.
      await writeFile(`${target}.tmp`, JSON.stringify(raw));
      await rename(`${target}.tmp`, target);
      return template;
    },
  };
}
