/** Validation rules and their messages (document 1, section 5), shared by forms and the server. */
import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH } from './domain';

/**
 * The English of every rule message, by key, `%{name}` standing for a value. The console shows the
 * message `validation.<key>` of its catalogue (src/i18n/en.ts takes this table as it is, so English
 * is complete by construction); the server answers with the English filled in (`RuleMessage.en`),
 * the spec's exact text.
 */
export const VALIDATION_TEXTS = {
  required: 'It is required',
  float: 'It must be a float',
  numeric: 'It must be numeric',
  integer: 'It must be an integer',
  max: 'It must be less than %{limit}',
  min: 'It must be greater than %{limit}',
  version: 'Not a valid version number, format: [0-255].[0-255].[0-255].[0-255]',
  name: "Name can't be empty",
  email: 'Not a valid email',
  phoneCountryCode: 'Country code required (+)',
  phone: 'Not a valid phone number (allowed: space, number, plus)',
  username: 'Not a valid username',
  longer: 'Must be longer than %{length} characters',
  shorter: 'Must be shorter than %{length} characters',
  factors: 'All factors must be filled',
  /** Suspension: the till date and the till time go together. */
  tillPair: 'If till date is filled, time is required, and vice versa',
  nameInUse: 'Name already in use',
  link: 'It must be an http(s) address, such as https://example.org',
  crmId: 'It must be the numeric CRM company id',
  /** A message about one of several values, naming it: `Kraków…: Must be shorter than 101 characters`. */
  aboutValue: '%{value}: %{error}',
  // Personal presets and saved queries (common/presets.ts).
  presetNameRequired: 'The name is required',
  presetNameTooLong: 'The name must be at most %{max} characters',
  columnsEmpty: 'Choose at least one column',
  columnsTooMany: 'At most %{max} columns',
  columnName: 'Invalid column name %{name}',
  columnTwice: 'A column is listed twice',
  queryRequired: 'The query is required',
  /**
   * The query parser's English message (common/query), which names a position: the server's refusal
   * of a saved query. The console's editor shows the parser's keyed message (`query.errors.*`) instead.
   */
  queryError: '%{error}',
  presetItem: 'Preset %{item}: %{error}',
  // Firmware deployments: the sensor-ID list (common/firmware.ts).
  sensorIdsPart: '"%{part}" is not a sensor ID or a range like 5-20',
  sensorIdsEmptyPart: 'An empty entry between commas: write IDs like 1,2,5-20',
  sensorIdsZero: '%{part}: sensor IDs start at 1',
  sensorIdsTooLarge: '%{part}: sensor IDs go up to %{max}',
  sensorIdsDescending: 'The range %{part} goes down: write it as %{fixed}',
  sensorIdsTooMany: 'At most %{max} sensors in one deployment',
  queryItem: 'Query %{item}: %{error}',
  // API-key user limits (common/apiLimits.ts; document 2, section 5).
  limitRequired: 'One limit value required when samples API or custom limit enabled!',
  /** No longer shown (a value breaks the numeric, integer, min or max rule); kept while pl.ts translates it. */
  limitValue: '%{period}: a whole number of at least 1',
  limitOrder: '%{period} must be at least %{value} (the %{smaller} limit)',
} as const;

export type ValidationKey = keyof typeof VALIDATION_TEXTS;

/** A value in a message: a number, a text, or another message (translated first). */
export type MessageValue = string | number | RuleMessage;

/** What a rule says: the key of its message, the values to fill in, and its English, filled in. */
export interface RuleMessage {
  readonly key: ValidationKey;
  readonly values?: Readonly<Record<string, MessageValue>>;
  /** The English text: what the server answers and what tests compare. */
  readonly en: string;
}

/** The catalogue key of a rule message (`validation.required`). */
export const validationKey = (m: Pick<RuleMessage, 'key'>): string => `validation.${m.key}`;

/** Fills `%{name}` in a message text. */
export function fillMessage(text: string, values: Readonly<Record<string, MessageValue>> = {}): string {
  return text.replace(/%\{(\w+)\}/g, (all, name: string) => {
    const v = values[name];
    return v === undefined ? all : typeof v === 'object' ? v.en : String(v);
  });
}

/** A rule message by key, with its English filled in. */
export function ruleMessage(key: ValidationKey, values?: Readonly<Record<string, MessageValue>>): RuleMessage {
  return values ? { key, values, en: fillMessage(VALIDATION_TEXTS[key], values) } : { key, en: VALIDATION_TEXTS[key] };
}

/** The messages of the rules below; the server answers with `.en`. */
export const MESSAGES = {
  required: ruleMessage('required'),
  float: ruleMessage('float'),
  numeric: ruleMessage('numeric'),
  integer: ruleMessage('integer'),
  max: (max: number) => ruleMessage('max', { limit: max + 1 }),
  min: (min: number) => ruleMessage('min', { limit: min - 1 }),
  version: ruleMessage('version'),
  name: ruleMessage('name'),
  email: ruleMessage('email'),
  phoneCountryCode: ruleMessage('phoneCountryCode'),
  phone: ruleMessage('phone'),
  username: ruleMessage('username'),
  longer: (n: number) => ruleMessage('longer', { length: n }),
  shorter: (n: number) => ruleMessage('shorter', { length: n }),
  factors: ruleMessage('factors'),
  nameInUse: ruleMessage('nameInUse'),
  link: ruleMessage('link'),
  crmId: ruleMessage('crmId'),
} as const;

/** A rule returns its message, or undefined when the value passes. */
export type Rule = (value: unknown) => RuleMessage | undefined;

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
export function factorsRule(f: { A?: unknown; B?: unknown; C?: unknown }): RuleMessage | undefined {
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

/** Contractors (document 2, section 5): longest name and link, and the CRM company id's digits. */
export const CONTRACTOR_LIMITS = { name: 200, link: 500, crmId: 20 } as const;

/** An optional web address: http:// or https:// and no spaces. */
export const webLink: Rule = (v) =>
  isBlank(v) || /^https?:\/\/[^\s]+$/i.test(String(v).trim()) ? undefined : MESSAGES.link;

/** An optional CRM company id: digits only. */
export const crmId: Rule = (v) =>
  isBlank(v) || new RegExp(`^\\d{1,${CONTRACTOR_LIMITS.crmId}}$`).test(String(v).trim()) ? undefined : MESSAGES.crmId;
