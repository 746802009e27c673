/**
 * The limit editor's values, rules and plan (document 2, section 5): a "custom limit" switch with
 * the standard limit per period, and the samples API switch with the samples limit per period. The
 * rules are common/apiLimits.ts (the server's), shown as keyed messages: a value that is not a whole
 * number ≥ 1 (the catalogue's 'It must be numeric', 'It must be an integer', 'It must be greater
 * than 0') or is below a smaller period's on its input; no value at all while the section is on on
 * its switch. Saving sends only what changed, in the order the API-user manager needs (the samples
 * limit before the samples API is switched on).
 */
import { LIMIT_PERIODS } from '../../../common/domain';
import { limitErrors, limitValue, type LimitKind, type Limits } from '../../../common/apiLimits';
import type { ApiUser } from '../../dataProviders/apiUsers';
import { formErrors } from '../../components/formValidation';

export type LimitInputs = Record<(typeof LIMIT_PERIODS)[number], string>;

export interface LimitsFormValues {
  customStandard: boolean;
  standard: LimitInputs;
  samplesAPI: boolean;
  samples: LimitInputs;
}

/** What the signed-in user may change in this dialog. */
export interface LimitRights {
  standard: boolean;
  samples: boolean;
}

const inputs = (limits: Limits | null): LimitInputs =>
  Object.fromEntries(LIMIT_PERIODS.map((p) => [p, limits?.[p] === undefined ? '' : String(limits[p])])) as LimitInputs;

export const limitsFormValues = (user: ApiUser): LimitsFormValues => ({
  customStandard: user.limitStandard !== null,
  standard: inputs(user.limitStandard),
  samplesAPI: user.samplesAPI,
  samples: inputs(user.limitSamples),
});

/** The typed values of one section as a limit (empty inputs left out). */
export function limitsOf(values: Partial<Record<string, unknown>>): Limits {
  const out: Limits = {};
  for (const p of LIMIT_PERIODS) {
    const v = values[p];
    if (v === undefined || v === null || v === '') continue;
    out[p] = limitValue(v);
  }
  return out;
}

/** The form-level `validate` of the editor: the shared rule on each section that is on. */
export function validateLimitsForm(values: LimitsFormValues): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const check = (on: boolean, section: 'standard' | 'samples', switchName: string) => {
    if (!on) return;
    const { periods, required } = limitErrors(values[section] ?? {});
    if (required) errors[switchName] = required;
    if (Object.keys(periods).length > 0) errors[section] = periods;
  };
  check(values.customStandard, 'standard', 'customStandard');
  check(values.samplesAPI, 'samples', 'samplesAPI');
  return formErrors(errors);
}

const sameLimits = (a: Limits | null, b: Limits | null) =>
  JSON.stringify(LIMIT_PERIODS.map((p) => a?.[p] ?? null)) === JSON.stringify(LIMIT_PERIODS.map((p) => b?.[p] ?? null));

/** One call of the API-user manager. */
export type LimitChange =
  { kind: LimitKind; limits: Limits } | { kind: LimitKind; remove: true } | { samplesAPI: boolean };

/** The calls that turn `user` into `values`, in order; parts the user may not change are left alone. */
export function limitChanges(user: ApiUser, values: LimitsFormValues, rights: LimitRights): LimitChange[] {
  const changes: LimitChange[] = [];
  if (rights.standard) {
    if (values.customStandard) {
      const limits = limitsOf(values.standard);
      if (!sameLimits(limits, user.limitStandard)) changes.push({ kind: 'standard', limits });
    } else if (user.limitStandard !== null) changes.push({ kind: 'standard', remove: true });
  }
  if (rights.samples) {
    if (values.samplesAPI) {
      const limits = limitsOf(values.samples);
      if (!sameLimits(limits, user.limitSamples)) changes.push({ kind: 'samples', limits });
      if (!user.samplesAPI) changes.push({ samplesAPI: true });
    } else if (user.samplesAPI) changes.push({ samplesAPI: false });
  }
  return changes;
}
