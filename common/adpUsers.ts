/**
 * Developer-portal (ADP) users (document 2, sections 3, 4, 5, 8, 9): the settings vocabularies, the
 * defaults of a new user, the rules that depend on the user type, access-definition ids and the
 * clipboard format of access definitions. Shared by the console's forms and the admin API.
 */
import { ACCESS_VISIBILITY, ADP_USER_TYPES } from './domain';

export type AdpUserType = (typeof ADP_USER_TYPES)[number];
export type AccessVisibility = (typeof ACCESS_VISIBILITY)[number];

// prettier-ignore
/** ISO 3166-1 alpha-2 codes (section 3: "about 250 countries by two-letter code"). */
export const ADP_COUNTRIES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

export const ADP_LANGUAGES = ['en', 'pl'] as const;

// prettier-ignore
/** About 100 IANA time zones (section 3). */
export const ADP_TIME_ZONES = [
  'UTC', 'Europe/Warsaw', 'Europe/London', 'Europe/Dublin', 'Europe/Lisbon', 'Europe/Madrid', 'Europe/Paris',
  'Europe/Brussels', 'Europe/Amsterdam', 'Europe/Luxembourg', 'Europe/Berlin', 'Europe/Zurich', 'Europe/Vienna',
  'Europe/Rome', 'Europe/Malta', 'Europe/Prague', 'Europe/Bratislava', 'Europe/Budapest', 'Europe/Ljubljana',
  'Europe/Zagreb', 'Europe/Belgrade', 'Europe/Sarajevo', 'Europe/Skopje', 'Europe/Tirane', 'Europe/Podgorica',
  'Europe/Copenhagen', 'Europe/Oslo', 'Europe/Stockholm', 'Europe/Helsinki', 'Europe/Tallinn', 'Europe/Riga',
  'Europe/Vilnius', 'Europe/Minsk', 'Europe/Kyiv', 'Europe/Chisinau', 'Europe/Bucharest', 'Europe/Sofia',
  'Europe/Athens', 'Europe/Istanbul', 'Europe/Moscow', 'Atlantic/Reykjavik', 'Atlantic/Azores', 'Atlantic/Canary',
  'Africa/Casablanca', 'Africa/Algiers', 'Africa/Tunis', 'Africa/Cairo', 'Africa/Lagos', 'Africa/Accra',
  'Africa/Nairobi', 'Africa/Addis_Ababa', 'Africa/Johannesburg', 'Asia/Jerusalem', 'Asia/Beirut', 'Asia/Amman',
  'Asia/Baghdad', 'Asia/Riyadh', 'Asia/Dubai', 'Asia/Tehran', 'Asia/Baku', 'Asia/Tbilisi', 'Asia/Yerevan',
  'Asia/Kabul', 'Asia/Karachi', 'Asia/Tashkent', 'Asia/Almaty', 'Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Dhaka',
  'Asia/Yangon', 'Asia/Bangkok', 'Asia/Jakarta', 'Asia/Ho_Chi_Minh', 'Asia/Singapore', 'Asia/Kuala_Lumpur',
  'Asia/Manila', 'Asia/Hong_Kong', 'Asia/Shanghai', 'Asia/Taipei', 'Asia/Seoul', 'Asia/Tokyo', 'Asia/Ulaanbaatar',
  'Asia/Vladivostok', 'Australia/Perth', 'Australia/Adelaide', 'Australia/Brisbane', 'Australia/Sydney',
  'Pacific/Auckland', 'Pacific/Fiji', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles',
  'America/Denver', 'America/Phoenix', 'America/Chicago', 'America/Mexico_City', 'America/New_York',
  'America/Toronto', 'America/Halifax', 'America/Bogota', 'America/Lima', 'America/Caracas', 'America/Santiago',
  'America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'America/Montevideo',
] as const;

/** Alert-level choices per index type (section 9); `AQ_` is the provider prefix. */
export const ADP_INDEX_LEVELS: Readonly<Record<string, readonly number[]>> = {
  AQ_INDEX: [50, 75, 100, 150, 200, 300, 400, 600, 800],
  AQ_CAQI: [25, 50, 75, 87.5, 100, 125],
  AQ_US_AQI: [50, 100, 150, 200, 300],
  AQ_DAQI: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  AQ_PIJP: [1, 3, 5, 7, 10],
  MONGOLIAN_AQI: [50, 100, 200, 300, 400, 500],
};
export const ADP_INDEX_TYPES = Object.keys(ADP_INDEX_LEVELS);
export const ADP_GUIDELINES = ['WHO', 'POLISH', 'DEFRA'] as const;
export const ADP_SECTORS = [
  'public',
  'academic',
  'ngo',
  'smart-cities',
  'telecommunication',
  'industry',
  'other-company',
  'other',
] as const;
/** Specialisations (the settings field `industry`). */
export const ADP_SPECIALISATIONS = [
  'education',
  'admin-ops',
  'marketing-pr',
  'business-development',
  'it-eng',
  'other',
];
export const ADP_GOALS = [
  'csr',
  'research',
  'public-information',
  'health-protection',
  'smart-city',
  'compliance',
  'product-integration',
  'other',
];
export const ADP_AVATARS = ['default', 'academic', 'business', 'industry', 'ngo', 'public', 'telecom'];
/** Settings fields that take a fixed choice or `other:` followed by free text. */
export const OTHER_PREFIX = 'other:';
export const OTHER_TEXT_MAX = 200;

