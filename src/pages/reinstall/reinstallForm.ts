/**
 * The reinstall form's values, where they are prefilled from (a previous installation's last
 * history record, an installation request, the route's query), its rules (common/reinstall.ts) and
 * the payload it sends (document 2, sections 2.3, 3, 4, 5).
 */
import { FACTOR_PARAMS, type FactorParam } from '../../../common/domain';
import {
  NULL_TAG_TEXT,
  REINSTALL_MAP,
  contactEmailRule,
  contactPhoneRule,
  contractorRule,
  latitudeRule,
  longitudeRule,
  reinstallFactorErrors,
  roundCoordinate,
  visibilityRule,
  type ReinstallPayload,
} from '../../../common/reinstall';
import { MESSAGES, float, integer, type RuleMessage } from '../../../common/validation';
import { formErrors } from '../../components/formValidation';
import { decimalPoint, type FactorDraft } from '../../components/sensors/factors';
import type {
  FactorSet,
  HistoryRecord,
  InstallationReadForm,
  InstallationRequest,
  Tag,
  TagValue,
} from '../../dataProviders/types';
import { tagKey } from '../generateTokens/orderForm';

export interface ReinstallValues {
  previousInstallationId: string;
  latitude: string;
  longitude: string;
  contractorId: number | null;
  visible: boolean;
  fullName: string;
  email: string;
  phoneNumber: string;
  changeStatus: boolean;
  status: string;
  setFactors: boolean;
  factors: Partial<Record<FactorParam, FactorDraft>>;
  setAltAddress: boolean;
  altAddress1: string;
  altAddress2: string;
  /** Tag values keyed `t<id>` (see tagKey). */
  tags: Record<string, TagValue | undefined>;
}

/** The route's query parameters (section 2.3). */
export interface ReinstallQuery {
  requestId: number | null;
  sensorId: number | null;
  latitude: number | null;
  longitude: number | null;
}

const positiveInt = (v: string | null) => (v && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : null);
const finite = (v: string | null) => {
  if (v === null || v.trim() === '') return null;
  const n = Number(decimalPoint(v.trim()));
  return Number.isFinite(n) ? n : null;
};

export function readReinstallQuery(search: URLSearchParams): ReinstallQuery {
  return {
    requestId: positiveInt(search.get('requestId')),
    sensorId: positiveInt(search.get('sensorId')),
    latitude: finite(search.get('latitude')),
    longitude: finite(search.get('longitude')),
  };
}

const text = (v: string | null | undefined) => v ?? '';
const coordinate = (v: number) => String(roundCoordinate(v));

/** What an installation carries over to its successor (from either of its two read shapes). */
interface Inherited {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  contractorId: number | null | undefined;
  /** undefined: not visible to the caller (left as it is). */
  altAddress1: string | null | undefined;
  altAddress2: string | null | undefined;
  factors: Partial<Record<string, FactorSet>>;
  fullName: string | null | undefined;
  email: string | null | undefined;
  phoneNumber: string | null | undefined;
  tags: Record<string, TagValue>;
}

function inheritedValues(src: Inherited): Partial<ReinstallValues> {
  const out: Partial<ReinstallValues> = {};
  if (src.latitude != null && src.longitude != null) {
    out.latitude = coordinate(src.latitude);
    out.longitude = coordinate(src.longitude);
  }
  if (src.contractorId != null) out.contractorId = src.contractorId;
  if (src.altAddress1 !== undefined || src.altAddress2 !== undefined) {
    out.altAddress1 = text(src.altAddress1);
    out.altAddress2 = text(src.altAddress2);
    out.setAltAddress = Boolean(out.altAddress1 || out.altAddress2);
  }
  out.factors = Object.fromEntries(
    FACTOR_PARAMS.map((p) => {
      const f = src.factors[p];
      return [p, f ? { A: String(f.A), B: String(f.B), C: String(f.C) } : { A: null, B: null, C: null }];
    }),
  );
  out.setFactors = FACTOR_PARAMS.some((p) => src.factors[p]);
  if (src.fullName !== undefined) out.fullName = text(src.fullName);
  if (src.email !== undefined) out.email = text(src.email);
  if (src.phoneNumber !== undefined) out.phoneNumber = text(src.phoneNumber);
  out.tags = Object.fromEntries(Object.entries(src.tags).map(([id, v]) => [tagKey({ id: Number(id) }), v]));
  return out;
}

