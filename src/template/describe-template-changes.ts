import type { FieldChange } from './template-field-changes.js';

/**
 * One line per change, for the warning "template 201 changed since the mapping was written
 * (2024-06-01 10:00:00 → 2024-07-02 09:00:00)": `+ 备注 (string)`, `- 原始数据 (file)`,
 * `~ 试验温度: unit ℃ → K`.
 */
export function describeTemplateChanges(changes: readonly FieldChange[]): string[] {
  return changes.map((c) => {
    if (c.change === 'added') return `+ ${c.path} (${c.after ?? ''})`;
    if (c.change === 'removed') return `- ${c.path} (${c.before ?? ''})`;
    const what = c.change === 'retyped' ? 'type' : c.change === 'rangeType' ? 'range kind' : c.change;
    return `~ ${c.path}: ${what} ${c.before ?? '(none)'} → ${c.after ?? '(none)'}`;
  });
}
