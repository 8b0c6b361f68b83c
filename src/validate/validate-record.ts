import type { MethodsWidth } from '../template/record-types.js';
import type { PlatformRecord } from '../template/record-types.js';
import type { Field, Template } from '../template/template-types.js';
import { isValidRecord } from './is-valid-record.js';
import { validateFields } from './validate-content.js';
import { validateMeta } from './validate-meta.js';
import type { ValidationIssue } from './validation-issue.js';

/** Options of {@link validateRecord}. */
export interface ValidateOptions {
  /** Width of `meta.source.methods` (3 per the spec, 4 for newer v2 servers). @default 3 */
  readonly methodsWidth?: MethodsWidth;
  /** Value±error fields that may be sent as `{val}` alone, their error cell empty (the mapping's `errOptional`). @default none */
  readonly valueOnly?: ReadonlySet<Field>;
}

/** The answer for a valid record, shared rather than allocated per row. */
const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

function show(v: unknown): string {
  if (v === undefined) return 'absent';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * Checks a record against its template so that a record that passes is one the platform stores
 * completely: nothing dropped (unknown keys, non-array files), nothing mis-shaped (numeric strings,
 * half ranges, non-options). Returns every issue; empty means valid.
 */
export function validateRecord(record: PlatformRecord, template: Template, options: ValidateOptions = {}): readonly ValidationIssue[] {
  // Most rows are valid: a walk without paths or issues says so; only the others take the full walk.
  if (isValidRecord(record, template.fields, template.id, options.methodsWidth ?? 3, options.valueOnly)) return NO_ISSUES;
  return recordIssues(record, template, options);
}

/** Every issue of a record by the full walk alone, without the fast check {@link validateRecord} asks first. */
export function recordIssues(record: PlatformRecord, template: Template, options: ValidateOptions = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const push = (code: string, field: string, expected: string, found: unknown, message: string): void => {
    issues.push({ code, field, expected, found: show(found), message });
  };
  const raw = record as unknown as Record<string, unknown>;
  for (const key of Object.keys(raw))
    if (key !== 'meta' && key !== 'content') push('UNKNOWN_KEY', key, 'meta and content', key, 'a record has only meta and content');
  const meta = raw['meta'];
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    push('META_MISSING', 'meta', 'an object', meta, 'the record has no meta');
  else validateMeta(meta as Record<string, unknown>, template.id, options.methodsWidth ?? 3, push);
  const content = raw['content'];
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    push('CONTENT_MISSING', 'content', 'an object', content, 'the record has no content');
  else validateFields(template.fields, content as Record<string, unknown>, 'content', push, options.valueOnly);
  return issues;
}
