/**
 * What the console's data provider speaks: the records of its calls and ONE `AppDataProvider`
 * interface — react-admin's methods plus the typed custom methods of every screen, each taking the
 * resource name first (combineDataProviders routes by it). Screens call it through
 * `useDataProvider<AppDataProvider>()`; tests build one from a few functions.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { Communication, SensorStatus, TagType } from '../../common/domain';
import type { Preset, PresetInput, QueryKind, SavedQuery, SavedQueryInput } from '../../common/presets';
import type { QueryMessage, TagDef } from '../../common/query';
import type { Locale } from '../../common/locales';
import type { Place, PlaceKind } from '../../common/places';
import type { ReinstallPayload } from '../../common/reinstall';
import type { ProgressPoint, RolloutRules } from '../../common/firmware';
import type { ServiceName } from '../../common/entities';
import type { ApiUserMethods } from './apiUsers';
import type { AdpUserMethods } from './adpUsers';

// ---- Records --------------------------------------------------------------------------------

/** A tag definition of one context (sensors, installations, contractors). */
export interface Tag {
  id: number;
  name: string;
  type: TagType;
  /** Allowed values of an ENUM tag, sorted; empty for the other types. */
  values: string[];
}

/** A tag's value on a sensor, installation or contractor; `null` (or absent) when not set. */
export type TagValue = string | number | boolean | null;

export interface FactorSet {
  A: number;
  B: number;
  C: number;
}

/** A sensor as the main API lists it (`GET /sensors`, `GET /sensors/{id}`). */
export interface Sensor {
  id: number;
  info: {
    id: number;
    currentInstallationId: number | null;
    /** Present only with view_sensortoken. */
    sensorToken?: string;
    /** Present only with view_communication. */
    communication?: Communication;
    contractor: { id: number; name: string } | null;
    status: SensorStatus;
    measured: string[];
  };
  params: { factors: Partial<Record<string, FactorSet>> };
  /** Tag values by tag id. */
  tags: Record<string, TagValue>;
}

/** The GSM updater's view of a sensor (the Sensor Status screen). */
export interface UpdaterSensor {
  id: number;
  version: string | null;
  bank: number | null;
  status: string;
  last_contact: string | null;
  last_updated: string | null;
}

/** `POST /sensors` (ordering new sensors); answered with CSV. */
export interface SensorOrder {
  amount: number;
  communication: Communication;
  measured: string[];
  latitude: number;
  longitude: number;
  contractorId: number | null;
  sensorTags?: Record<string, TagValue>;
  installationTags?: Record<string, TagValue>;
  sensorFactors?: Record<string, FactorSet>;
}

export interface HistoryAddress {
  country?: string | null;
  state?: string | null;
  city?: string | null;
  street?: string | null;
  number?: string | null;
  countryLocal?: string | null;
  stateLocal?: string | null;
  cityLocal?: string | null;
  streetLocal?: string | null;
  numberLocal?: string | null;
}

/** A record of the installation history (`GET /history/sensors/{id}`, `GET /history/installations/{id}`). */
export interface HistoryRecord {
  id: number;
  sensorId: number | null;
  installationId: number | null;
  successorId: number | null;
  predecessorId: number | null;
  installationDate: string | null;
  removedAt: string | null;
  contractor: { id: number; name: string } | null;
  isVisible: boolean | null;
  mamsl: number | null;
  location: { latitude: number | null; longitude: number | null } | null;
  address: HistoryAddress | null;
  alternativeAddress1: string | null;
  alternativeAddress2: string | null;
  contactFullName?: string | null;
  contactEmail?: string | null;
  contactPhoneNumber?: string | null;
  tags: Record<string, TagValue> | null;
  factors?: unknown;
  installationRequestId: number | null;
}

export type HistoryScope = 'sensors' | 'installations' | 'contractors';