/** What a previous installation's last history record fills in; fields the caller may not see stay as they are. */
export function valuesFromRecord(record: HistoryRecord): Partial<ReinstallValues> {
  return inheritedValues({
    latitude: record.location?.latitude,
    longitude: record.location?.longitude,
    contractorId: record.contractor?.id,
    altAddress1: record.alternativeAddress1,
    altAddress2: record.alternativeAddress2,
    factors: (record.factors ?? {}) as Partial<Record<string, FactorSet>>,
    fullName: record.contactFullName,
    email: record.contactEmail,
    phoneNumber: record.contactPhoneNumber,
    tags: record.tags ?? {},
  });
}

/** What the current installation's read form (`GET /installations/{id}`) fills in. */
export function valuesFromReadForm(form: InstallationReadForm): Partial<ReinstallValues> {
  return inheritedValues({
    latitude: form.location.coordinates.latitude,
    longitude: form.location.coordinates.longitude,
    contractorId: form.info.contractor?.id,
    altAddress1: form.location.address.altAddress1,
    altAddress2: form.location.address.altAddress2,
    factors: form.params.factors,
    fullName: form.contact?.fullName,
    email: form.contact?.email,
    phoneNumber: form.contact?.phoneNumber,
    tags: form.tags,
  });
}

/** "fill location" of a request. */
export function locationFromRequest(request: InstallationRequest): Partial<ReinstallValues> {
  const { latitude, longitude } = request.location ?? {};
  return latitude != null && longitude != null
    ? { latitude: coordinate(latitude), longitude: coordinate(longitude) }
    : {};
}

/** "fill contact" of a request: its e-mail and phone. */
export function contactFromRequest(request: InstallationRequest): Partial<ReinstallValues> {
  return {
    ...(request.email ? { email: request.email } : {}),
    ...(request.phone ? { phoneNumber: request.phone } : {}),
  };
}

/**
 * The form's first values: the current installation's data (it is also the default previous
 * installation), then a request's location and contact, then the query's location.
 */
export function initialValues({
  current,
  request,
  query,
}: {
  current: InstallationReadForm;
  request?: InstallationRequest;
  query: ReinstallQuery;
}): ReinstallValues {
  const values: ReinstallValues = {
    previousInstallationId: String(current.info.installationId),
    latitude: String(REINSTALL_MAP.marker.lat),
    longitude: String(REINSTALL_MAP.marker.lng),
    contractorId: null,
    visible: true,
    fullName: '',
    email: '',
    phoneNumber: '',
    changeStatus: false,
    status: current.info.status,
    setFactors: false,
    factors: {},
    setAltAddress: false,
    altAddress1: '',
    altAddress2: '',
    tags: {},
    ...valuesFromReadForm(current),
    ...(request ? { ...locationFromRequest(request), ...contactFromRequest(request) } : {}),
  };
  if (query.latitude !== null && query.longitude !== null) {
    values.latitude = coordinate(query.latitude);
    values.longitude = coordinate(query.longitude);
  }
  return values;
}

/** How far the previous installation id has got: only an empty or loaded one lets the form submit. */
export type PreviousState = 'empty' | 'loading' | 'loaded' | 'failed' | 'invalid';

type Errors = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

function tagError(tag: Tag, value: TagValue | undefined): RuleMessage | undefined {
  if (blank(value) || String(value).trim() === NULL_TAG_TEXT) return undefined;
  if (tag.type === 'INTEGER') return integer(String(value).trim());
  if (tag.type === 'FLOAT') return float(String(value).trim());
  return undefined;
}

