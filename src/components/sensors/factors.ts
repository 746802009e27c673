/**
 * Calibration factors as typed into A, B and C fields: the dialog's rules (all three required
 * floats, or all empty to clear), the order form's rule (a set counts only when all three are
 * filled; a partly filled set is an error), and conversion to numbers.
 */
import { factorsRule, float, required, type RuleMessage } from '../../../common/validation';
import type { FactorSet } from '../../resources/sensors/types';

export const FACTOR_KEYS = ['A', 'B', 'C'] as const;
export type FactorKey = (typeof FACTOR_KEYS)[number];
export type FactorDraft = Partial<Record<FactorKey, string | number | null>>;
export type FactorErrors = Partial<Record<FactorKey, RuleMessage>>;

/** What the fill button puts in, and the fields' placeholders. */
export const FACTOR_FILL: Record<FactorKey, string> = { A: '0', B: '1', C: '0' };

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** A comma typed in a factor becomes a decimal point. */
export const decimalPoint = (text: string) => text.replace(/,/g, '.');

export const isBlankSet = (draft: FactorDraft | undefined) => FACTOR_KEYS.every((k) => blank(draft?.[k]));

const compact = (errors: FactorErrors): FactorErrors | undefined => (Object.keys(errors).length ? errors : undefined);

/** The factors dialog: all empty (clears the factors), or A, B and C all floats. */
export function dialogFactorErrors(draft: FactorDraft | undefined): FactorErrors | undefined {
  if (isBlankSet(draft)) return undefined;
  const errors: FactorErrors = {};
  for (const k of FACTOR_KEYS) {
    const message = required(draft?.[k]) ?? float(draft?.[k]);
    if (message) errors[k] = message;
  }
  return compact(errors);
}

/** The order form: filled values are floats; in a partly filled set the empty ones say so. */
export function orderFactorErrors(draft: FactorDraft | undefined): FactorErrors | undefined {
  const partial = factorsRule(draft ?? {});
  const errors: FactorErrors = {};
  for (const k of FACTOR_KEYS) {
    const message = float(draft?.[k]) ?? (partial && blank(draft?.[k]) ? partial : undefined);
    if (message) errors[k] = message;
  }
  return compact(errors);
}

/** Numbers of a complete set; `null` for an empty one. Call after validation. */
export function toFactorSet(draft: FactorDraft | undefined): FactorSet | null {
  if (isBlankSet(draft) || !draft) return null;
  const n = (k: FactorKey) => Number(decimalPoint(String(draft[k]).trim()));
  return { A: n('A'), B: n('B'), C: n('C') };
}

/** A stored set as form text. */
export function toFactorDraft(set: FactorSet | null | undefined): FactorDraft {
  return set ? { A: String(set.A), B: String(set.B), C: String(set.C) } : { A: null, B: null, C: null };
}
