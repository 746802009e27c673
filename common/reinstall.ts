/**
 * Reinstall (document 2, sections 2.3, 3 "Reinstallation payload", 4, 5, 9): the payload, the map
 * constants and the validation rules shared by the reinstall form and `POST /installations/{id}`.
 */
import type { FactorParam, SensorStatus } from './domain';
import {
  MESSAGES,
  compose,
  email,
  factorsRule,
  float,
  maxValue,
  minValue,
  numeric,
  phone,
  required,
  type Rule,
  type RuleMessage,
} from './validation';

/** Map defaults: the marker starts near Kraków; the map is centred on Poland (section 2.3, 9). */
export const REINSTALL_MAP = {
  marker: { lat: 50.057, lng: 19.96 },
  center: [52.1, 19.4] as [number, number],
  zoom: 6,
} as const;

/** Marker coordinates are rounded to this many decimals. */
export const COORDINATE_DECIMALS = 6;

export const roundCoordinate = (value: number): number =>
  Math.round(value * 10 ** COORDINATE_DECIMALS) / 10 ** COORDINATE_DECIMALS;

/** The route's installation id when the installation is to be looked up from `sensorId` (section 2.3). */
export const NULL_INSTALLATION = 'null';

/** The text a tag editor sends as `null` (section 5). */
export const NULL_TAG_TEXT = 'null';

export interface ReinstallFactors {
  A: number | null;
  B: number | null;
  C: number | null;
}

/** `POST /installations/{installationId}` (section 3, "Reinstallation payload"). */
export interface ReinstallPayload {
  previousInstallationId: number | null;
  lat: number;
  lon: number;
  contractorId: number;
  requestId?: number | null;
  visible: boolean;
  factors?: Partial<Record<FactorParam, ReinstallFactors>>;
  altAddress1?: string | null;
  altAddress2?: string | null;
  /** Sent only when Change Status is ticked and the chosen status differs from the current one. */
  status?: SensorStatus | null;
  /** Tag id → value; the text "null" is sent as null. */
  tags?: Record<string, string | number | boolean | null>;
  fullName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
}

/** A decimal comma counts as a point (the fields accept what people type). */
const withPoint = (rule: Rule) => (v: unknown) => rule(typeof v === 'string' ? v.trim().replace(',', '.') : v);

export const latitudeRule = withPoint(compose(required, numeric, minValue(-90), maxValue(90)));
export const longitudeRule = withPoint(compose(required, numeric, minValue(-180), maxValue(180)));
export const contractorRule = required;
export const visibilityRule = (v: unknown) => (typeof v === 'boolean' ? undefined : MESSAGES.required);
export const contactEmailRule = email;
export const contactPhoneRule = phone;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/**
 * A, B and C of one parameter: each numeric; B defaults to 1 when empty, so A and C are filled
 * together or left empty together (all three empty omits the parameter). Messages by key.
 */
export function reinstallFactorErrors(f: {
  A?: unknown;
  B?: unknown;
  C?: unknown;
}): Partial<Record<'A' | 'B' | 'C', RuleMessage>> | undefined {
  const errors: Partial<Record<'A' | 'B' | 'C', RuleMessage>> = {};
  for (const k of ['A', 'B', 'C'] as const) {
    const message = float(f[k]);
    if (message) errors[k] = message;
  }
  const withDefault = { ...f, B: blank(f.B) && (!blank(f.A) || !blank(f.C)) ? 1 : f.B };
  if (factorsRule(withDefault))
    for (const k of ['A', 'B', 'C'] as const) if (blank(withDefault[k])) errors[k] ??= MESSAGES.factors;
  return Object.keys(errors).length ? errors : undefined;
}

/**
 * What the server refuses in a payload that its schema already accepted, each message prefixed
 * with the field it names (`email: Not a valid email`, `factors.pm25: All factors must be filled`).
 */
export function reinstallProblems(body: ReinstallPayload): string[] {
  const problems: string[] = [];
  const mail = blank(body.email) ? undefined : contactEmailRule(String(body.email).trim());
  if (mail) problems.push(`email: ${mail.en}`);
  const tel = blank(body.phoneNumber) ? undefined : contactPhoneRule(String(body.phoneNumber).trim());
  if (tel) problems.push(`phoneNumber: ${tel.en}`);
  for (const [param, f] of Object.entries(body.factors ?? {})) {
    const errors = f ? reinstallFactorErrors(f) : undefined;
    if (errors) problems.push(`factors.${param}: ${Object.values(errors)[0]!.en}`);
  }
  return problems;
}
