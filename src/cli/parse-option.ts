import { MgeError } from '../errors/mge-error.js';

export interface NumberRule {
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
}

/** A numeric command option, checked at the edge: a usage error naming the flag when out of rule. */
export function numberOption(raw: unknown, flag: string, rule: NumberRule = {}): number | undefined {
  return checkedNumber(raw, `--${flag}`, `--${flag}`, rule);
}

/**
 * A numeric positional argument (`templates show <tid>`), checked like {@link numberOption}; the error
 * names `argument <tid>` (location field `<tid>`), since there is no flag the user could fix.
 */
export function numberArgument(raw: unknown, name: string, rule: NumberRule = {}): number | undefined {
  return checkedNumber(raw, `argument <${name}>`, `<${name}>`, rule);
}

function checkedNumber(raw: unknown, label: string, field: string, rule: NumberRule): number | undefined {
  if (raw === undefined) return undefined;
  const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
  const ok =
    typeof raw !== 'boolean' && String(raw).trim() !== '' && Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) && (rule.min === undefined || value >= rule.min) && (rule.max === undefined || value <= rule.max);
  if (!ok) {
    const range = [rule.integer ? 'an integer' : 'a number', rule.min === undefined ? '' : `≥ ${rule.min}`, rule.max === undefined ? '' : `≤ ${rule.max}`].filter(Boolean).join(' ');
    throw new MgeError('usage', 'OPTION_INVALID', `${label} must be ${range}, got ${JSON.stringify(raw)}`, { location: { field } });
  }
  return value;
}

/** A string option restricted to a set of values. */
export function choiceOption<T extends string>(raw: unknown, flag: string, choices: readonly T[]): T | undefined {
  if (raw === undefined) return undefined;
  const value = String(raw);
  if (!(choices as readonly string[]).includes(value)) {
    throw new MgeError('usage', 'OPTION_INVALID', `--${flag} must be one of ${choices.join(', ')}, got ${JSON.stringify(raw)}`, { location: { field: `--${flag}` } });
  }
  return value as T;
}