// Reinstall (document 2, sections 2.3, 3, 7) -- one block
/** `GET /installations/{id}`: the read form used by reinstall (fields the caller may not see are left out). */
export interface InstallationReadForm {
  info: {
    installationId: number;
    sensorId: number;
    status: string;
    isVisible: boolean;
    removedAt: string | null;
    contractor?: { id: number | null };
  };
  location: {
    coordinates: { latitude: number; longitude: number };
    address: { altAddress1: string | null; altAddress2: string | null };
  };
  params: { factors: Partial<Record<string, FactorSet>> };
  tags: Record<string, TagValue>;
  contact?: { fullName?: string | null; email?: string | null; phoneNumber?: string | null };
}

/** `GET /installations/requests/{id}` (document 2, section 3). */
export interface InstallationRequest {
  id: number;
  sensorId: number | null;
  requestType: string;
  clientType: string;
  createdAt: string;
  address: string | null;
  location: { latitude: number | null; longitude: number | null } | null;
  email: string | null;
  phone: string | null;
  contractorId: number | null;
  contractorName: string | null;
  notes: string | null;
  state: string;
  /** The rest of the request as `GET /installations/requests/{id}` answers it (the request screen). */
  updatedAt?: string;
  locationFromAddress?: boolean;
  language?: string | null;
  images?: { link: string; location: string | null }[];
  contractorLogo?: string | null;
  contractorLink?: string | null;
  staffNotes?: string | null;
}

/**
 * `update` of an installation request (document 2, sections 2.4, 4, 7): `{ action: 'state' }` sends
 * `data.state` (HOLD or REJECTED), `{ action: 'notes' }` `data.staffNotes`.
 */
export type InstallationRequestUpdateMeta = { action: 'state' | 'notes' };

/** Installation requests: adding an image to the single request. */
export interface InstallationRequestMethods {
  /** `POST /installations/requests/{id}/images` (multipart field `file`); resolves to the image's URL. */
  addRequestImage(
    resource: 'installation-requests',
    params: { id: Identifier; file: File; location?: string },
  ): Promise<{ imageUrl: string }>;
}

/** `GET /sensor/{id}/activity`: what the sensor activity indicator shows. */
export interface SensorActivityInfo {
  id: number;
  exists: boolean;
  active: boolean;
  lastContact: string | null;
  visible: boolean;
}
// end of the reinstall block

/** An API token as GET /integrations returns it (the secret is never part of it). */
export interface ApiToken {
  id: number;
  name: string;
  permissions: string[];
  expiresAt: string;
  active: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  ownerId: number;
  ownerName: string;
}

/** POST /integrations payload: `time` is the lifetime in milliseconds. */
export interface CreateTokenPayload {
  name: string;
  permissions: string[];
  time: number;
}

/** POST /integrations response: the stored token plus its secret, shown once. */
export type CreatedToken = ApiToken & { token: string };

export interface Role {
  id: number;
  name: string;
  /** Every catalogue permission with its flag, plus the per-record ones the role holds. */
  permissions: Record<string, boolean>;
  builtIn: boolean;
  userCount: number;
}

export type AuditScope = 'personal' | 'admin';

export interface AuditLog {
  logId: number;
  createdDate: string;
  userName: string | null;
  eventType: string;
  sourceName: string;
  message: string;
}

export interface AuditLogPage {
  logs: AuditLog[];
  totalCount: number;
  /** A search matched more rows than totalCount (the server counts searches up to a cap). */
  capped: boolean;
}

export interface Preferences {
  theme: 'light' | 'dark';
  /** The console's language, applied at sign-in on any browser. */
  locale: Locale;
  selectedPresetId: number;
}

/** A personal list on the server: the presets, or the saved queries of one kind. */
export type PersonalList = 'presets' | `queries/${QueryKind}`;
export type PersonalItem<L extends PersonalList> = L extends 'presets' ? Preset : SavedQuery;
export type PersonalInput<L extends PersonalList> = L extends 'presets' ? PresetInput : SavedQueryInput;

