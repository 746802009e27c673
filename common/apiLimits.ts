/**
 * Rate limits of API-key users (document 2, sections 3, 5, 9), one rule for the console's limit
 * editor and the API-user manager: each value a whole number ≥ 1, at least one value, and a larger
 * period at least the largest value of any smaller period (year ≥ month ≥ … ≥ second).
 */
import { LIMIT_PERIODS } from './domain';

export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export type Limits = Partial<Record<LimitPeriod, number>>;

export const LIMIT_REQUIRED_MESSAGE = 'One limit value required when samples API or custom limit enabled!';

/** The first problem with a limit, or undefined. */
export function limitsRule(limits: Limits): string | undefined {
  const set = LIMIT_PERIODS.filter((p) => limits[p] !== undefined && limits[p] !== null);
  if (set.length === 0) return LIMIT_REQUIRED_MESSAGE;
  for (const p of set) {
    const v = limits[p]!;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) return `${p}: a whole number of at least 1`;
  }
  let largestSmaller: { period: LimitPeriod; value: number } | undefined;
  for (const p of LIMIT_PERIODS) {
    const v = limits[p];
    if (v === undefined || v === null) continue;
    if (largestSmaller && v < largestSmaller.value)
      return `${p} must be at least ${largestSmaller.value} (the ${largestSmaller.period} limit)`;
    if (!largestSmaller || v > largestSmaller.value) largestSmaller = { period: p, value: v };
  }
  return undefined;
}
