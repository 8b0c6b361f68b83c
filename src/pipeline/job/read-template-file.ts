import { TemplateError } from '../../template/template-errors.js';
import { parseTemplate } from '../../template/parse-template.js';
import type { Template } from '../../template/template-types.js';
import { readBoundedFileSync } from '../../util/read-bounded-file.js';
import { isObject } from '../../util/is-object.js';

/** Largest template file read: 64 MiB, room for a whole catalog saved from the platform. */
export const MAX_TEMPLATE_FILE_BYTES = 64 * 1024 * 1024;

/** The raw templates a file holds, whatever of the accepted shapes it has. */
function candidates(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (!isObject(json)) return [];
  if (Array.isArray(json['templates'])) return json['templates'];
  // A saved `GET templates/<tid>` answer, with or without the envelope.
  const data = isObject(json['data']) ? json['data'] : json;
  if (isObject(data['template'])) return [data['template']];
  return [json];
}

/**
 * Reads template `tid` from a JSON file for offline work: one template, the saved answer of
 * `GET templates/<tid>`, a bare array, or `{templates: [...]}` like `samples/templates.json`.
 * @throws TemplateError `TEMPLATE_FILE_UNREADABLE`, `TEMPLATE_NOT_FOUND`, `TEMPLATE_MALFORMED`.
 */
export async function readTemplateFile(file: string, tid: number): Promise<Template> {
  let json: unknown;
  try {
    json = JSON.parse(readBoundedFileSync(file, { maxBytes: MAX_TEMPLATE_FILE_BYTES }));
  } catch (error) {
    throw new TemplateError(
      'TEMPLATE_FILE_UNREADABLE',
      `cannot read the template file: ${error instanceof Error ? error.message : String(error)}`,
      {
        location: { file },
        hint: 'Give a JSON file holding the template as `GET templates/<tid>` returns it.',
        cause: error,
      },
    );
  }
  const found = candidates(json).find((t) => isObject(t) && t['id'] === tid);
  if (found === undefined) {
    throw new TemplateError('TEMPLATE_NOT_FOUND', `the template file has no template ${tid}`, {
      location: { file },
      hint: "Check the template id of the mapping, or save the platform's answer to `GET templates/<tid>` in the file.",
    });
  }
  return parseTemplate(found);
}
