/**
 * Rate limits of API-key users (document 2, sections 3, 5, 9), one rule for the console's limit
 * editor and the API-user manager: each value a whole number ≥ 1 (said with the catalogue's
 * numeric, integer, minimum and maximum messages), at least one value, and a larger
 * period at least the largest value of any smaller period (year ≥ month ≥ … ≥ second).
 *
 * `limitErrors` says what is wrong with each period (the editor shows it on the input, through the
 * catalogue's `validation.<key>`); `limitsRule` is the first of those problems in English (what the
 * server answers). Also the length of each period's window and the default standard limit that
 * applies while a user has no custom one (the rate-limited sample endpoints enforce both).
 */
import { LIMIT_PERIODS } from './domain';
import { MESSAGES, ruleMessage, VALIDATION_TEXTS, type RuleMessage } from './validation';

export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export type Limits = Partial<Record<LimitPeriod, number>>;
/** The two limits of an API-key user: `standard` for the public API, `samples` for the samples API. */
export type LimitKind = 'standard' | 'samples';

export const LIMIT_REQUIRED_MESSAGE = VALIDATION_TEXTS.limitRequired;

/** Seconds in each period's window (a month is 30 days, a year 365). */
export const LIMIT_PERIOD_SECONDS: Record<LimitPeriod, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
};

/** What a user without a custom standard limit may do. */
export const DEFAULT_STANDARD_LIMIT: Limits = { second: 10, minute: 300, day: 100_000 };

/** The highest value a limit may hold (a PostgreSQL integer). */
export const MAX_LIMIT_VALUE = 2_147_483_647;

const unset = (v: unknown) => v === undefined || v === null || v === '';

/** A limit value as typed (text or number) as a number, or NaN when it is not a number. */
export function limitValue(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return NaN;
}

/**
 * What is wrong with one typed value, in the catalogue's words (document 1, section 5): not a
 * number, not a whole number, below 1 or above what the column holds; undefined when it passes.
 */
function valueError(v: number): RuleMessage | undefined {
  if (!Number.isFinite(v)) return MESSAGES.numeric;
  if (!Number.isInteger(v)) return MESSAGES.integer;
  if (v < 1) return MESSAGES.min(1);
  if (v > MAX_LIMIT_VALUE) return MESSAGES.max(MAX_LIMIT_VALUE);
  return undefined;
}

export interface LimitErrors {
  /** Per period: the value is not a whole number from 1 to MAX_LIMIT_VALUE, or is below a smaller period's value. */
  periods: Partial<Record<LimitPeriod, RuleMessage>>;
  /** No value at all. */
  required?: RuleMessage;
}

/** Every problem of a limit whose values may be typed text, numbers or empty. */
export function limitErrors(values: Partial<Record<LimitPeriod, unknown>>): LimitErrors {
  const errors: LimitErrors = { periods: {} };
  const set = LIMIT_PERIODS.filter((p) => !unset(values[p]));
  if (set.length === 0) return { ...errors, required: ruleMessage('limitRequired') };
  let largestSmaller: { period: LimitPeriod; value: number } | undefined;
  for (const period of set) {
    const v = limitValue(values[period]);
    const wrong = valueError(v);
    if (wrong) {
      errors.periods[period] = wrong;
      continue;
    }
    if (largestSmaller && v < largestSmaller.value)
      errors.periods[period] = ruleMessage('limitOrder', {
        period,
        value: largestSmaller.value,
        smaller: largestSmaller.period,
      });
    if (!largestSmaller || v > largestSmaller.value) largestSmaller = { period, value: v };
  }
  return errors;
}

/**
 * The first problem with a limit in English, or undefined; a value's problem names its period
 * first (`minute: It must be greater than 0`), as the editor shows it on that period's input.
 */
export function limitsRule(limits: Limits): string | undefined {
  const { periods, required } = limitErrors(limits);
  if (required) return required.en;
  const period = LIMIT_PERIODS.find((p) => periods[p]);
  if (!period) return undefined;
  const error = periods[period]!;
  return error.key === 'limitOrder' ? error.en : ruleMessage('aboutValue', { value: period, error }).en;
}

/** The periods a limit sets, shortest first, with their values. */
export const limitEntries = (limits: Limits): [LimitPeriod, number][] =>
  LIMIT_PERIODS.flatMap((p) => (limits[p] === undefined || limits[p] === null ? [] : [[p, limits[p]] as const]));
