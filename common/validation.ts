/** Validation rules and their messages (document 1, section 5), shared by forms and the server. */
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH } from './domain';

export const MESSAGES = {
  required: 'It is required',
  float: 'It must be a float',
  numeric: 'It must be numeric',
  integer: 'It must be an integer',
  max: (max: number) => `It must be less than ${max + 1}`,
  min: (min: number) => `It must be greater than ${min - 1}`,
  version: 'Not a valid version number, format: [0-255].[0-255].[0-255].[0-255]',
  name: "Name can't be empty",
  email: 'Not a valid email',
  phoneCountryCode: 'Country code required (+)',
  phone: 'Not a valid phone number (allowed: space, number, plus)',
  username: 'Not a valid username',
  longer: (n: number) => `Must be longer than ${n} characters`,
  shorter: (n: number) => `Must be shorter than ${n} characters`,
  factors: 'All factors must be filled',
  nameInUse: 'Name already in use',
} as const;

/** A rule returns an error message, or undefined when the value passes. */
export type Rule = (value: unknown) => string | undefined;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const required: Rule = (v) => (isBlank(v) ? MESSAGES.required : undefined);

export const username: Rule = (v) =>
  isBlank(v) || /^[A-Za-z0-9_.-]+$/.test(String(v)) ? undefined : MESSAGES.username;

export const minLength =
  (n: number): Rule =>
  (v) =>
    isBlank(v) || String(v).length >= n ? undefined : MESSAGES.longer(n - 1);

export const maxLength =
  (n: number): Rule =>
  (v) =>
    isBlank(v) || String(v).length <= n ? undefined : MESSAGES.shorter(n + 1);

export const email: Rule = (v) =>
  isBlank(v) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(v)) ? undefined : MESSAGES.email;

export const phone: Rule = (v) => {
  if (isBlank(v)) return undefined;
  const s = String(v);
  if (!s.startsWith('+')) return MESSAGES.phoneCountryCode;
  if (!/^[+\d ]+$/.test(s) || s.length < PHONE_MIN_LENGTH) return MESSAGES.phone;
  return undefined;
};

export const float: Rule = (v) =>
  isBlank(v) || /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(String(v).replace(',', '.'))
    ? undefined
    : MESSAGES.float;

export const integer: Rule = (v) => (isBlank(v) || /^[-+]?\d+$/.test(String(v)) ? undefined : MESSAGES.integer);

export const numeric: Rule = (v) =>
  isBlank(v) || Number.isFinite(Number(String(v).replace(',', '.'))) ? undefined : MESSAGES.numeric;

export const minValue =
  (min: number): Rule =>
  (v) =>
    isBlank(v) || Number(v) >= min ? undefined : MESSAGES.min(min);

export const maxValue =
  (max: number): Rule =>
  (v) =>
    isBlank(v) || Number(v) <= max ? undefined : MESSAGES.max(max);

export const versionNumber: Rule = (v) => {
  if (isBlank(v)) return undefined;
  const parts = String(v).split('.');
  const ok = parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
  return ok ? undefined : MESSAGES.version;
};

/** Runs rules in order and returns the first message. */
export const compose =
  (...rules: Rule[]): Rule =>
  (v) => {
    for (const rule of rules) {
      const message = rule(v);
      if (message) return message;
    }
    return undefined;
  };

export const loginUsername = compose(required, username);
export const loginPassword = compose(required, minLength(PASSWORD_MIN_LENGTH));

/** A factor set counts only when A, B and C are all filled; partial sets are an error. */
export function factorsRule(f: { A?: unknown; B?: unknown; C?: unknown }): string | undefined {
  const filled = [f.A, f.B, f.C].filter((x) => !isBlank(x)).length;
  return filled === 0 || filled === 3 ? undefined : MESSAGES.factors;
}

/** Longest names the server accepts (after trimming); a longer one gets `MESSAGES.shorter(max + 1)`. */
export const NAME_LIMITS = { role: 64, tag: 100, token: 100 } as const;
/** ENUM tag values: each at most TAG_VALUE_MAX_LENGTH characters, at most TAG_VALUES_MAX of them. */
export const TAG_VALUE_MAX_LENGTH = 100;
export const TAG_VALUES_MAX = 200;

/** A required name within `max` characters, trimmed first as the server does. */
export const nameRule =
  (max: number): Rule =>
  (v) =>
    required(v) ?? maxLength(max)(typeof v === 'string' ? v.trim() : v);
