import type { CategoryNode, Project } from '../platform/platform-types.js';
import type { Template, TemplateSummary } from '../template/template-types.js';
import type { PlatformSession } from './open-platform.js';

export type { CategoryNode, Project } from '../platform/platform-types.js';
export type { Template, TemplateSummary } from '../template/template-types.js';

/**
 * What the read commands ask the platform (`templates list`, `templates show`, `categories`,
 * `projects`), through the session `openPlatform` opened: every answer parsed and bounded by the
 * client, GETs retried by the one retry policy (`retryGet`).
 */
export const readPlatform = {
  /** Every published template (all pages), optionally of one category. */
  templates: (session: PlatformSession, options: { readonly category: number | undefined }): Promise<TemplateSummary[]> =>
    session.client.listTemplates({ category: options.category }),
  /** One template's typed field tree. */
  template: (session: PlatformSession, tid: number): Promise<Template> => session.client.getTemplate(tid),
  /** The material category tree. */
  categories: (session: PlatformSession): Promise<CategoryNode[]> => session.client.categoryTree(),
  /** Projects and their topics (the ids `meta.other_info` takes). */
  projects: (session: PlatformSession): Promise<Project[]> => session.client.projects(),
};