// ---- The provider ---------------------------------------------------------------------------

type Signal = { signal?: AbortSignal };

/** Custom methods of the `sensors` resource (main API, and the GSM updater for restart/idle/status). */
/**
 * `update` of a sensor, one part per call:
 * - `{ action: 'status' }`: `data.info.status` (`PATCH /sensors/{id}/status`);
 * - `{ action: 'retire' }`: no data (`DELETE /sensors/{id}`: the sensor stays, Retired);
 * - `{ action: 'tag', tagId }`: that tag's value in `data.tags`;
 * - `{ action: 'factors', param }`: that parameter's factors in `data.params.factors` (absent clears them).
 */
export type SensorUpdateMeta =
  { action: 'status' | 'retire' } | { action: 'tag'; tagId: number } | { action: 'factors'; param: string };

export interface SensorMethods {
  /** Every row matching the query, as CSV (a raw Response to download). */
  exportSensors(
    resource: 'sensors',
    params: { query?: string; sortBy?: string; order?: 'asc' | 'desc' },
  ): Promise<Response>;
  /** Orders new sensors; the Response is the CSV of the created sensors. One key per submit attempt. */
  orderSensors(resource: 'sensors', params: { order: SensorOrder; idempotencyKey: string }): Promise<Response>;
  /** 404 (a sensor the updater does not know) is left to the screen: no banner. */
  getSensorUpdaterStatus(resource: 'sensors', params: { id: Identifier } & Signal): Promise<UpdaterSensor>;
  restartSensor(resource: 'sensors', params: { id: Identifier }): Promise<{ id: number; status: string }>;
  idleSensor(resource: 'sensors', params: { id: Identifier }): Promise<{ id: number; status: string }>;
}

export type { Place, PlaceKind } from '../../common/places';

/** The inline text editors of an installation and the path of each call under /installations/{id}. */
export type InstallationTextField = 'visibleBy' | 'contact/fullName' | 'contact/email' | 'contact/phoneNumber';

/** POST /installations/{id}/suspend and /unsuspend. */
export interface SuspensionChange {
  startTime: string;
  /** Upper-case parameter names. */
  measurementsTypes: string[];
  reason: string | null;
  endTime: string | null;
}

/**
 * `update` of an installation row (`id` the row id, `previousData` the row: its `installationId`, the
 * business number, makes the paths under /installations/{installationId}), one part per call:
 * - `{ action: 'visibility' }`: `data.isVisible`;
 * - `{ action: 'text', field, path }`: `data[field]` (null clears it), sent to `…/{path}`;
 * - `{ action: 'address', part }`: `data[part + 'Id']`, the chosen place's OSM id;
 * - `{ action: 'altAddress' }`: `data.alternativeAddress1` and `data.alternativeAddress2`;
 * - `{ action: 'tag', tagId }`: `data['tag_' + tagId]`;
 * - `{ action: 'factors', param }`: `data[param + 'Factors']` (null clears them);
 * - `{ action: 'suspend' | 'unsuspend', change }`: the suspension of `change.measurementsTypes`.
 * Each resolves to the row's changed fields.
 */
export type InstallationUpdateMeta =
  | { action: 'visibility' | 'altAddress' }
  | { action: 'text'; field: string; path: InstallationTextField }
  | { action: 'address'; part: PlaceKind }
  | { action: 'tag'; tagId: number }
  | { action: 'factors'; param: string }
  | { action: 'suspend' | 'unsuspend'; change: SuspensionChange };

