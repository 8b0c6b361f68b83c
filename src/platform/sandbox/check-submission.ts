import type { Field } from '../../template/template-types.js';
import { badData, internalError, SandboxRejection } from './sandbox-reply.js';
import { walkContent, type ContentStrictness } from './walk-content.js';
import { isObject } from '../../util/is-object.js';

type Json = Record<string, unknown>;

/** Which `source.methods` mask widths the sandbox accepts (docs/platform.md#source-and-methods). */
export type MethodsWidth = 3 | 4 | 'any';

export interface SubmissionRules {
  readonly methodsWidth: MethodsWidth;
  readonly strictness: ContentStrictness;
  readonly fileExists: (path: string) => boolean;
  /** The parsed field tree of a template id, or undefined when there is no such template. */
  readonly templateFields: (tid: number) => readonly Field[] | undefined;
}

/** What the platform would store for one accepted submission. */
export interface AcceptedSubmission {
  readonly tid: number;
  readonly meta: Json;
  readonly content: Json;
}

const PLACEHOLDER = '在这里填写';

function requireText(meta: Json, key: string, label: string): void {
  const value = meta[key];
  if (value === undefined || value === null) throw badData(`Meta field "${label}" is missing. `);
  // Blank = empty or holding the UI placeholder; whitespace-only is not blank in v2 (docs/platform.md#meta).
  if (value === '' || (typeof value === 'string' && value.includes(PLACEHOLDER))) throw badData(`Meta field "${label}" is blank. `);
}

function checkKeywords(value: unknown): void {
  if (value === undefined || value === null) throw badData('Meta field "Keywords" is missing. ');
  let keywords: string[];
  if (typeof value === 'string') keywords = value.split(/[,，\s]/).map((k) => k.trim());
  else if (Array.isArray(value)) keywords = value.map((k) => String(k));
  else throw internalError("'NoneType' object is not subscriptable");
  if (keywords.some((k) => k.length > 255)) throw internalError('value too long for type character varying(255)');
}

function checkSource(source: Json, methodsWidth: MethodsWidth): void {
  const kind = source['source'];
  const methods = source['methods'];
  if (typeof kind !== 'string' || typeof methods !== 'string') throw internalError('sequence item 1: expected str instance, int found');
  if (kind !== '10' && kind !== '01') throw badData('Wrong Format for the single choice');
  const reference = source['reference'];
  if (kind === '01' && (typeof reference !== 'string' || reference.trim() === '' || reference.includes(PLACEHOLDER))) {
    throw badData('Source Reference with no Reference');
  }
  const widthOk = methodsWidth === 'any' ? methods.length === 3 || methods.length === 4 : methods.length === methodsWidth;
  if (!widthOk || !/^[01]+$/.test(methods)) throw badData('Wrong Format for the multi choice');
}

/**
 * Checks one submission body in the v2 order (steps 4–10 of
 * docs/platform.md#the-order-of-the-submit-checks) and returns what would be stored, or throws a
 * {@link SandboxRejection} with the platform's status, code and detail.
 */
export function checkSubmission(body: Json, rules: SubmissionRules): AcceptedSubmission {
  const meta = body['meta'];
  if (meta === undefined || meta === null) throw new SandboxRejection(422, 2200, 'Field missing', '`meta` field required.');
  if (!isObject(meta)) throw badData('`meta` must be an dict.');
  const source = meta['source'] ?? {};
  if (!isObject(source)) throw badData('"source" should be a dict');
  if (source['methods'] === undefined || source['methods'] === null || source['source'] === undefined || source['source'] === null) {
    throw badData('"source" or "methods" is None');
  }
  const content = body['content'];
  if (content === undefined || content === null) throw new SandboxRejection(422, 2200, 'Field missing', '`content` field required.');
  if (!isObject(content)) throw badData('`content` must be an dict.');

  const rawTid = meta['tid'];
  let tid: number | undefined;
  if (typeof rawTid === 'number' && Number.isInteger(rawTid)) tid = rawTid;
  else if (typeof rawTid === 'string' && /^\s*\d+\s*$/.test(rawTid)) tid = Number.parseInt(rawTid, 10);
  else if (rawTid !== undefined && rawTid !== null) throw internalError(`invalid literal for int() with base 10: '${String(rawTid)}'`);
  const fields = tid === undefined ? undefined : rules.templateFields(tid);
  if (tid === undefined || fields === undefined) {
    throw new SandboxRejection(404, 404, 'Not found', `模板不存在(id=${tid ?? 'None'})`);
  }

  requireText(meta, 'title', 'Title');
  requireText(meta, 'abstract', 'Abstract');
  checkKeywords(meta['keywords']);
  checkSource(source, rules.methodsWidth);
  // Without these the NOT-NULL columns make the insert fail (docs/platform.md#meta).
  if (meta['public_date'] === undefined || meta['public_date'] === null)
    throw internalError('null value in column "public_date" violates not-null constraint');
  if (meta['public_range'] === undefined || meta['public_range'] === null)
    throw internalError('null value in column "public_range" violates not-null constraint');

  const stored = walkContent(fields, content, { strictness: rules.strictness, fileExists: rules.fileExists });
  return { tid, meta, content: stored };
}