export function validateReinstall(values: ReinstallValues, ctx: { tags: readonly Tag[]; previous: PreviousState }) {
  const errors: Errors = {};
  const put = (field: string, message: RuleMessage | string | undefined) => {
    if (message) errors[field] = message;
  };
  if (ctx.previous === 'invalid') put('previousInstallationId', MESSAGES.integer);
  if (ctx.previous === 'failed') put('previousInstallationId', 'reinstall.previous.notLoaded');
  put('latitude', latitudeRule(values.latitude));
  put('longitude', longitudeRule(values.longitude));
  put('contractorId', contractorRule(values.contractorId));
  put('visible', visibilityRule(values.visible));
  put('email', contactEmailRule(values.email?.trim()));
  put('phoneNumber', contactPhoneRule(values.phoneNumber?.trim()));
  if (values.changeStatus) put('status', blank(values.status) ? MESSAGES.required : undefined);
  if (values.setFactors) {
    const factors: Errors = {};
    for (const p of FACTOR_PARAMS) {
      const e = reinstallFactorErrors(values.factors?.[p] ?? {});
      if (e) factors[p] = e;
    }
    if (Object.keys(factors).length) errors.factors = factors;
  }
  const tags: Errors = {};
  for (const tag of ctx.tags) {
    const message = tagError(tag, values.tags?.[tagKey(tag)]);
    if (message) tags[tagKey(tag)] = message;
  }
  if (Object.keys(tags).length) errors.tags = tags;
  return formErrors(errors);
}

const number = (v: unknown) => Number(decimalPoint(String(v).trim()));

function tagValue(tag: Tag, raw: TagValue | undefined): TagValue | undefined {
  if (raw === undefined || raw === null || blank(raw)) return undefined;
  if (typeof raw === 'string' && raw.trim() === NULL_TAG_TEXT) return null;
  switch (tag.type) {
    case 'INTEGER':
    case 'FLOAT':
      return number(raw);
    case 'BOOLEAN':
      return raw === true || raw === 'true';
    case 'STRING':
    case 'TEXT':
      return String(raw).trim();
    default:
      return raw;
  }
}

/**
 * The `POST /installations/{installationId}` body of validated values: factors and alternative
 * addresses only when their boxes are ticked, the status only when ticked and different, contact
 * fields only when filled, B = 1 when empty, a parameter with all three empty left out.
 */
export function reinstallPayload(
  values: ReinstallValues,
  ctx: { currentStatus: string; requestId: number | null; tags: readonly Tag[] },
): ReinstallPayload {
  const previous = String(values.previousInstallationId ?? '').trim();
  const payload: ReinstallPayload = {
    previousInstallationId: previous ? Number(previous) : null,
    lat: roundCoordinate(number(values.latitude)),
    lon: roundCoordinate(number(values.longitude)),
    contractorId: Number(values.contractorId),
    visible: values.visible,
  };
  if (ctx.requestId !== null) payload.requestId = ctx.requestId;
  if (values.setFactors) {
    const factors: NonNullable<ReinstallPayload['factors']> = {};
    for (const p of FACTOR_PARAMS) {
      const d = values.factors?.[p];
      if (!d || (blank(d.A) && blank(d.B) && blank(d.C))) continue;
      factors[p] = {
        A: blank(d.A) ? null : number(d.A),
        B: blank(d.B) ? 1 : number(d.B),
        C: blank(d.C) ? null : number(d.C),
      };
    }
    if (Object.keys(factors).length) payload.factors = factors;
  }
  if (values.setAltAddress) {
    payload.altAddress1 = values.altAddress1?.trim() || null;
    payload.altAddress2 = values.altAddress2?.trim() || null;
  }
  if (values.changeStatus && values.status && values.status !== ctx.currentStatus)
    payload.status = values.status as ReinstallPayload['status'];
  const tags: NonNullable<ReinstallPayload['tags']> = {};
  for (const tag of ctx.tags) {
    const v = tagValue(tag, values.tags?.[tagKey(tag)]);
    if (v !== undefined) tags[String(tag.id)] = v;
  }
  if (Object.keys(tags).length) payload.tags = tags;
  for (const field of ['fullName', 'email', 'phoneNumber'] as const) {
    const v = values[field]?.trim();
    if (v) payload[field] = v;
  }
  return payload;
}