/** Custom methods of the `installations` resource (main API); `id` is the installation id (business number). */
export interface InstallationMethods {
  /** Every row matching the query as CSV (a raw Response to download), with the columns on screen. */
  exportInstallations(
    resource: 'installations',
    params: { query?: string; sortBy?: string; order?: 'asc' | 'desc'; columns?: string[] },
  ): Promise<Response>;
  /** Follow (or stop following) installations on screen for live updates; no loading bar or banner. */
  followInstallations(resource: 'installations', params: { socketId: string; ids: number[] }): Promise<void>;
  unfollowInstallations(resource: 'installations', params: { socketId: string }): Promise<void>;
  /** Signs a realtime channel subscription (POST /realtime/auth). */
  authorizeChannel(
    resource: 'installations',
    params: { socketId: string; channel: string },
  ): Promise<{ auth: string; channel_data?: string }>;
  searchPlaces(
    resource: 'installations',
    params: { kind: PlaceKind; parentId?: string; search?: string } & Signal,
  ): Promise<Place[]>;
  /**
   * The map view's feed (GET /installations/points): every installation matching the list's query as
   * `[installationId, latitude, longitude, active]` (active 1: measured in the last 20 minutes);
   * `truncated`: more match than the feed's cap.
   */
  getInstallationPoints(
    resource: 'installations',
    params: { query?: string } & Signal,
  ): Promise<{
    points: [installationId: number, latitude: number, longitude: number, active: 0 | 1][];
    truncated: boolean;
  }>;
}

export interface PageMethods {
  /** The open installation requests (the menu badge): a silent poll, no loading indicator or banner. */
  countOpenRequests(resource: 'installation-requests', params: Signal): Promise<number>;
  /** Ends every session of another user. */
  logoutUser(resource: 'users', params: { id: Identifier }): Promise<{ invalidated: number }>;
  /** Installation records of a sensor or installation; 404 is the page's own answer, not a banner. */
  getHistory(resource: 'history', params: { scope: HistoryScope; id: string } & Signal): Promise<HistoryRecord[]>;
  /** One page of audit logs; `query` is the API query of the view (auditApiQuery). */
  getAuditLogs(
    resource: 'logs',
    params: { scope: AuditScope; query: Record<string, string | number> } & Signal,
  ): Promise<AuditLogPage>;
  /** The permissions the caller may put into a token: the ones they hold. */
  getTokenPermissions(resource: 'tokens', params: Signal): Promise<string[]>;
  /** The tags of a list for the query editor (META included); a missing or forbidden endpoint gives none. */
  getQueryTags(resource: 'queries', params: { list: string } & Signal): Promise<TagDef[]>;
  /**
   * Asks a list endpoint whether it accepts a query (page 1, one row); resolves to null when it
   * does, to the server's message when it answers 400 (no banner): keyed when the answer carries
   * its key (`query.errors.*`), else the English text.
   */
  checkQuery(
    resource: 'queries',
    params: { service: ServiceName; endpoint: string; query: string } & Signal,
  ): Promise<QueryMessage | string | null>;
  getPreferences(resource: 'preferences', params: Signal): Promise<Preferences>;
  updatePreferences(resource: 'preferences', params: { data: Partial<Preferences> }): Promise<Preferences>;
  getPersonalItems<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L } & Signal,
  ): Promise<PersonalItem<L>[]>;
  createPersonalItem<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L; data: Omit<PersonalItem<L>, 'id'> },
  ): Promise<PersonalItem<L>>;
  updatePersonalItem<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L; data: PersonalItem<L> },
  ): Promise<PersonalItem<L>>;
  /** Resolves to the list as it stands after the change (also for order, import). */
  deletePersonalItem<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L; id: number },
  ): Promise<PersonalItem<L>[]>;
  orderPersonalItems<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L; ids: number[] },
  ): Promise<PersonalItem<L>[]>;
  /** Appends; clashing ids are renumbered by the server. 400s are left to the caller. */
  importPersonalItems<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L; items: PersonalInput<L>[] },
  ): Promise<PersonalItem<L>[]>;
  /** Adopts an old local-storage list while nothing is stored. */
  migratePersonalItems<L extends PersonalList>(
    resource: 'preferences',
    params: { list: L; items: PersonalInput<L>[] },
  ): Promise<{ items: PersonalItem<L>[]; migrated: boolean }>;
  // Reinstall (resource `reinstall`): the screen's reads and the reinstall itself -- one block
  /** The current installation (by business number); 404 is the screen's own answer. */
  getInstallationReadForm(resource: 'reinstall', params: { id: Identifier } & Signal): Promise<InstallationReadForm>;
  /** The newest history record of an installation (what reinstall prefills from); 404 is a field error. */
  getLastInstallationRecord(resource: 'reinstall', params: { id: Identifier } & Signal): Promise<HistoryRecord>;
  getInstallationRequest(resource: 'reinstall', params: { id: Identifier } & Signal): Promise<InstallationRequest>;
  /** `GET /sensors/{id}`: the business number of the sensor's current installation, or null. */
  getSensorCurrentInstallation(
    resource: 'reinstall',
    params: { sensorId: Identifier } & Signal,
  ): Promise<number | null>;
  /** No loading bar; an unknown sensor is an answer (`exists: false`). */
  getSensorActivityInfo(resource: 'reinstall', params: { id: Identifier } & Signal): Promise<SensorActivityInfo>;
  /** `POST /installations/{installationId}`: creates the successor installation. */
  reinstallSensor(
    resource: 'reinstall',
    params: { installationId: Identifier; payload: ReinstallPayload },
  ): Promise<{ installationId: number; sensorId: number }>;
}