/** The boolean switches of the settings. */
export const ADP_SETTING_SWITCHES = [
  'sensorOutAlertEnabled',
  'aqiExceededAlertEnabled',
  'weeklyEmailEnabled',
  'monthlyEmailEnabled',
] as const;

export interface AdpSettings {
  country: string;
  language: string;
  timeZone: string;
  indexType: string;
  aqiLevelLimit: number | null;
  standardType: string;
  sensorOutAlertEnabled: boolean;
  aqiExceededAlertEnabled: boolean;
  weeklyEmailEnabled: boolean;
  monthlyEmailEnabled: boolean;
  sector: string | null;
  yourGoals: string | null;
  industry: string | null;
  avatar: string;
}

/** Section 9: a new user's plan, trial, type and settings. */
export const ADP_NEW_USER_DEFAULTS = {
  plan: 'PLAN_ADVANCED',
  postTrialPlanName: 'PLAN_EMPTY',
  trial: true,
  type: 'CLIENT' as AdpUserType,
  trialDays: 14,
  settings: {
    country: 'PL',
    language: 'en',
    timeZone: 'UTC',
    indexType: 'AQ_INDEX',
    aqiLevelLimit: null,
    standardType: 'WHO',
    sensorOutAlertEnabled: false,
    aqiExceededAlertEnabled: false,
    weeklyEmailEnabled: false,
    monthlyEmailEnabled: false,
    sector: null,
    yourGoals: null,
    industry: null,
    avatar: 'default',
  } satisfies AdpSettings,
} as const;

/** A trial's default end date: two weeks after `from`, as YYYY-MM-DD (UTC). */
export function defaultTrialEnd(from: Date = new Date()): string {
  return new Date(from.getTime() + ADP_NEW_USER_DEFAULTS.trialDays * 86_400_000).toISOString().slice(0, 10);
}

// ---- Rules by type (section 5) --------------------------------------------------------------

/** The contractor editor is shown (and the contractor required) for these types. */
export const hasContractor = (type: string) =>
  type === 'CLIENT' || type === 'CLIENT_EXTRA_ACCESS' || type === 'INTERNAL_ACCOUNT';
/** Reason for access is required for types other than CLIENT and INTERNAL_ACCOUNT. */
export const needsReason = (type: string) => type !== 'CLIENT' && type !== 'INTERNAL_ACCOUNT';
/** Additional access definitions (beyond the contractor's own) for types other than CLIENT. */
export const allowsAdditionalAccess = (type: string) => type !== 'CLIENT';

export const ADP_LIMITS = { nickname: 100, email: 254, reason: 1000, osmId: 100 } as const;

/** The English of the admin API's refusals (the console shows the same text from `adpUsers.rules`). */
export const ADP_MESSAGES = {
  reasonRequired: (type: string) => `Reason for access is required for users of type ${type}`,
  contractorRequired: (type: string) => `A contractor is required for users of type ${type}`,
  additionalAccess: 'Additional access definitions need a user type other than CLIENT',
  confirmEmail:
    'Confirm that the account is deactivated, the password reset and the invitation resent (confirmed: true)',
  importError:
    'Error importing access definitions. The contents of the clipboard are either invalid or the permission was not granted.',
  deleteConfirm: (name: string, email: string) =>
    `Do you want to delete user ${name} (${email})? This action cannot be undone.`,
} as const;

// ---- Access definitions ---------------------------------------------------------------------

export interface AccessDefinition {
  id: number;
  sponsorId: number | null;
  osmId: string | null;
  installationId: number | null;
  visibility: AccessVisibility;
  canBeEdited: boolean;
}

/** Section 9: a new access definition's id is drawn from 1000 to 10000 (unique within the user). */
export const ACCESS_ID_MIN = 1000;
export const ACCESS_ID_MAX = 10000;

export function randomAccessId(taken: Iterable<number>, random: () => number = Math.random): number {
  const used = new Set(taken);
  for (;;) {
    const id = ACCESS_ID_MIN + Math.floor(random() * (ACCESS_ID_MAX - ACCESS_ID_MIN + 1));
    if (!used.has(id)) return id;
  }
}

