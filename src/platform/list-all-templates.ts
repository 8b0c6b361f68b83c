import type { TemplateSummary } from '../template/template-types.js';
import { PayloadShapeError } from './parse-platform-values.js';

/** One page of `GET templates` as parsed. */
export interface TemplatePage {
  readonly templates: readonly TemplateSummary[];
  readonly total: number;
}

/**
 * Most templates a listing reads. The platform holds hundreds; a `total` past this is not believed,
 * so a hostile one cannot send the client paging for ever.
 */
export const MAX_LISTED_TEMPLATES = 100_000;

/**
 * Reads every page of the template list, trusting no page to end it: the platform answers past the
 * end with page 1 again, so each page must hold exactly what `total` leaves for it, none seen before
 * (docs/platform.md#listing-templates). A `total` past {@link MAX_LISTED_TEMPLATES} is refused.
 * @throws PayloadShapeError for a page that breaks these rules (the client reports PROTOCOL_ERROR).
 */
export async function listAllTemplates(fetchPage: (page: number) => Promise<TemplatePage>, perPage: number): Promise<TemplateSummary[]> {
  const first = await fetchPage(1);
  const total = first.total;
  if (!Number.isSafeInteger(total) || total < 0) throw new PayloadShapeError('data.total', `expected a count of templates, got ${total}`);
  if (total > MAX_LISTED_TEMPLATES)
    throw new PayloadShapeError(
      'data.total',
      `the platform claims ${total} templates, more than the ${MAX_LISTED_TEMPLATES} a listing reads`,
    );
  const seen = new Set<number>();
  const all: TemplateSummary[] = [];
  let page: TemplatePage = first;
  for (let n = 1; ; n++) {
    const expected = Math.min(perPage, total - (n - 1) * perPage);
    if (page.templates.length !== expected) {
      throw new PayloadShapeError(
        'data.templates',
        `page ${n} holds ${page.templates.length} templates, but total ${total} at ${perPage} per page leaves ${expected} for it`,
      );
    }
    for (const template of page.templates) {
      if (seen.has(template.id))
        throw new PayloadShapeError(
          'data.templates',
          `page ${n} repeats template ${template.id} of an earlier page: the listing makes no progress`,
        );
      seen.add(template.id);
      all.push(template);
    }
    if (all.length >= total) return all;
    page = await fetchPage(n + 1);
  }
}
