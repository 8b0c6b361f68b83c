import { parseDocument, type Document } from 'yaml';
import type { Json } from './mapper-api.js';
import { syncYamlDocument, type KeyOrder } from './sync-yaml-document.js';

/** The mapping being edited: a YAML document whose comments and layout survive the edits. */
export interface MappingDraft {
  /** The mapping as JSON (what the edits read and change). */
  json(): { readonly [key: string]: Json };
  /** Makes the document hold `next`, changing only what differs (see `syncYamlDocument`). */
  replace(next: { readonly [key: string]: Json }): void;
  /** The mapping's text: unchanged lines exactly as they were written, changed ones as the YAML library writes them. */
  text(): string;
}

/**
 * Same line but for the spaces before a trailing comment, which the YAML library writes as one, and
 * a comment line's indent, which it takes from the node the comment is attached to.
 */
const normalized = (line: string): string => {
  const text = line.replace(/[ \t]+#/g, ' #').trimEnd();
  return text.trimStart().startsWith('#') ? text.trimStart() : text;
};

/**
 * Opens a mapping's text for editing (the `yaml` library's document API, which keeps comments). The
 * text must parse: the caller checks it as a mapping first.
 */
export function openMappingDraft(text: string, order: KeyOrder): MappingDraft {
  const doc: Document = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) throw doc.errors[0]!;
  // The library aligns no trailing comment: a line it writes that differs from a written one only
  // there is given back as written, so an untouched line keeps its alignment.
  const written = new Map<string, string>();
  for (const line of text.split('\n')) if (!written.has(normalized(line))) written.set(normalized(line), line);
  return {
    json: () => (doc.toJS() ?? {}) as { readonly [key: string]: Json },
    replace: (next) => syncYamlDocument(doc, next, order),
    text: () =>
      doc
        .toString({ lineWidth: 0, flowCollectionPadding: false })
        .split('\n')
        .map((line) => written.get(normalized(line)) ?? line)
        .join('\n'),
  };
}
