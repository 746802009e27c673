/**
 * The whole domain of both specification documents in one schema. Migrations in
 * server/db/migrations are generated from this file (`npm run db:generate`) and applied at start
 * on PGlite and on PostgreSQL alike.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * jsonb, read as the driver parsed it. node-postgres and PGlite both parse jsonb already; drizzle's
 * own jsonb column parsed again any string it got, so a JSON string that reads as another JSON
 * value (a text tag "123", "true" or "[1]") came back as a number, a boolean or a list.
 */
const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export type Factors = { A: number; B: number; C: number };
export type FactorMap = Partial<Record<string, Factors>>;
export type Suspension = {
  suspended: boolean;
  suspendedFrom: string | null;
  suspendedTill: string | null;
  reason: string | null;
};
/** A stored tag value; its JSON type follows the tag's type (BOOLEAN, INTEGER/FLOAT, strings). */
export type TagValue = string | number | boolean | null;
export type Limits = Partial<Record<'second' | 'minute' | 'hour' | 'day' | 'month' | 'year', number>>;

// ---------------------------------------------------------------- staff, sessions, tokens, audit

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    oidcSubject: text('oidc_subject'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_users_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('staff_users_oidc_subject_idx').on(t.oidcSubject),
    index('staff_users_role_idx').on(t.roleId),
  ],
);

/** A login session. Refresh tokens rotate inside a session; reuse of an old one revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    hash: text('hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Personal and integration API tokens: bearer credentials stored only as a hash. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId, t.id)],
);

/**
 * Also indexed by migration 0001_audit_search (hand-written, not expressible here): a pg_trgm GIN
 * index over message + user + source used by the search, and (source_name, log_id) and
 * (user_name, log_id) for sorting; and by 0011_audit_short_search: a GIN index over the set of
 * characters of the same text, for searches of 1 or 2 characters that trigrams cannot answer; and by
 * 0012_audit_pair_search: a GIN index over its adjacent character pairs, for 2-character searches.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    logId: bigserial('log_id', { mode: 'number' }).primaryKey(),
    createdDate: ts('created_date').notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name'),
    eventType: text('event_type').notNull(),
    sourceName: text('source_name').notNull(),
    message: text('message').notNull(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdDate),
    index('audit_logs_user_idx').on(t.userId, t.logId),
    index('audit_logs_type_idx').on(t.eventType, t.logId),
  ],
);

/**
 * Password sign-in throttling: failed attempts per key (`user:<lower-case name>` or `addr:<client
 * address>`) in a fixed window that starts at the first failure. Kept in the database so every
 * process on one PostgreSQL shares the counts and a restart does not reset them.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStart: ts('window_start').notNull(),
  },
  (t) => [index('login_throttle_window_start_idx').on(t.windowStart)],
);

// ---------------------------------------------------------------- personal preferences

export const preferences = pgTable('preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull().default('light'),
  /** The console's language: 'en' or 'pl'. */
  locale: text('locale').notNull().default('en'),
  selectedPresetId: integer('selected_preset_id').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const presets = pgTable(
  'presets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    visibility: boolean('visibility').notNull().default(true),
    fieldsValues: jsonb('fields_values').$type<string[] | null>(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export const savedQueries = pgTable(
  'saved_queries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // installations | sensors
    id: integer('id').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    visibility: boolean('visibility').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.id] })],
);

// ---------------------------------------------------------------- files (logos, images, binaries)

