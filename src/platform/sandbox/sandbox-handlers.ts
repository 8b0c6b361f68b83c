import { appendFileSync } from 'node:fs';
import { parseTemplate } from '../../template/parse-template.js';
import type { Field } from '../../template/template-types.js';
import { checkSubmission, type MethodsWidth } from './check-submission.js';
import { listTemplatesPage, servedTemplate, type ListQuery, type RawTemplate } from './list-templates-page.js';
import type { SandboxCategory } from './sandbox-fixtures.js';
import type { StoredRecord } from './sandbox-options.js';
import { badData, SandboxRejection, success, type SandboxReply } from './sandbox-reply.js';
import type { ContentStrictness } from './walk-content.js';

/** The caller as the platform sees it after the token check. */
export interface Caller {
  /** The token's resource owner; undefined for a client-credentials token. */
  readonly owner: string | undefined;
  /** `Accept-Language` header. */
  readonly language: string | undefined;
}

export interface HandlerConfig {
  readonly templates: readonly RawTemplate[];
  readonly categories: readonly SandboxCategory[];
  readonly projects: readonly Record<string, unknown>[];
  readonly methodsWidth: MethodsWidth;
  readonly strictness: ContentStrictness;
  readonly fileExists: (path: string) => boolean;
  readonly storeFile: string | undefined;
  readonly firstId: number;
  readonly now: () => number;
}

/** Django's `DATA_UPLOAD_MAX_MEMORY_SIZE` default (2.5 MiB): docs/platform.md#the-submit-request. */
export const MAX_BODY_BYTES = 2_621_440;

const CONTENT_TYPE_DETAIL = 'Wrong content-type (JSON required)';

function notAcceptable(detail: string): SandboxRejection {
  return new SandboxRejection(406, 2202, CONTENT_TYPE_DETAIL, `${CONTENT_TYPE_DETAIL} (${detail})`);
}

function localize(nodes: readonly SandboxCategory[], english: boolean): unknown[] {
  return nodes.map((node) => ({
    id: node.id,
    name: english && node.name_en ? node.name_en : node.name,
    children: localize(node.children ?? [], english),
  }));
}

/** The endpoint handlers of the sandbox, over one in-memory store. */
export function createSandboxHandlers(config: HandlerConfig) {
  const fieldsById = new Map<number, readonly Field[]>();
  const templateById = new Map<number, RawTemplate>();
  for (const raw of config.templates) {
    // Parsing up front makes a broken templates file fail at start, not on the first submit.
    const template = parseTemplate(raw);
    fieldsById.set(template.id, template.fields);
    templateById.set(template.id, raw);
  }
  const stored: StoredRecord[] = [];
  let nextId = config.firstId;

  return {
    records: (): readonly StoredRecord[] => stored,

    listTemplates(query: ListQuery, caller: Caller): SandboxReply {
      return listTemplatesPage(config.templates, query, caller.owner);
    },

    oneTemplate(tid: number): SandboxReply {
      const template = templateById.get(tid);
      // Both failures are 422/2102, not 404 (docs/platform.md#one-template); the unpublished detail is doubled by a re-wrap.
      if (template === undefined) throw badData('id not exists');
      if (template['published'] !== true) throw badData('Bad data (not published)');
      return success({ template: servedTemplate(template) });
    },

    categoryTree(caller: Caller): SandboxReply {
      return success(localize(config.categories, /^en\b/i.test(caller.language ?? '')));
    },

    projects(): SandboxReply {
      return success(config.projects);
    },

    /** docs/platform.md#the-order-of-the-submit-checks: body parsing, username, then the meta/content checks; stores and answers 201 with the new id. */
    submit(
      contentType: string | undefined,
      body: Buffer,
      tooLarge: boolean,
      username: string | undefined,
      caller: Caller,
    ): { reply: SandboxReply; record?: StoredRecord } {
      if (!contentType || contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
        throw notAcceptable('Content-Type must be application/json');
      }
      if (tooLarge) throw notAcceptable('Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch (error) {
        throw notAcceptable((error as Error).message);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        const given = Array.isArray(parsed)
          ? 'list'
          : parsed === null
            ? 'NoneType'
            : typeof parsed === 'string'
              ? 'str'
              : typeof parsed === 'number'
                ? 'int'
                : 'bool';
        throw notAcceptable(`expect <class 'dict'> but <class '${given}'> given`);
      }
      const user = caller.owner ?? (username || undefined);
      if (user === undefined) throw new SandboxRejection(422, 2105, 'Bad URL parameter', 'parameter `username` missing');
      const accepted = checkSubmission(parsed as Record<string, unknown>, {
        methodsWidth: config.methodsWidth,
        strictness: config.strictness,
        fileExists: config.fileExists,
        templateFields: (tid) => fieldsById.get(tid),
      });
      const record: StoredRecord = {
        id: nextId++,
        username: user,
        body: { meta: accepted.meta, content: accepted.content },
        sent: parsed,
        receivedAt: new Date(config.now()).toISOString(),
      };
      stored.push(record);
      if (config.storeFile) appendFileSync(config.storeFile, JSON.stringify(record) + '\n');
      return { reply: success(record.id, 201), record };
    },
  };
}

export type SandboxHandlers = ReturnType<typeof createSandboxHandlers>;
