import type { Field, Template } from '../template/template-types.js';
import type { KeyOrder } from './sync-yaml-document.js';

/** The order of a mapping's keys where the template decides it: `content` and its containers follow the template's fields. */
export function templateKeyOrder(template: Template): KeyOrder {
  return (path) => {
    if (path[0] !== 'content') return undefined;
    let fields: readonly Field[] = template.fields;
    for (const name of path.slice(1)) {
      const field = fields.find((f) => f.name === name);
      if (field === undefined) return undefined;
      fields = field.type === 'container' ? field.fields : field.type === 'generator' ? field.options : [];
    }
    return fields.map((f) => f.name);
  };
}