export const files = pgTable('files', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  originalName: text('original_name'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- contractors and tags

export const contractors = pgTable(
  'contractors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    logo: text('logo'),
    link: text('link'),
    hsId: text('hs_id'),
    hsName: text('hs_name'),
    companyOwner: text('company_owner'),
    companyState: text('company_state'),
    endOfDeal: date('end_of_deal', { mode: 'string' }),
    customSla: boolean('custom_sla').notNull().default(false),
    activeSubscriptions: integer('active_subscriptions').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('contractors_name_idx').on(t.name), index('contractors_type_idx').on(t.type)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    context: text('context').notNull(), // sensors | installations | contractors
    name: text('name').notNull(),
    type: text('type').notNull(),
    values: jsonb('values').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_context_name_idx').on(t.context, sql`lower(${t.name})`)],
);

/**
 * One tag-values table. `entity` names the entity column (`<entity>_id`); `references`, when
 * given, is the row the value belongs to, deleted with it.
 */
const tagValueTable = (name: string, entity: string, references?: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      entityId: references
        ? integer(`${entity}_id`).notNull().references(references, { onDelete: 'cascade' })
        : integer(`${entity}_id`).notNull(),
      tagId: integer('tag_id')
        .notNull()
        .references(() => tags.id, { onDelete: 'cascade' }),
      value: jsonb('value').$type<TagValue>(),
    },
    (t) => [primaryKey({ columns: [t.entityId, t.tagId] }), index(`${name}_tag_idx`).on(t.tagId)],
  );

/** Keyed by sensors.id; the values go with their sensor. */
export const sensorTagValues = tagValueTable('sensor_tag_values', 'sensor', (): AnyPgColumn => sensors.id);
/** Keyed by installations.id (the row id); the values go with their installation. */
export const installationTagValues = tagValueTable(
  'installation_tag_values',
  'installation',
  (): AnyPgColumn => installations.id,
);
/** Keyed by contractors.id; the values go with their contractor. */
export const contractorTagValues = tagValueTable(
  'contractor_tag_values',
  'contractor',
  (): AnyPgColumn => contractors.id,
);

// ---------------------------------------------------------------- sensors and installations

export const sensors = pgTable(
  'sensors',
  {
    id: serial('id').primaryKey(),
    sensorToken: text('sensor_token').notNull().unique(),
    communication: text('communication').notNull(),
    status: text('status').notNull(),
    measured: jsonb('measured').$type<string[]>().notNull(),
    contractorId: integer('contractor_id').references(() => contractors.id),
    /**
     * installations.id (the row id) of the installation the sensor is at now. Deleting that
     * installation is refused: end it (or retire the sensor) first.
     */
    currentInstallationId: integer('current_installation_id').references((): AnyPgColumn => installations.id, {
      onDelete: 'restrict',
    }),
    factors: jsonb('factors').$type<FactorMap>().notNull().default({}),
    firmwareVersion: text('firmware_version'),
    createdAt: createdAt(),
    retiredAt: ts('retired_at'),
    lastMeasurementAt: ts('last_measurement_at'),
  },
  (t) => [
    index('sensors_status_idx').on(t.status, t.id),
    index('sensors_communication_idx').on(t.communication, t.id),
    index('sensors_contractor_idx').on(t.contractorId),
    index('sensors_installation_idx').on(t.currentInstallationId),
  ],
);

export const installations = pgTable(
  'installations',
  {
    id: serial('id').primaryKey(),
    installationId: integer('installation_id').notNull().unique(),
    /**
     * The previous and the next installation of the same sensor: installations.id (the row id,
     * NEVER the business number installation_id; the API translates them). Deleting an
     * installation that another one still links to is refused at the end of the statement (NO
     * ACTION), so a whole chain can be deleted at once but not one link out of its middle.
     */
    predecessorId: integer('predecessor_id').references((): AnyPgColumn => installations.id),
    successorId: integer('successor_id').references((): AnyPgColumn => installations.id),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id),
    installationDate: ts('installation_date').notNull(),
    removedAt: ts('removed_at'),
    contractorId: integer('contractor_id').references(() => contractors.id),
    status: text('status').notNull(),
    providerOwned: boolean('provider_owned').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    mamsl: doublePrecision('mamsl'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    country: text('country'),
    countryLocal: text('country_local'),
    countryId: text('country_id'),
    state: text('state'),
    stateLocal: text('state_local'),
    stateId: text('state_id'),
    city: text('city'),
    cityLocal: text('city_local'),
    cityId: text('city_id'),
    street: text('street'),
    streetLocal: text('street_local'),
    streetId: text('street_id'),
    number: text('number'),
    numberLocal: text('number_local'),
    numberId: text('number_id'),
    alternativeAddress1: text('alternative_address1'),
    alternativeAddress2: text('alternative_address2'),
    visibleBy: text('visible_by'),
    contactFullName: text('contact_full_name'),
    contactEmail: text('contact_email'),
    contactPhoneNumber: text('contact_phone_number'),
    date: ts('date').notNull().defaultNow(),
    /** The request this installation fulfilled (installation_requests.id, key below); a deleted request only loses the link. */
    installationRequestId: integer('installation_request_id'),
    measured: jsonb('measured').$type<string[]>().notNull(),
    factors: jsonb('factors').$type<FactorMap>().notNull().default({}),
    suspensions: jsonb('suspensions').$type<Record<string, Suspension>>().notNull().default({}),
  },
  (t) => [
    index('installations_sensor_idx').on(t.sensorId),
    index('installations_contractor_idx').on(t.contractorId),
    index('installations_visible_idx').on(t.isVisible, t.installationId),
    index('installations_status_idx').on(t.status),
    index('installations_city_idx').on(t.city),
    // Named: the generated name is longer than PostgreSQL's 63-character identifiers.
    foreignKey({
      name: 'installations_installation_request_id_fk',
      columns: [t.installationRequestId],
      foreignColumns: [installationRequests.id],
    }).onDelete('set null'),
  ],
);

/**
 * Every change of an installation's location, address, contact or settings, as a snapshot. Keyed
 * by installations.id (the row id); the snapshots go with their installation.
 */
export const installationHistory = pgTable(
  'installation_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    installationId: integer('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    /** The installation's sensor and contractor at the time of the snapshot (sensors.id, contractors.id). */
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id),
    contractorId: integer('contractor_id').references(() => contractors.id),
    changedAt: ts('changed_at').notNull().defaultNow(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('installation_history_installation_idx').on(t.installationId, t.id),
    index('installation_history_sensor_idx').on(t.sensorId, t.id),
    index('installation_history_contractor_idx').on(t.contractorId, t.id),
  ],
);