// Contractors (document 2, sections 2.5, 3, 7) -- one block
/** A contractor as `GET /contractors` lists it; fields the caller may not see are left out. */
export interface Contractor {
  id: number;
  name: string;
  type: string;
  /** A URL of the logo (an uploaded file or a default logo), or null. */
  logo: string | null;
  link: string | null;
  hsId?: string | null;
  hsName?: string | null;
  companyOwner?: string | null;
  companyState?: string | null;
  endOfDeal?: string | null;
  customSla: boolean;
  activeSubscriptions: number;
  currentInstallations: number;
  createdAt: string;
  /** Tag values by tag id. */
  tags: Record<string, TagValue>;
}

/** What the add and edit forms send (`PATCH /contractors/{id}`; with a logo, `POST /contractors`). */
export interface ContractorInput {
  name: string;
  type: string;
  link?: string | null;
  hsId?: string | null;
  hsName?: string | null;
}

/**
 * `update` of the `contractors` resource: without meta the edit form's fields (ContractorInput); with
 * `{ action: 'logo' }` a new logo (`data.file`); with `{ action: 'tag', tagId }` one tag's value
 * (`data.tags`, the record's tags with that one changed).
 */
export type ContractorUpdateMeta = { action: 'logo' } | { action: 'tag'; tagId: number };

/** Custom methods of the `contractors` resource; `create` takes ContractorInput plus `file` or `logo`. */
export interface ContractorMethods {
  getDefaultLogos(resource: 'contractors', params: Signal): Promise<{ name: string; url: string }[]>;
  /** The CRM company name of a CRM id, or null when the CRM knows no such company (no banner). */
  lookupCrmCompany(resource: 'contractors', params: { hsId: string } & Signal): Promise<string | null>;
  /** Every contractor matching the query as CSV (a raw Response to download). */
  exportContractors(
    resource: 'contractors',
    params: { query?: string; sortBy?: string; order?: 'asc' | 'desc' },
  ): Promise<Response>;
}

// Firmware (document 2, sections 2.9, 7; resources `deployments/gsm/versions` and `deployments/gsm`) -- one block
/** A firmware version as the GSM updater lists it. */
export interface FirmwareVersion {
  version: string;
  description: string | null;
  status: string;
  createdDate?: string;
}

