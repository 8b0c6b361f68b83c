import type { Field, Template } from './template-types.js';

type Json = { [key: string]: unknown };

const TYPE_CODE: Readonly<Record<Field['type'], number>> = {
  string: 1,
  number: 2,
  range: 3,
  image: 4,
  file: 5,
  choice: 6,
  array: 7,
  table: 8,
  container: 9,
  generator: 10,
};

function named(fields: readonly Field[], listKey: '_ord' | '_head' | '_opt'): Json {
  const misc: Json = { [listKey]: fields.map((f) => f.name) };
  for (const f of fields) misc[f.name] = fieldToRaw(f);
  return misc;
}

function miscOf(f: Field): Json {
  switch (f.type) {
    case 'string':
      return {};
    case 'number':
      return f.unit === undefined ? {} : { unit: f.unit };
    case 'range':
      return { type: f.rangeType === 'interval' ? 0 : 1, ...(f.unit === undefined ? {} : { unit: f.unit }) };
    case 'image':
    case 'file':
      return { multi: f.multi };
    case 'choice':
      return { opt: [...f.options], grp: f.groups.map((g) => ({ name: g.name, items: [...g.items] })) };
    case 'array':
      return fieldToRaw(f.element);
    case 'table':
      return named(f.columns, '_head');
    case 'container':
      return named(f.fields, '_ord');
    case 'generator':
      return named(f.options, '_opt');
  }
}

function fieldToRaw(f: Field): Json {
  return { t: TYPE_CODE[f.type], r: f.required, misc: miscOf(f) };
}

/**
 * A parsed template back in the API's shape (`data.template` of `GET templates/<tid>`), so that
 * `parseTemplate(templateToRaw(t))` equals `t`. The platform client hands out parsed templates; the
 * on-disk template cache stores the API shape.
 */
export function templateToRaw(template: Template): Json {
  return {
    id: template.id,
    title: template.title,
    category: template.category,
    category_id: template.categoryId,
    author: template.author,
    abstract: template.abstract,
    ref_count: template.refCount,
    pub_date: template.pubDate,
    username: template.username,
    published: template.published,
    ...(template.public === undefined ? {} : { public: template.public }),
    content: named(template.fields, '_ord'),
  };
}