/** The access definitions that differ between `before` and `after`, by id. */
export function accessDifferences(before: readonly AccessDefinition[], after: readonly AccessDefinition[]) {
  const old = new Map(before.map((d) => [d.id, d]));
  const next = new Map(after.map((d) => [d.id, d]));
  const same = (a: AccessDefinition, b: AccessDefinition) =>
    a.sponsorId === b.sponsorId &&
    a.osmId === b.osmId &&
    a.installationId === b.installationId &&
    a.visibility === b.visibility &&
    a.canBeEdited === b.canBeEdited;
  return {
    added: after.filter((d) => !old.has(d.id)),
    changed: after.filter((d) => old.has(d.id) && !same(old.get(d.id)!, d)),
    deleted: before.filter((d) => !next.has(d.id)),
  };
}

const intOrNull = (v: unknown): number | null | undefined =>
  v === null || v === undefined || v === ''
    ? null
    : typeof v === 'number' && Number.isSafeInteger(v) && v > 0
      ? v
      : undefined;

/** One access definition read from untrusted input (clipboard, request); undefined when malformed. */
export function readAccessDefinition(v: unknown): AccessDefinition | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  const id = intOrNull(o.id);
  const sponsorId = intOrNull(o.sponsorId);
  const installationId = intOrNull(o.installationId);
  const osmId = o.osmId === null || o.osmId === undefined ? '' : typeof o.osmId === 'string' ? o.osmId.trim() : null;
  if (id === undefined || sponsorId === undefined || installationId === undefined || osmId === null) return undefined;
  if (osmId.length > ADP_LIMITS.osmId || !ACCESS_VISIBILITY.includes(o.visibility as AccessVisibility))
    return undefined;
  if (sponsorId === null && installationId === null && osmId === '') return undefined;
  return {
    id: id ?? 0,
    sponsorId,
    osmId: osmId === '' ? null : osmId,
    installationId,
    visibility: o.visibility as AccessVisibility,
    canBeEdited: o.canBeEdited === undefined ? true : o.canBeEdited === true,
  };
}

/** What the clipboard export holds. */
export interface AccessExport {
  accessDefinitions: AccessDefinition[];
  type: AdpUserType;
  sponsorId: number | null;
}

/**
 * Reads a clipboard import of permissions: a JSON object with accessDefinitions (array), type and
 * sponsorId (section 5). Undefined when it is not one (section 8's error is then shown).
 */
export function parseAccessImport(text: string): AccessExport | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (!('accessDefinitions' in o) || !('type' in o) || !('sponsorId' in o)) return undefined;
  if (!Array.isArray(o.accessDefinitions) || !ADP_USER_TYPES.includes(o.type as AdpUserType)) return undefined;
  const sponsorId = intOrNull(o.sponsorId);
  if (sponsorId === undefined) return undefined;
  const defs = o.accessDefinitions.map(readAccessDefinition);
  if (defs.some((d) => d === undefined)) return undefined;
  return { accessDefinitions: defs as AccessDefinition[], type: o.type as AdpUserType, sponsorId };
}

// ---- Settings ------------------------------------------------------------------------------

/** A fixed choice, or `other:` followed by free text. */
export function isChoiceOrOther(value: unknown, choices: readonly string[]): boolean {
  if (typeof value !== 'string') return false;
  if (value.startsWith(OTHER_PREFIX)) {
    const text = value.slice(OTHER_PREFIX.length).trim();
    return text.length > 0 && text.length <= OTHER_TEXT_MAX;
  }
  return choices.includes(value) && value !== 'other';
}

/** The first problem of a settings object (English), or undefined. */
export function settingsProblem(s: AdpSettings): string | undefined {
  if (!ADP_COUNTRIES.includes(s.country)) return `country must be a two-letter country code`;
  if (!(ADP_LANGUAGES as readonly string[]).includes(s.language)) return `language must be one of en, pl`;
  if (!(ADP_TIME_ZONES as readonly string[]).includes(s.timeZone)) return `timeZone ${s.timeZone} is not offered`;
  const levels = ADP_INDEX_LEVELS[s.indexType];
  if (!levels) return `indexType must be one of ${ADP_INDEX_TYPES.join(', ')}`;
  if (s.aqiLevelLimit === null || !levels.includes(s.aqiLevelLimit))
    return `aqiLevelLimit must be one of ${levels.join(', ')} for ${s.indexType}`;
  if (!(ADP_GUIDELINES as readonly string[]).includes(s.standardType))
    return `standardType must be one of ${ADP_GUIDELINES.join(', ')}`;
  if (s.sector === null || !(ADP_SECTORS as readonly string[]).includes(s.sector))
    return `sector must be one of ${ADP_SECTORS.join(', ')}`;
  if (!isChoiceOrOther(s.yourGoals, ADP_GOALS)) return `yourGoals must be a goal or "other:" with a text`;
  if (!isChoiceOrOther(s.industry, ADP_SPECIALISATIONS))
    return `industry must be a specialisation or "other:" with a text`;
  if (!isChoiceOrOther(s.avatar, ADP_AVATARS)) return `avatar must be one of ${ADP_AVATARS.join(', ')}`;
  return undefined;
}