/** Last values per parameter and the 72-hour hourly activity of each sensor. */
export const measurementSummaries = pgTable('measurement_summaries', {
  sensorId: integer('sensor_id')
    .primaryKey()
    .references(() => sensors.id, { onDelete: 'cascade' }),
  lastMeasurementAt: ts('last_measurement_at'),
  values: jsonb('values').$type<Record<string, number>>().notNull().default({}),
  /** Hour starts (epoch hours) in which the sensor reported, newest last, at most 72. */
  activeHours: jsonb('active_hours').$type<number[]>().notNull().default([]),
});

// ---------------------------------------------------------------- installation requests

export const installationRequests = pgTable(
  'installation_requests',
  {
    id: serial('id').primaryKey(),
    sensorId: integer('sensor_id'),
    requestType: text('request_type').notNull(),
    clientType: text('client_type').notNull(),
    createdAt: createdAt(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationFromAddress: boolean('location_from_address').notNull().default(false),
    email: text('email'),
    phone: text('phone'),
    language: text('language'),
    contractorId: integer('contractor_id').references(() => contractors.id),
    notes: text('notes'),
    staffNotes: text('staff_notes'),
    state: text('state').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('installation_requests_state_idx').on(t.state, t.createdAt)],
);

export const requestImages = pgTable(
  'request_images',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => installationRequests.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    location: text('location'),
    createdAt: createdAt(),
  },
  (t) => [index('request_images_request_idx').on(t.requestId)],
);

// ---------------------------------------------------------------- developer-portal users

export const adpPlans = pgTable('adp_plans', {
  name: text('name').primaryKey(),
  displayName: text('display_name').notNull(),
  isTrialPlan: boolean('is_trial_plan').notNull().default(false),
});

