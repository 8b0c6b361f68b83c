import { isPositiveId } from '../util/positive-id.js';
import type { CategoryNode, Project, Topic } from './platform-types.js';
import { isObject } from '../util/is-object.js';

type Json = Record<string, unknown>;

/** Thrown for a payload whose shape is not what the platform documents; the client turns it into PROTOCOL_ERROR. */
export class PayloadShapeError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'PayloadShapeError';
  }
}

function text(raw: Json, key: string, path: string, optional = false): string {
  const value = raw[key];
  if (typeof value === 'string') return value;
  // Program numbers are string keys, but be lenient with a server that sends them as numbers.
  if (typeof value === 'number') return String(value);
  if (optional && (value === undefined || value === null)) return '';
  throw new PayloadShapeError(`${path}.${key}`, `expected a string, got ${JSON.stringify(value)}`);
}

function arrayAt(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new PayloadShapeError(path, 'expected an array');
  return value;
}

/**
 * Deepest category tree read. The platform's tree is a handful of levels; an answer nesting deeper
 * would otherwise be read (and printed) by recursion until the stack overflows.
 */
export const MAX_CATEGORY_DEPTH = 64;

function parseCategoryNode(raw: unknown, path: string, depth = 1): CategoryNode {
  if (!isObject(raw)) throw new PayloadShapeError(path, 'a category node must be an object');
  if (depth > MAX_CATEGORY_DEPTH) throw new PayloadShapeError(path, `the category tree nests deeper than ${MAX_CATEGORY_DEPTH} levels`);
  const id = raw['id'];
  if (!isPositiveId(id)) throw new PayloadShapeError(`${path}.id`, `expected an id (a positive integer), got ${JSON.stringify(id)}`);
  const children = raw['children'] ?? [];
  return {
    id,
    name: text(raw, 'name', path),
    children: arrayAt(children, `${path}.children`).map((child, i) => parseCategoryNode(child, `${path}.children[${i}]`, depth + 1)),
  };
}

/** Parses `data` of `GET material/category/tree`: a bare array of top-level nodes (docs/platform.md#the-category-tree). */
export function parseCategoryTree(data: unknown): CategoryNode[] {
  return arrayAt(data, 'data').map((node, i) => parseCategoryNode(node, `data[${i}]`));
}

function parseTopic(raw: unknown, path: string, projectId: string): Topic {
  if (!isObject(raw)) throw new PayloadShapeError(path, 'a subject must be an object');
  return {
    id: text(raw, 'id', path),
    projectId: raw['project_id'] === undefined ? projectId : text(raw, 'project_id', path),
    name: text(raw, 'name', path),
    leader: text(raw, 'leader', path, true),
    institution: text(raw, 'institution', path, true),
  };
}

/** Parses `data` of `GET material/projects/`; v3 projects carry no `subjects`, so their topics are empty (docs/platform.md#projects-and-topics). */
export function parseProjects(data: unknown): Project[] {
  return arrayAt(data, 'data').map((raw, i) => {
    const path = `data[${i}]`;
    if (!isObject(raw)) throw new PayloadShapeError(path, 'a project must be an object');
    const id = text(raw, 'id', path);
    const subjects = raw['subjects'] === undefined || raw['subjects'] === null ? [] : arrayAt(raw['subjects'], `${path}.subjects`);
    return {
      id,
      name: text(raw, 'name', path),
      leader: text(raw, 'leader', path, true),
      institution: text(raw, 'institution', path, true),
      createdTime: text(raw, 'created_time', path, true),
      topics: subjects.map((s, j) => parseTopic(s, `${path}.subjects[${j}]`, id)),
    };
  });
}
