/** Enumerations and business constants of the specification, shared by console and backend. */

export const APP_VERSION = '19.8.5';

export const MEASURED_PARAMS = [
  'pm1',
  'pm25',
  'pm10',
  'no2',
  'no',
  'o3',
  'so2',
  'co',
  'h2s',
  'temperature',
  'humidity',
  'pressure',
] as const;
export type MeasuredParam = (typeof MEASURED_PARAMS)[number];

/** Calibration (factor) parameters; `ox` exists only in the calibration column. */
export const CALIBRATION_PARAMS = [...MEASURED_PARAMS, 'ox'] as const;
export const FACTOR_PARAMS = ['pm1', 'pm25', 'pm10', 'temperature', 'humidity', 'pressure'] as const;
export type FactorParam = (typeof FACTOR_PARAMS)[number];
export const DEFAULT_MEASURED: readonly MeasuredParam[] = FACTOR_PARAMS;

export const SENSOR_STATUSES = [
  'InProduction',
  'Ready',
  'ForInstallation',
  'InShipping',
  'Installed',
  'ContractTerminated',
  'ContractEnded',
  'Suspended',
  'ReviewRequired',
  'ServiceRequired',
  'InRepair',
  'ReadyRepaired',
  'Refurbishment',
  'Lost',
  'Retired',
] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];

/**
 * The statuses in Polish. In English the console shows a status as it is named (the query
 * language's value too); the catalogues take both from here (`enums.sensorStatus.<status>`).
 */
export const SENSOR_STATUS_LABELS_PL: Record<SensorStatus, string> = {
  InProduction: 'W produkcji',
  Ready: 'Gotowy',
  ForInstallation: 'Do instalacji',
  InShipping: 'W wysyłce',
  Installed: 'Zainstalowany',
  ContractTerminated: 'Umowa rozwiązana',
  ContractEnded: 'Umowa zakończona',
  Suspended: 'Zawieszony',
  ReviewRequired: 'Wymaga przeglądu',
  ServiceRequired: 'Wymaga serwisu',
  InRepair: 'W naprawie',
  ReadyRepaired: 'Gotowy po naprawie',
  Refurbishment: 'W regeneracji',
  Lost: 'Zagubiony',
  Retired: 'Wycofany',
};

const PRE_INSTALL = ['InProduction', 'Ready', 'ForInstallation', 'InShipping'] as const;
const SERVICE = ['ReviewRequired', 'ServiceRequired', 'InRepair', 'Refurbishment', 'Lost'] as const;
const CONTRACT = ['ContractTerminated', 'ContractEnded', 'Suspended'] as const;

/**
 * Allowed next statuses per current status (document 1, section 4). Retired is terminal and is
 * reached only through the retire action, never through a status change.
 */
export const SENSOR_TRANSITIONS: Record<SensorStatus, readonly SensorStatus[]> = {
  InProduction: [...PRE_INSTALL, 'Installed', ...SERVICE],
  Ready: [...PRE_INSTALL, 'Installed', ...SERVICE],
  ForInstallation: [...PRE_INSTALL, 'Installed', ...SERVICE],
  InShipping: [...PRE_INSTALL, 'Installed', ...SERVICE],
  Installed: [...PRE_INSTALL, ...CONTRACT, ...SERVICE],
  ContractTerminated: ['Installed', ...PRE_INSTALL, ...CONTRACT, ...SERVICE],
  ContractEnded: ['Installed', ...PRE_INSTALL, ...CONTRACT, ...SERVICE],
  Suspended: ['Installed', ...PRE_INSTALL, ...CONTRACT, ...SERVICE],
  ReviewRequired: [...PRE_INSTALL, 'Installed', ...SERVICE],
  ServiceRequired: [...PRE_INSTALL, 'Installed', ...SERVICE],
  InRepair: ['ReadyRepaired'],
  ReadyRepaired: ['Ready', 'InRepair', 'ForInstallation', 'InShipping', 'Installed', 'Refurbishment', 'Lost'],
  Refurbishment: ['InProduction', 'Ready', 'InRepair', 'Lost'],
  Lost: [
    'InProduction',
    'Ready',
    'ForInstallation',
    'InShipping',
    'Installed',
    'InRepair',
    'ReadyRepaired',
    'Refurbishment',
  ],
  Retired: [],
};