export const adpUsers = pgTable(
  'adp_users',
  {
    id: serial('id').primaryKey(),
    nickname: text('nickname').notNull(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    planName: text('plan_name')
      .notNull()
      .references(() => adpPlans.name),
    contractorId: integer('contractor_id').references(() => contractors.id),
    type: text('type').notNull(),
    reason: text('reason'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adp_users_email_idx').on(sql`lower(${t.email})`),
    index('adp_users_contractor_idx').on(t.contractorId),
  ],
);

export const adpTrials = pgTable('adp_trials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => adpUsers.id, { onDelete: 'cascade' }),
  trialPlanName: text('trial_plan_name').notNull(),
  postTrialPlanName: text('post_trial_plan_name').notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
});

export const adpAccessDefinitions = pgTable(
  'adp_access_definitions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adpUsers.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    sponsorId: integer('sponsor_id'),
    osmId: text('osm_id'),
    installationId: integer('installation_id'),
    visibility: text('visibility').notNull(),
    canBeEdited: boolean('can_be_edited').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

// ---------------------------------------------------------------- API-key users

export const apiUsers = pgTable(
  'api_users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    customId: text('custom_id'),
    contractorId: integer('contractor_id').references(() => contractors.id),
    internal: boolean('internal').notNull().default(false),
    samplesApi: boolean('samples_api').notNull().default(false),
    limitStandard: jsonb('limit_standard').$type<Limits | null>(),
    limitSamples: jsonb('limit_samples').$type<Limits | null>(),
    createdAt: createdAt(),
    /** SHA-256 (hex) of the user's API key; null until one is issued. The key itself is never stored. */
    keyHash: text('key_hash').unique(),
    /** The key's first characters, to tell keys apart in the console. */
    keyPrefix: text('key_prefix'),
    keyIssuedAt: ts('key_issued_at'),
    /** When a request with the key was last refused with 429, and by which limit (`standard` or `samples`). */
    lastRateLimitedAt: ts('last_rate_limited_at'),
    lastRateLimitedKind: text('last_rate_limited_kind'),
  },
  (t) => [index('api_users_contractor_idx').on(t.contractorId)],
);

/**
 * Request counters of the API-key rate limits (rate-limiter-flexible's RateLimiterDrizzle store, used
 * unless REDIS_URL is set): one row per user, limit kind and period window.
 */
export const apiRateLimits = pgTable(
  'api_rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: ts('expire'),
  },
  (t) => [index('api_rate_limits_expire_idx').on(t.expire)],
);

// ---------------------------------------------------------------- firmware (GSM, Wi-Fi, Gen3)

export const firmwareVersions = pgTable(
  'firmware_versions',
  {
    family: text('family').notNull(), // gsm | wifi | gen3
    version: text('version').notNull(),
    description: text('description'),
    status: text('status').notNull().default('Experimental'),
    /**
     * Demo only: the share of updates to this version that the fleet simulator fails (null: its
     * SIMULATOR_FAILURE_RATE). Seeded so that safe-rollout rules can be seen tripping.
     */
    simulatedFailureRate: doublePrecision('simulated_failure_rate'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.family, t.version] })],
);

export const firmwareBinaries = pgTable(
  'firmware_binaries',
  {
    id: text('id').primaryKey(),
    family: text('family').notNull(),
    version: text('version').notNull(),
    module: integer('module'),
    bank: integer('bank'),
    description: text('description'),
    fileKey: text('file_key').notNull(),
    hash: text('hash').notNull(),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('firmware_binaries_version_idx').on(t.family, t.version, t.createdAt)],
);

