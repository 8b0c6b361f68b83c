import type { ErrorLocation } from './mge-error.js';

/**
 * Renders a location the way a curator reads it: `data.xlsx Sheet1!D17 (column "屈服强度") field 屈服强度`
 * or `mapping.yaml:12:5`.
 */
export function formatLocation(location: ErrorLocation | undefined): string {
  if (!location) return '';
  const parts: string[] = [];
  let place = location.file ?? '';
  if (location.sheet !== undefined && location.cell !== undefined) {
    place += `${place ? ' ' : ''}${location.sheet}!${location.cell}`;
  } else if (location.cell !== undefined) {
    place += `${place ? ' ' : ''}${location.cell}`;
  } else {
    if (location.sheet !== undefined) place += `${place ? ' ' : ''}sheet "${location.sheet}"`;
    if (location.row !== undefined) {
      place += location.sheet === undefined && location.file !== undefined ? `:${location.row}` : ` row ${location.row}`;
      if (location.col !== undefined) place += `:${location.col}`;
    }
    if (location.column !== undefined) place += ` column ${location.column}`;
  }
  if (place) parts.push(place);
  if (location.header !== undefined) parts.push(`(column "${location.header}")`);
  if (location.field !== undefined) parts.push(`field ${location.field}`);
  if (location.endpoint !== undefined) parts.push(`[${location.endpoint}]`);
  return parts.join(' ');
}