export function allowedNextStatuses(current: SensorStatus): SensorStatus[] {
  return SENSOR_TRANSITIONS[current].filter((s) => s !== current);
}

export function canTransition(from: SensorStatus, to: SensorStatus): boolean {
  return from !== to && allowedNextStatuses(from).includes(to);
}

export const COMMUNICATIONS = ['GSM', 'WIFI', 'LORA', 'NBIOT', 'OTHER'] as const;
export type Communication = (typeof COMMUNICATIONS)[number];
/** Restart is offered only for these. */
export const RESTARTABLE_COMMUNICATIONS: readonly Communication[] = ['GSM', 'NBIOT'];

export const UPDATER_STATUSES = {
  UpdatePlanned: 'Queued',
  UpdateQueued: 'Building',
  UpdatePending: 'Waiting for Sensor',
  Updating: 'Sensor is Downloading',
  Updated: 'Updated',
  Ok: 'Ok',
  Failed: 'Failed',
  Warning: 'Warning',
  Rolling: 'Rolling',
  Finished: 'Finished',
  Halted: 'Halted',
  Requested: 'Fargate Provisioning',
  Building: 'Building',
  Pending: 'Pending',
  Uploading: 'Uploading',
  Deployed: 'Deployed',
  Obsolete: 'Obsolete',
  Queued: 'Queued',
  Testing: 'Testing',
  Skipped: 'Skipped',
  Enrolled: 'Enrolled',
  RestartRequired: 'RestartRequired',
  IdleRequired: 'IdleRequired',
} as const;
export type UpdaterStatus = keyof typeof UPDATER_STATUSES;
/** The updater statuses' labels in Polish (the English ones are UPDATER_STATUSES). */
export const UPDATER_STATUS_LABELS_PL: Record<UpdaterStatus, string> = {
  UpdatePlanned: 'W kolejce',
  UpdateQueued: 'Budowanie',
  UpdatePending: 'Oczekuje na czujnik',
  Updating: 'Czujnik pobiera',
  Updated: 'Zaktualizowany',
  Ok: 'OK',
  Failed: 'Niepowodzenie',
  Warning: 'Ostrzeżenie',
  Rolling: 'W toku',
  Finished: 'Zakończone',
  Halted: 'Wstrzymane',
  Requested: 'Przydzielanie Fargate',
  Building: 'Budowanie',
  Pending: 'Oczekuje',
  Uploading: 'Wysyłanie',
  Deployed: 'Wdrożone',
  Obsolete: 'Przestarzałe',
  Queued: 'W kolejce',
  Testing: 'Testowanie',
  Skipped: 'Pominięty',
  Enrolled: 'Zapisany',
  RestartRequired: 'Wymaga restartu',
  IdleRequired: 'Wymaga uśpienia',
};
export const UPDATER_STATUS_VALUES = Object.keys(UPDATER_STATUSES) as UpdaterStatus[];
/** Restart and idle are enabled only in these updater statuses. */
export const UPDATER_ACTIONABLE: readonly UpdaterStatus[] = ['Ok', 'Failed'];