export const wifiCommits = pgTable('wifi_commits', {
  hash: text('hash').primaryKey(),
  description: text('description').notNull(),
  author: text('author').notNull(),
  branches: jsonb('branches').$type<string[]>().notNull().default([]),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const deployments = pgTable(
  'deployments',
  {
    id: serial('id').primaryKey(),
    family: text('family').notNull(),
    sensors: jsonb('sensors').$type<number[]>().notNull(),
    version: text('version'),
    commit: text('commit'),
    status: text('status').notNull(),
    strategy: text('strategy'),
    fromDate: ts('from_date').notNull().defaultNow(),
    tillDate: ts('till_date'),
    atOnce: integer('at_once'),
    spacing: integer('spacing'),
    testTime: integer('test_time'),
    allowFailed: boolean('allow_failed').notNull().default(false),
    blockedSensors: jsonb('blocked_sensors').$type<number[]>().notNull().default([]),
    appliedDate: ts('applied_date'),
    /** Safe-rollout rules of a GSM / Wi-Fi deployment (common/firmware.ts `RolloutRules`); null: the spec's behaviour. */
    rollout: jsonb('rollout').$type<{
      autoHalt?: { failedPercent: number; minFinished: number };
      waveSuccessPercent?: number;
      maxRetries?: number;
    } | null>(),
    /** Why the deployment stopped when a rule (not a user) stopped it. */
    statusReason: text('status_reason'),
    /** When the next wave of a rolling deployment may be released; null: at the next updater step. */
    nextReleaseAt: ts('next_release_at'),
    /** The staff user who created it (null: the demo data or a removed user). */
    createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('deployments_family_idx').on(t.family, t.id)],
);

export const deploymentSensors = pgTable(
  'deployment_sensors',
  {
    deploymentId: integer('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    version: text('version'),
    reportsVersion: text('reports_version'),
    bank: integer('bank'),
    binary: text('binary'),
    lastContact: ts('last_contact'),
    lastUpdated: ts('last_updated'),
    hasLogs: boolean('has_logs').notNull().default(false),
    logs: text('logs'),
    /** When the updater released the sensor (UpdatePlanned → UpdateQueued) or retried it; the grace period runs from here. */
    releasedAt: ts('released_at'),
    /** The wave that released it (1, 2, …): the success gate looks at the previous wave. */
    wave: integer('wave'),
    /** Failed attempts so far (retries: RolloutRules.maxRetries). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.sensorId] }), index('deployment_sensors_sensor_idx').on(t.sensorId)],
);

/** Every status change of a sensor in a deployment, with its time and why: the sensor's timeline. */
export const deploymentSensorEvents = pgTable(
  'deployment_sensor_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deploymentId: integer('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    /** Null for the first event (planned). */
    fromStatus: text('from_status'),
    status: text('status').notNull(),
    message: text('message'),
  },
  (t) => [index('deployment_sensor_events_sensor_idx').on(t.deploymentId, t.sensorId, t.id)],
);

/**
 * Sensors that failed more often than their deployment's maxRetries allowed: excluded from new
 * deployments of the family until someone releases them.
 */
export const quarantinedSensors = pgTable(
  'quarantined_sensors',
  {
    family: text('family').notNull(),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    /** The deployment it failed in; the quarantine outlives that deployment's deletion. */
    deploymentId: integer('deployment_id').references(() => deployments.id, { onDelete: 'set null' }),
    failures: integer('failures').notNull(),
    reason: text('reason').notNull(),
    since: ts('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.family, t.sensorId] })],
);

/** Per-family updater view of a sensor: what the GSM / Wi-Fi / Gen3 updater knows about it. */
export const updaterSensors = pgTable(
  'updater_sensors',
  {
    family: text('family').notNull(),
    sensorId: integer('sensor_id')
      .notNull()
      .references(() => sensors.id, { onDelete: 'cascade' }),
    version: text('version'),
    bank: integer('bank'),
    status: text('status').notNull(),
    lastContact: ts('last_contact'),
    lastUpdated: ts('last_updated'),
    idleUntil: ts('idle_until'),
  },
  (t) => [primaryKey({ columns: [t.family, t.sensorId] })],
);

// ---------------------------------------------------------------- reference lists (declaration-only resources)

/** Hardware models of the fleet (entity `sensor-models`, served by the generic list endpoint). */
export const sensorModels = pgTable(
  'sensor_models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    manufacturer: text('manufacturer').notNull(),
    communication: text('communication').notNull(),
    parameters: text('parameters').notNull(),
    firmwareFamily: text('firmware_family').notNull(),
    introducedOn: date('introduced_on', { mode: 'string' }).notNull(),
    inProduction: boolean('in_production').notNull().default(true),
  },
  (t) => [index('sensor_models_manufacturer_idx').on(t.manufacturer)],
);

// ---------------------------------------------------------------- idempotency keys

/**
 * The first answer to a create call sent with an `Idempotency-Key` header (server/idempotency.ts):
 * per user, route and key; `status` is null while that first request runs. Kept for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the validated body and the Accept header: the same key must mean the same request. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The answer's bytes in base64: a text column would lose a CSV's byte-order mark on the way back. */
    bodyBase64: text('body_base64'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- developer-portal e-mails

/** E-mails the developer portal would send (invitation, password reset, address change): the reference mailer's outbox. */
export const adpOutbox = pgTable(
  'adp_outbox',
  {
    id: serial('id').primaryKey(),
    /** The developer-portal user it was sent to; the e-mail stays in the outbox when the user is deleted. */
    userId: integer('user_id').references(() => adpUsers.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('adp_outbox_user_idx').on(t.userId)],
);
