import type { Field } from '../template/template-types.js';

/** Header of the key column every data sheet starts with (docs/platform-workbook.md, The sheets). */
export const DATA_ID = '数据ID';
/** Header of the 1-based element number on an array sheet. */
export const ELEMENT_INDEX = '元素序号';
/** Header of the value column on an array sheet of scalar elements. */
export const ELEMENT = '元素';
/** The meta sheet: the name we write, then the names of older platform versions we read too. */
export const META_SHEET_NAMES = ['元数据', 'Data Info', '数据信息'] as const;
/** The catalog sheet: the name we write, then the older one. */
export const CATALOG_SHEET_NAMES = ['目录', 'Sheet Info', '工作表目录'] as const;
/** The root data sheet. */
export const ROOT_SHEET = '1';

/** One leaf column of a data sheet. */
export interface LayoutColumn {
  /** `试验温度 (℃)`: the dotted path from the root, array levels left out, and the unit. */
  readonly header: string;
  /** The same without the unit: what a header is matched on. */
  readonly path: string;
  /** The field's names below the sheet's own field (`['含量']` on a table sheet), for the mapping. */
  readonly names: readonly string[];
  readonly field: Field;
  /** The template unit shown in the header. */
  readonly unit: string | undefined;
}

/** One data sheet of the layout. */
export interface LayoutSheet {
  /** `1`, `2`, …: numbered in depth-first template order. */
  readonly name: string;
  readonly kind: 'root' | 'table' | 'array';
  /** Names of the sheet's own field from the root (`['试验条件', '成分']`); empty for the root sheet. */
  readonly fieldNames: readonly string[];
  /** The table or array field the sheet holds; undefined for the root. */
  readonly field: Field | undefined;
  /** Leaf columns after `数据ID` (and `元素序号` on array sheets). */
  readonly columns: readonly LayoutColumn[];
}

/** Fields the layout cannot place: a table or array inside an array element (not read here). */
export interface PlatformLayout {
  readonly sheets: readonly LayoutSheet[];
  readonly unsupported: readonly string[];
}

function unitOf(field: Field): string | undefined {
  return field.type === 'number' || field.type === 'range' ? (field.unit === '' ? undefined : field.unit) : undefined;
}

/**
 * The platform's workbook for a template, as the platform computes it (docs/platform-workbook.md#the-sheets):
 * the root's top-level leaves as dotted columns, a sheet per table and array in depth-first order.
 */
export function platformLayout(fields: readonly Field[]): PlatformLayout {
  const sheets: LayoutSheet[] = [];
  const unsupported: string[] = [];
  const root: LayoutColumn[] = [];
  sheets.push({ name: ROOT_SHEET, kind: 'root', fieldNames: [], field: undefined, columns: root });
  const leaves = (
    list: readonly Field[],
    prefix: readonly string[],
    local: readonly string[],
    out: LayoutColumn[],
    inArray: boolean,
  ): void => {
    for (const field of list) {
      const names = [...prefix, field.name];
      const own = [...local, field.name];
      switch (field.type) {
        case 'container':
          leaves(field.fields, names, own, out, inArray);
          break;
        case 'generator':
          leaves(field.options, names, own, out, inArray);
          break;
        case 'table': {
          if (inArray) {
            unsupported.push(names.join('.'));
            break;
          }
          const columns: LayoutColumn[] = [];
          sheets.push({ name: String(sheets.length + 1), kind: 'table', fieldNames: names, field, columns });
          leaves(field.columns, names, [], columns, true);
          break;
        }
        case 'array': {
          if (inArray) {
            unsupported.push(names.join('.'));
            break;
          }
          const columns: LayoutColumn[] = [];
          sheets.push({ name: String(sheets.length + 1), kind: 'array', fieldNames: names, field, columns });
          const element = field.element;
          if (element.type === 'container' || element.type === 'generator')
            leaves(element.type === 'container' ? element.fields : element.options, names, [], columns, true);
          else if (element.type === 'table' || element.type === 'array') unsupported.push(names.join('.'));
          else {
            const unit = unitOf(element);
            columns.push({ header: unit === undefined ? ELEMENT : `${ELEMENT} (${unit})`, path: ELEMENT, names: [], field: element, unit });
          }
          break;
        }
        default: {
          const path = names.join('.');
          const unit = unitOf(field);
          out.push({ header: unit === undefined ? path : `${path} (${unit})`, path, names: own, field, unit });
        }
      }
    }
  };
  leaves(fields, [], [], root, false);
  return { sheets, unsupported };
}

/** `试验温度 (℃)` → `试验温度`: the header without the unit suffix the platform appends. */
export function stripUnitSuffix(header: string): { path: string; unit: string | undefined } {
  const m = /^(.*\S)\s+\(([^()]*)\)$/.exec(header.trim());
  return m === null ? { path: header.trim(), unit: undefined } : { path: m[1]!, unit: m[2]!.trim() === '' ? undefined : m[2]!.trim() };
}
