/**
 * A platform template as a typed field tree. Parsed once at the boundary from the API's `content`
 * schema (docs/platform.md#field-types: `t` type code, `r` required, `misc` settings).
 */

/** The ten field types, by the platform's `t` code (1..10). */
export type FieldType = 'string' | 'number' | 'range' | 'image' | 'file' | 'choice' | 'array' | 'table' | 'container' | 'generator';

export const FIELD_TYPE_BY_CODE: Readonly<Record<number, FieldType>> = {
  1: 'string',
  2: 'number',
  3: 'range',
  4: 'image',
  5: 'file',
  6: 'choice',
  7: 'array',
  8: 'table',
  9: 'container',
  10: 'generator',
};

interface FieldBase {
  /** The field's own name (the key in `content`); for an array element, the array's name. */
  readonly name: string;
  /** Dotted path from the content root, array elements as `[]`: `处理步骤[].退火.温度`. */
  readonly path: string;
  /** `r: true`. Generator options are never required (the platform ignores `r` on them). */
  readonly required: boolean;
}

export interface StringField extends FieldBase {
  readonly type: 'string';
}
export interface NumberField extends FieldBase {
  readonly type: 'number';
  /** Template unit (`misc.unit`); values are stored in this unit. */
  readonly unit: string | undefined;
}
export interface RangeField extends FieldBase {
  readonly type: 'range';
  /** `misc.type` 0 = interval `{lb, ub}`, 1 = value±error `{val, err}`. */
  readonly rangeType: 'interval' | 'error';
  readonly unit: string | undefined;
}
export interface ImageField extends FieldBase {
  readonly type: 'image';
  readonly multi: boolean;
}
export interface FileField extends FieldBase {
  readonly type: 'file';
  readonly multi: boolean;
}
export interface ChoiceGroup {
  readonly name: string;
  readonly items: readonly string[];
}
export interface ChoiceField extends FieldBase {
  readonly type: 'choice';
  /** Ungrouped options (`misc.opt`). */
  readonly options: readonly string[];
  /** Grouped options (`misc.grp`); group names are not values. */
  readonly groups: readonly ChoiceGroup[];
  /** Every value the field accepts: `options` then each group's items. */
  readonly allOptions: readonly string[];
}
export interface ArrayField extends FieldBase {
  readonly type: 'array';
  /** The element definition (`misc` is itself a field definition). */
  readonly element: Field;
}
export interface TableField extends FieldBase {
  readonly type: 'table';
  /** Columns in `_head` order. */
  readonly columns: readonly Field[];
}
export interface ContainerField extends FieldBase {
  readonly type: 'container';
  /** Sub-fields in `_ord` order. */
  readonly fields: readonly Field[];
}
export interface GeneratorField extends FieldBase {
  readonly type: 'generator';
  /** Mutually exclusive options in `_opt` order; a record holds exactly one. */
  readonly options: readonly Field[];
}

export type Field =
  StringField | NumberField | RangeField | ImageField | FileField | ChoiceField | ArrayField | TableField | ContainerField | GeneratorField;

/** Template metadata and its field tree (`Template.to_dict` of the platform). */
export interface Template {
  readonly id: number;
  readonly title: string;
  readonly category: string;
  readonly categoryId: number;
  readonly author: string;
  readonly abstract: string;
  readonly refCount: number;
  /** Last-modified time as the platform writes it (`YYYY-MM-DD HH:MM:SS`, Asia/Shanghai). */
  readonly pubDate: string;
  readonly username: string;
  readonly published: boolean;
  /** v3 servers only. */
  readonly public: boolean | undefined;
  /** Top-level fields in `_ord` order. */
  readonly fields: readonly Field[];
}

/** A template as listed by `GET templates` (content may be omitted there). */
export type TemplateSummary = Omit<Template, 'fields'> & { readonly fields: readonly Field[] | undefined };