/** One sensor of a GSM or Wi-Fi deployment and how far it got. */
export interface DeploymentSensor {
  id: number;
  version: string | null;
  reports_version: string | null;
  status: string;
  bank: number | null;
  last_contact: string | null;
  last_updated: string | null;
  binary: string | null;
}

/** `POST /deployments` of the GSM updater: periods in seconds; amount and spacing for a rolling one. */
export interface GsmDeploymentPayload extends RolloutRules {
  sensors: number[];
  version: string;
  strategy: 'ROLLING' | 'IMMEDIATE';
  period: number;
  amount?: number;
  spacing?: number;
}

/** `create` of `deployments/gsm/versions` (multipart: the two bank files); `update` changes `status` only. */
export interface GsmVersionInput {
  version: string;
  description?: string;
  bank0: File;
  bank1: File;
}

export interface FirmwareMethods {
  /** Every GSM version (the create form's choices), newest version first. */
  getAllGsmVersions(resource: 'deployments/gsm/versions', params: Signal): Promise<FirmwareVersion[]>;
  createGsmDeployment(
    resource: 'deployments/gsm',
    params: { payload: GsmDeploymentPayload; allowFailed: boolean; idempotencyKey: string },
  ): Promise<{ id: number }>;
  haltGsmDeployment(resource: 'deployments/gsm', params: { id: Identifier }): Promise<{ id: number; status: string }>;
  getGsmDeploymentSensors(
    resource: 'deployments/gsm',
    params: { id: Identifier } & Signal,
  ): Promise<DeploymentSensor[]>;
  /** What the GSM updater knows about these sensors (unknown ids are left out); no loading bar. */
  getGsmUpdaterSensors(resource: 'deployments/gsm', params: { ids: number[] } & Signal): Promise<UpdaterSensor[]>;
}
// end of the firmware block

/** The GSM and Wi-Fi deployment resources (safe rollouts, issue 13). */
export type RolloutResource = 'deployments/gsm' | 'deployments/wifi';

/** One status change of a sensor in a deployment. */
export interface SensorEvent {
  at: string;
  from_status: string | null;
  status: string;
  message: string | null;
}

export interface QuarantinedSensor {
  sensor_id: number;
  deployment_id: number | null;
  failures: number;
  reason: string;
  since: string;
}

/** Safe-rollout calls of the GSM and Wi-Fi updaters: progress, a sensor's timeline, the quarantine. */
export interface RolloutMethods {
  getDeploymentProgress(resource: RolloutResource, params: { id: Identifier } & Signal): Promise<ProgressPoint[]>;
  getSensorTimeline(
    resource: RolloutResource,
    params: { id: Identifier; sensorId: number } & Signal,
  ): Promise<SensorEvent[]>;
  getQuarantine(resource: RolloutResource, params: Signal): Promise<QuarantinedSensor[]>;
  releaseQuarantined(resource: RolloutResource, params: { sensorId: number }): Promise<{ sensor_id: number }>;
}
// Gen3 firmware (document 2, sections 2.9, 3, 7; resources `deployments/gen3/versions` and `deployments/gen3`)
/** A Gen3 version. */
export interface Gen3Version {
  version: string;
  description: string | null;
  createdDate: string;
}

/** A binary of one module of a Gen3 version. */
export interface Gen3Binary {
  id: string;
  module: number | null;
  description: string | null;
  createdDate: string;
  hash: string;
  active: boolean;
}

