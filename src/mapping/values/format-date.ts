import type { CellValue } from '../../sources/source-types.js';

/** Year, month, day and an optional time, as read from a cell. */
interface DateParts {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
}

const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

/**
 * Reads a date from a spreadsheet date, an Excel serial number, or text in `from` (tokens `YYYY MM DD
 * HH mm ss`, e.g. `DD/MM/YYYY`), else ISO-like text (`2024-01-31`, `2024/1/31`, `2024.01.31`,
 * `2024年1月31日`), and writes it in the `to` format. Undefined when it is not a valid date.
 */
export function formatDate(value: CellValue, to: string, from?: string): string | undefined {
  const parts = readDate(value, from);
  if (!parts) return undefined;
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return to.replace(TOKENS, (tok) => {
    switch (tok) {
      case 'YYYY':
        return pad(parts.y, 4);
      case 'MM':
        return pad(parts.m);
      case 'DD':
        return pad(parts.d);
      case 'HH':
        return pad(parts.hh);
      case 'mm':
        return pad(parts.mm);
      default:
        return pad(parts.ss);
    }
  });
}

function readDate(value: CellValue, from: string | undefined): DateParts | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return fromSerial(value);
  const text = typeof value === 'string' ? value.trim() : value.iso;
  if (from !== undefined && typeof value === 'string') return byFormat(text, from);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  return valid({ y: +m[1]!, m: +m[2]!, d: +m[3]!, hh: +(m[4] ?? 0), mm: +(m[5] ?? 0), ss: +(m[6] ?? 0) });
}

function byFormat(text: string, format: string): DateParts | undefined {
  const order: string[] = [];
  const pattern = format.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(TOKENS, (tok) => {
    order.push(tok);
    return tok === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
  });
  const m = new RegExp(`^${pattern}$`).exec(text);
  if (!m) return undefined;
  const parts: DateParts = { y: 0, m: 1, d: 1, hh: 0, mm: 0, ss: 0 };
  order.forEach((tok, i) => {
    const n = Number(m[i + 1]);
    if (tok === 'YYYY') parts.y = n;
    else if (tok === 'MM') parts.m = n;
    else if (tok === 'DD') parts.d = n;
    else if (tok === 'HH') parts.hh = n;
    else if (tok === 'mm') parts.mm = n;
    else parts.ss = n;
  });
  return valid(parts);
}

/** Excel's 1900 date system (serial 60 is the fictitious 1900-02-29, so 61 is March 1st). */
function fromSerial(serial: number): DateParts | undefined {
  if (!Number.isFinite(serial) || serial < 1) return undefined;
  const days = Math.floor(serial) - (serial >= 61 ? 25569 : 25568);
  const ms = Math.round((serial - Math.floor(serial)) * 86400) * 1000;
  const d = new Date(days * 86400000 + ms);
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    hh: d.getUTCHours(),
    mm: d.getUTCMinutes(),
    ss: d.getUTCSeconds(),
  };
}

function valid(p: DateParts): DateParts | undefined {
  const d = new Date(Date.UTC(p.y, p.m - 1, p.d));
  if (d.getUTCFullYear() !== p.y || d.getUTCMonth() !== p.m - 1 || d.getUTCDate() !== p.d) return undefined;
  if (p.hh > 23 || p.mm > 59 || p.ss > 59) return undefined;
  return p;
}
