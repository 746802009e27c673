/**
 * The sensor order form's values, rules and payload. Latitude, longitude and contractor are not
 * asked for: the order sends fixed defaults (the operator's warehouse in Kraków, no contractor);
 * the sensors get their real location and contractor when they are installed.
 */
import { format } from 'date-fns';
import {
  COMMUNICATIONS,
  DEFAULT_MEASURED,
  FACTOR_PARAMS,
  SENSOR_ORDER_MAX,
  SENSOR_ORDER_MIN,
  type Communication,
} from '../../../common/domain';
import {
  MESSAGES,
  compose,
  float,
  integer,
  maxValue,
  minValue,
  required,
  type RuleMessage,
} from '../../../common/validation';
import { formErrors } from '../../components/formValidation';
import {
  decimalPoint,
  orderFactorErrors,
  toFactorSet,
  type FactorDraft,
  type FactorErrors,
} from '../../components/sensors/factors';
import type { FactorSet, SensorOrder } from '../../resources/sensors/types';
import type { Tag, TagValue } from '../../resources/tags/types';

/** Fixed defaults of every order (document 1, section 7). */
export const ORDER_DEFAULTS = { latitude: 50.057, longitude: 19.96, contractorId: null } as const;

/** Tag inputs are keyed `t<id>`: a numeric path segment would make react-hook-form build an array. */
export const tagKey = (tag: Pick<Tag, 'id'>) => `t${tag.id}`;

export interface OrderValues {
  amount: string | number | null;
  communication: Communication | '' | null;
  measured: string[];
  sensorTags?: Record<string, TagValue | undefined>;
  installationTags?: Record<string, TagValue | undefined>;
  sensorFactors?: Partial<Record<string, FactorDraft>>;
}

export const ORDER_DEFAULT_VALUES: OrderValues = {
  amount: null,
  communication: 'GSM',
  measured: [...DEFAULT_MEASURED],
  sensorTags: {},
  installationTags: {},
  sensorFactors: {},
};

export const amountRule = compose(required, integer, minValue(SENSOR_ORDER_MIN), maxValue(SENSOR_ORDER_MAX));

function tagError(tag: Tag, value: TagValue | undefined): RuleMessage | undefined {
  if (tag.type === 'INTEGER') return integer(value);
  if (tag.type === 'FLOAT') return float(value);
  return undefined;
}

type Errors = Record<string, unknown>;

export function validateOrder(
  values: OrderValues,
  sensorTags: readonly Tag[],
  installationTags: readonly Tag[],
): Errors {
  const errors: Errors = {};
  const amount = amountRule(values.amount);
  if (amount) errors.amount = amount;
  if (!values.communication || !(COMMUNICATIONS as readonly string[]).includes(values.communication))
    errors.communication = MESSAGES.required;
  const tagErrors = (tags: readonly Tag[], given: OrderValues['sensorTags']) => {
    const out: Record<string, RuleMessage> = {};
    for (const tag of tags) {
      const message = tagError(tag, given?.[tagKey(tag)]);
      if (message) out[tagKey(tag)] = message;
    }
    return Object.keys(out).length ? out : undefined;
  };
  const st = tagErrors(sensorTags, values.sensorTags);
  if (st) errors.sensorTags = st;
  const it = tagErrors(installationTags, values.installationTags);
  if (it) errors.installationTags = it;
  const factors: Record<string, FactorErrors> = {};
  for (const p of FACTOR_PARAMS) {
    const e = orderFactorErrors(values.sensorFactors?.[p]);
    if (e) factors[p] = e;
  }
  if (Object.keys(factors).length) errors.sensorFactors = factors;
  return formErrors(errors);
}

function tagValue(tag: Tag, raw: TagValue | undefined): TagValue | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  switch (tag.type) {
    case 'INTEGER':
      return Number(String(raw).trim());
    case 'FLOAT':
      return Number(decimalPoint(String(raw).trim()));
    case 'BOOLEAN':
      return raw === true || raw === 'true';
    case 'STRING':
      return String(raw).trim();
    default:
      return raw;
  }
}

function tagPayload(tags: readonly Tag[], given: OrderValues['sensorTags']): Record<string, TagValue> | undefined {
  const out: Record<string, TagValue> = {};
  for (const tag of tags) {
    const value = tagValue(tag, given?.[tagKey(tag)]);
    if (value !== undefined) out[String(tag.id)] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The `POST /sensors` body of validated values; only complete factor sets and set tag values are sent. */
export function orderPayload(
  values: OrderValues,
  sensorTags: readonly Tag[],
  installationTags: readonly Tag[],
): SensorOrder {
  const factors: Record<string, FactorSet> = {};
  for (const p of FACTOR_PARAMS) {
    const set = toFactorSet(values.sensorFactors?.[p]);
    if (set) factors[p] = set;
  }
  const sTags = tagPayload(sensorTags, values.sensorTags);
  const iTags = tagPayload(installationTags, values.installationTags);
  return {
    amount: Number(values.amount),
    communication: values.communication as Communication,
    measured: [...values.measured],
    ...ORDER_DEFAULTS,
    ...(sTags ? { sensorTags: sTags } : {}),
    ...(iTags ? { installationTags: iTags } : {}),
    ...(Object.keys(factors).length ? { sensorFactors: factors } : {}),
  };
}

export const orderFileName = (now = new Date()) => `sensory-${format(now, 'yyyy-MM-dd')}.csv`;