/** `getOne` and `create` of `deployments/gen3/versions` are react-admin's (the version number is the id). */
export interface Gen3Methods {
  /** Every Gen3 version (the deployment form's choices), newest first. */
  getAllGen3Versions(resource: 'deployments/gen3/versions', params: Signal): Promise<Gen3Version[]>;
  /** One page of a version's binaries, newest first. */
  getGen3Binaries(
    resource: 'deployments/gen3/versions',
    params: { version: string; page: number; limit: number } & Signal,
  ): Promise<{ data: Gen3Binary[]; total: number }>;
  /** The active binary of each module of a version. */
  getGen3ActiveBinaries(
    resource: 'deployments/gen3/versions',
    params: { version: string } & Signal,
  ): Promise<Gen3Binary[]>;
  /** Uploads an (inactive) binary of a module; returns its id. */
  uploadGen3Binary(
    resource: 'deployments/gen3/versions',
    params: { version: string; module: number; description?: string; file: File },
  ): Promise<{ id: string }>;
  activateGen3Binary(resource: 'deployments/gen3/versions', params: { id: string }): Promise<Gen3Binary>;
  deactivateGen3Binary(
    resource: 'deployments/gen3/versions',
    params: { version: string; module: number },
  ): Promise<Gen3Binary[]>;
  createGen3Deployment(
    resource: 'deployments/gen3',
    params: { version: string; sensorId: number; idempotencyKey: string },
  ): Promise<{ id: number }>;
}
// end of the Gen3 block
// Wi-Fi firmware (document 2, sections 2.9, 3, 7; resource `deployments/wifi`) -- one block
/** What a Wi-Fi deployment can be built from (GET /deployments/create): newest first. */
export interface WifiDeploymentOptions {
  commits: { hash: string; description: string; author: string }[];
  branches: string[];
  tags: string[];
}

/** `POST /deployments` of the Wi-Fi updater: `commit` is a branch, a tag or a hash; periods in seconds. */
export interface WifiDeploymentPayload extends RolloutRules {
  sensors: number[];
  commit: string;
  strategy: 'ROLLING' | 'IMMEDIATE';
  period: number;
  amount?: number;
  spacing?: number;
}

/** A binary built for one sensor (GET /binary/{binary}). */
export interface WifiBinary {
  created: string;
  sensor: number;
  status: string;
  version: string | null;
  has_logs: boolean;
  is_present: boolean;
}

export interface WifiMethods {
  getWifiDeploymentOptions(resource: 'deployments/wifi', params: Signal): Promise<WifiDeploymentOptions>;
  createWifiDeployment(
    resource: 'deployments/wifi',
    params: { payload: WifiDeploymentPayload; allowFailed: boolean; idempotencyKey: string },
  ): Promise<{ id: number }>;
  haltWifiDeployment(resource: 'deployments/wifi', params: { id: Identifier }): Promise<{ id: number; status: string }>;
  getWifiDeploymentSensors(
    resource: 'deployments/wifi',
    params: { id: Identifier } & Signal,
  ): Promise<DeploymentSensor[]>;
  getWifiBinary(resource: 'deployments/wifi', params: { binary: string } & Signal): Promise<WifiBinary>;
  /** The build log as text. */
  getWifiBinaryLogs(resource: 'deployments/wifi', params: { binary: string } & Signal): Promise<string>;
  /** The binary's file (a raw Response to save). */
  downloadWifiBinary(resource: 'deployments/wifi', params: { binary: string }): Promise<Response>;
}
// end of the Wi-Fi firmware block

/**
 * The console's data provider. Standard methods serve the entities and the page resources
 * `roles` (getList/create/update/delete) and `tokens` (getList with `filter.all`, create with
 * `meta.idempotencyKey`, delete).
 */
/** Methods every declared entity has (the generic provider, src/dataProviders/index.ts). */
export interface GenericMethods {
  /** `GET <endpoint>/export`: every matching row as CSV, streamed by the server (declaration-only lists). */
  exportList(resource: string, params: { query?: string; sortBy?: string; order?: 'asc' | 'desc' }): Promise<Response>;
}

export type AppDataProvider = DataProvider &
  GenericMethods &
  SensorMethods &
  InstallationMethods &
  PageMethods &
  ContractorMethods &
  InstallationRequestMethods &
  FirmwareMethods &
  RolloutMethods &
  Gen3Methods &
  WifiMethods &
  ApiUserMethods &
  AdpUserMethods;
