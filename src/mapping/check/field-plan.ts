import type {
  ArrayField,
  ChoiceField,
  ContainerField,
  Field,
  FileField,
  GeneratorField,
  ImageField,
  NumberField,
  RangeField,
  StringField,
  TableField,
} from '../../template/template-types.js';
import type { ValuePlan } from './value-plan.js';

/** A scalar field filled from one value. */
export type ScalarField = StringField | NumberField | ChoiceField | ImageField | FileField;

/** Children of a container, generator or table row, in template order. */
export type NamedPlans = readonly (readonly [string, FieldPlan])[];

/**
 * How one template field is filled, checked against the template but with columns still named (they
 * are resolved once the header is known).
 */
export type FieldPlan =
  | { readonly kind: 'value'; readonly field: ScalarField; readonly value: ValuePlan }
  | { readonly kind: 'range1'; readonly field: RangeField; readonly value: ValuePlan }
  /** Two columns; `errOptional`: a value±error sent as `{val}` alone when its error cell is empty. */
  | { readonly kind: 'range2'; readonly field: RangeField; readonly a: ValuePlan; readonly b: ValuePlan; readonly errOptional: boolean }
  /** One cell split into the elements (scalar elements only); `defaultSplit` when the mapping gave no `split`. */
  | { readonly kind: 'arraySplit'; readonly field: ArrayField; readonly value: ValuePlan; readonly defaultSplit?: boolean }
  | { readonly kind: 'arrayColumns'; readonly field: ArrayField; readonly items: readonly FieldPlan[] }
  | { readonly kind: 'arrayRows'; readonly field: ArrayField; readonly element: FieldPlan }
  | { readonly kind: 'tableRows'; readonly field: TableField; readonly rows: readonly NamedPlans[] }
  | {
      readonly kind: 'tableColumns';
      readonly field: TableField;
      /** Column name receiving the label, and the one receiving the value. */
      readonly labelColumn: string;
      readonly valueColumn: Field;
      readonly cells: readonly { readonly label: string; readonly value: ValuePlan }[];
      /** Other table columns, the same for every produced row. */
      readonly extra: NamedPlans;
    }
  | { readonly kind: 'tableFromRows'; readonly field: TableField; readonly row: NamedPlans }
  | { readonly kind: 'container'; readonly field: ContainerField; readonly children: NamedPlans }
  | { readonly kind: 'generator'; readonly field: GeneratorField; readonly children: NamedPlans };