export const TAG_TYPES = ['STRING', 'FLOAT', 'INTEGER', 'TEXT', 'BOOLEAN', 'ENUM', 'META'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const TAG_CONTEXTS = ['sensors', 'installations', 'contractors'] as const;
export type TagContext = (typeof TAG_CONTEXTS)[number];

export const CONTRACTOR_TYPES = ['INDIVIDUAL', 'ACTION', 'AMBASSADOR', 'SMOGFIGHTER'] as const;
export const REQUEST_STATES = ['WAITING', 'HOLD', 'REJECTED', 'DONE'] as const;
export const REQUEST_TYPES = ['INSTALLATION', 'REINSTALLATION'] as const;
export const CLIENT_TYPES = ['ECOMMERCE', 'ENTERPRISE', 'PARTNER', 'EMPTY'] as const;
export const ADP_USER_TYPES = [
  'CLIENT',
  'CLIENT_EXTRA_ACCESS',
  'END_CLIENT',
  'LEAD',
  'RESEARCHER',
  'INTERNAL_ACCOUNT',
] as const;
export const ADP_USER_STATUSES = ['NOT_ACTIVATED', 'ENABLED', 'DISABLED'] as const;
export const ACCESS_VISIBILITY = ['ALL', 'VISIBLE', 'HIDDEN'] as const;
export const VERSION_STATUSES = ['Experimental', 'Production', 'Deprecated'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
export const DEPLOYMENT_STRATEGIES = ['ROLLING', 'IMMEDIATE'] as const;
export const LIMIT_PERIODS = ['second', 'minute', 'hour', 'day', 'month', 'year'] as const;
export const UPDATER_FAMILIES = ['gsm', 'wifi', 'gen3'] as const;
export type UpdaterFamily = (typeof UPDATER_FAMILIES)[number];

/** Token expiry options in milliseconds; a week is the default. */
export const TOKEN_EXPIRY_OPTIONS = [
  { id: 'hour', name: 'Hour', ms: 3.6e6 },
  { id: 'day', name: 'Day', ms: 8.64e7 },
  { id: 'week', name: 'Week', ms: 6.048e8 },
  { id: 'month', name: 'Month (31 days)', ms: 2.6784e9 },
  { id: 'quarter', name: 'Quarter (90 days)', ms: 7.776e9 },
  { id: 'half-year', name: 'Half a year (180 days)', ms: 1.5552e10 },
  { id: 'year', name: 'Year (365 days)', ms: 3.1536e10 },
] as const;
export const DEFAULT_TOKEN_EXPIRY_MS = 6.048e8;

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200, 300] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const AUDIT_DEFAULT_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 300;
export const SENSOR_ORDER_MIN = 1;
export const SENSOR_ORDER_MAX = 1000;
export const PASSWORD_MIN_LENGTH = 10;
/** Longest password the server takes (a developer-portal user's permanent password); the console's input says so first. */
export const PASSWORD_MAX_LENGTH = 200;
export const PHONE_MIN_LENGTH = 6;
export const DESCRIPTION_MAX_LENGTH = 255;
export const CONTRACTOR_FETCH_LIMIT = 10000;
/** The CRM company-name lookup of the contractor forms: ids of digits only, longer than 8, after a pause. */
export const CRM_LOOKUP_MIN_LENGTH = 9;
export const CRM_LOOKUP_DEBOUNCE_MS = 500;
/** An access token counts as valid only while more than this many ms remain. */
export const TOKEN_EXPIRY_MARGIN_MS = 2000;
export const SUCCESS_MESSAGE_MS = 5000;
export const LOADING_CLEAR_DELAY_MS = 800;
export const RELATIVE_DATE_REFRESH_MS = 10_000;
export const SESSION_CHECK_DELAY_MS = 500;
export const LOGIN_POPUP = { width: 800, height: 600, pollMs: 100 } as const;
export const INACTIVE_AFTER_MS = 20 * 60 * 1000;
export const ACTIVITY_HOURS = 72;

/** True when the access token must be refreshed: 2 seconds or fewer remain (or it has no expiry). */
export function isAccessTokenExpired(expiresAtMs: number | undefined, now = Date.now()): boolean {
  if (expiresAtMs === undefined || !Number.isFinite(expiresAtMs)) return true;
  return expiresAtMs - now <= TOKEN_EXPIRY_MARGIN_MS;
}

/** Upload size limits per kind of file, in bytes. */
export const UPLOAD_LIMITS = {
  logo: 2 * 1024 * 1024,
  image: 10 * 1024 * 1024,
  firmware: 32 * 1024 * 1024,
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;
