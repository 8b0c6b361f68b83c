import type { Options } from 'yargs';
import type { Settings } from '../config/settings.js';
import { parsePositiveId } from '../util/positive-id.js';
import { UsageError } from './usage-error.js';

export interface NumberRule {
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
}

/**
 * A numeric option as yargs is told of it: `--help` labels it `[number]`, while `string: true` keeps
 * the value as typed (yargs would turn `abc` into NaN and an empty value into 0, and the error could
 * no longer show what was given), for {@link numberOption} or the settings to check, naming the flag.
 */
export function numeric<T extends Options>(options: T): T & { readonly type: 'number'; readonly string: true } {
  return { ...options, type: 'number', string: true };
}

/** A numeric command option, checked at the edge: a usage error naming the flag when out of rule. */
export function numberOption(raw: unknown, flag: string, rule: NumberRule = {}): number | undefined {
  return checkedNumber(raw, `--${flag}`, `--${flag}`, rule);
}

function checkedNumber(raw: unknown, label: string, field: string, rule: NumberRule): number | undefined {
  if (raw === undefined) return undefined;
  const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
  const ok =
    typeof raw !== 'boolean' &&
    String(raw).trim() !== '' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.min === undefined || value >= rule.min) &&
    (rule.max === undefined || value <= rule.max);
  if (!ok) {
    const range = [
      rule.integer ? 'an integer' : 'a number',
      rule.min === undefined ? '' : `≥ ${rule.min}`,
      rule.max === undefined ? '' : `≤ ${rule.max}`,
    ]
      .filter(Boolean)
      .join(' ');
    throw new UsageError('OPTION_INVALID', `${label} must be ${range}, got ${JSON.stringify(raw)}`, { location: { field } });
  }
  return value;
}

/**
 * An id given on the command line (`templates show <tid>`, `--category`): digits only, a positive
 * safe integer. `1e3`, `0x10` or `9007199254740993` name no id the platform has (the last is not even
 * exact as a number), so they are usage errors, not requests.
 */
export function idOption(raw: unknown, flag: string): number | undefined {
  return checkedId(raw, `--${flag}`, `--${flag}`);
}

/**
 * A positional id argument, checked like {@link idOption}; the error names `argument <name>`
 * (location field `<name>`), since there is no flag the user could fix.
 */
export function idArgument(raw: unknown, name: string): number | undefined {
  return checkedId(raw, `argument <${name}>`, `<${name}>`);
}

function checkedId(raw: unknown, label: string, field: string): number | undefined {
  if (raw === undefined) return undefined;
  const id = typeof raw === 'string' || typeof raw === 'number' ? parsePositiveId(String(raw)) : undefined;
  if (id === undefined)
    throw new UsageError('OPTION_INVALID', `${label} must be an id (a positive whole number), got ${JSON.stringify(raw)}`, {
      location: { field },
    });
  return id;
}

/** A string option restricted to a set of values. */
export function choiceOption<T extends string>(raw: unknown, flag: string, choices: readonly T[]): T | undefined {
  if (raw === undefined) return undefined;
  const value = String(raw);
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError('OPTION_INVALID', `--${flag} must be one of ${choices.join(', ')}, got ${JSON.stringify(raw)}`, {
      location: { field: `--${flag}` },
    });
  }
  return value as T;
}

/**
 * `--max-errors N` of `validate` and `ingest` (one meaning for both: stop after N invalid records),
 * else the settings' `MGE_MAX_ERRORS` / config value; undefined reads everything.
 */
export function maxErrorsOption(args: Readonly<Record<string, unknown>>, settings: Pick<Settings, 'maxErrors'>): number | undefined {
  return numberOption(args['max-errors'], 'max-errors', { integer: true, min: 1 }) ?? settings.maxErrors;
}

/** `--methods-width 3|4`, else the settings' width. */
export function methodsWidthOption(
  args: Readonly<Record<string, unknown>>,
  settings: Pick<Settings, 'methodsWidth'>,
): Settings['methodsWidth'] {
  const width = choiceOption(args['methods-width'] === undefined ? undefined : String(args['methods-width']), 'methods-width', ['3', '4']);
  return width === undefined ? settings.methodsWidth : width === '4' ? 4 : 3;
}
