/**
 * The message catalogues against the code that uses them (issue 8): every key the console uses has
 * an English message (static keys read from the sources with the TypeScript compiler, built keys
 * expanded from the tables they are built from, entity keys from the declarations); no user-facing
 * English is written in src/ outside src/i18n; Polish has no key English lacks and names the same
 * values; an untranslated Polish message falls back to English, never to the raw key. The shared
 * rules, presets and query help of common/ give keyed messages (their English is the catalogue's,
 * and what the server answers), and return no English of their own.
 */
import {
  ADP_AVATARS,
  ADP_GOALS,
  ADP_GUIDELINES,
  ADP_INDEX_TYPES,
  ADP_LANGUAGES,
  ADP_SECTORS,
  ADP_SETTING_SWITCHES,
  ADP_SPECIALISATIONS,
} from '../../common/adpUsers';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ENTITIES,
  MENU_GROUPS,
  WRITE_TEXTS,
  entityNameKey,
  fieldDescriptionKey,
  fieldLabelKey,
  isQueryField,
  polishResourceMessages,
} from '../../common/entities';
import {
  ACCESS_VISIBILITY,
  ADP_USER_STATUSES,
  ADP_USER_TYPES,
  CLIENT_TYPES,
  CONTRACTOR_TYPES,
  DEPLOYMENT_STRATEGIES,
  LIMIT_PERIODS,
  REQUEST_STATES,
  REQUEST_TYPES,
  SENSOR_STATUSES,
  TAG_CONTEXTS,
  UPDATER_STATUS_VALUES,
  TOKEN_EXPIRY_OPTIONS,
  VERSION_STATUSES,
} from '../../common/domain';
import { en } from '../../src/i18n/en';
import { pl } from '../../src/i18n/pl';
import { i18nProvider } from '../../src/i18n';
import { TAG_SCREEN_TITLES } from '../../src/resources/tags/types';
import { MESSAGES, VALIDATION_TEXTS, type ValidationKey } from '../../common/validation';
import { TAG_COLUMN_LABELS, presetsImportError } from '../../common/presets';
import {
  CATALOGUES as QUERY_CATALOGUES,
  QUERY_ERROR_NAMES,
  QUERY_EXAMPLES,
  QUERY_OPERATORS,
  QUERY_VALUES,
  TAG_FIELD_DESCRIPTION_KEY,
  queryHelpKey,
  tagField,
  type EntityName,
} from '../../common/query';
import { translateRule } from '../../src/components/formValidation';
import { SESSION_MESSAGES } from '../../src/dataProviders/http';
import { ROOT, findHardCoded, findKeys, findReturnedText, lookup, sourceFiles, type KeyUse } from './i18nScan';

const CATALOGUES = /[/\\]src[/\\]i18n[/\\]/;

/**
 * Files the guard does not read, each with its reason. Keep this short: a new screen belongs in
 * the catalogues, not here.
 */
const NOT_SCANNED: Record<string, string> = {
  // The error-banner rules (spec document 1, section 8) compare and fall back to the server's own
  // message texts, which arrive in English.
  'src/dataProviders/errors.ts': 'server message texts',
};

/**
 * Shared code whose messages the console shows: validation rules, presets, reinstall rules, query
 * help, and the query language's errors.
 */
const COMMON_SCANNED = [
  'common/validation.ts',
  'common/presets.ts',
  'common/reinstall.ts',
  'common/query/help.ts',
  'common/query/catalogues.ts',
  'common/query/editor.ts',
  'common/query/messages.ts',
  'common/query/lexer.ts',
  'common/query/parser.ts',
].map((f) => join(ROOT, f));

const scanned = sourceFiles().filter(
  (f) => !CATALOGUES.test(f) && !Object.keys(NOT_SCANNED).some((n) => f.endsWith(n.replace(/\//g, '/'))),
);

const ACTIONS = ['enable', 'disable'];
const PERSONAL_LIST_MESSAGES = [
  'title',
  'empty',
  'saved',
  'imported',
  'importError',
  'loadFailed',
  'copied',
  'copiedAll',
  'locked',
  'deleteTitle',
  'deleteContent',
];
const PERSONAL_LISTS = ['aq.pages.presets', 'aq.pages.savedQueries'];

/**
 * Keys built in the code (`*` marks an interpolation) and every key each can become. A built key
 * the table does not know fails the test: add its expansion here.
 */
const BUILT_KEYS: Record<string, string[]> = {
  'aq.pages.history.fields.*': [
    ...['successorId', 'predecessorId', 'installationDate', 'removedAt', 'contractor', 'isVisible', 'mamsl'],
    ...['location', 'address', 'alternativeAddress1', 'contactFullName', 'contactEmail', 'contactPhoneNumber'],
    ...['tags', 'installationRequestId'],
  ].map((n) => `aq.pages.history.fields.${n}`),
  'menu.groups.*': MENU_GROUPS.map((g) => `menu.groups.${g}`),
  'hardening.history.back.*': ['sensors', 'installations'].map((s) => `hardening.history.back.${s}`),
  'hardening.history.invalidId.*': ['sensors', 'installations'].map((s) => `hardening.history.invalidId.${s}`),
  'hardening.history.notFound.*': ['sensors', 'installations'].map((s) => `hardening.history.notFound.${s}`),
  'contractors.types.*': CONTRACTOR_TYPES.map((t) => `contractors.types.${t}`),
  'aq.pages.roles.groups.*': ['View', 'Modify', 'Admin', 'Other'].map((g) => `aq.pages.roles.groups.${g}`),
  'aq.pages.sensorStatus.*': ['version', 'bank', 'status', 'lastContact', 'lastUpdated'].map(
    (n) => `aq.pages.sensorStatus.${n}`,
  ),
  'aq.pages.tokens.expiry.*': TOKEN_EXPIRY_OPTIONS.map((o) => `aq.pages.tokens.expiry.${o.id}`),
  'aq.confirm.removeTag.content.*': TAG_CONTEXTS.map((c) => `aq.confirm.removeTag.content.${c}`),
  'resources.*/tags.fields.name': TAG_CONTEXTS.map((c) => `resources.${c}/tags.fields.name`),
  'resources.*/tags.fields.type': TAG_CONTEXTS.map((c) => `resources.${c}/tags.fields.type`),
  'resources.*/tags.fields.values': TAG_CONTEXTS.map((c) => `resources.${c}/tags.fields.values`),
  'aq.pages.users.*User': ACTIONS.map((a) => `aq.pages.users.${a}User`),
  'aq.actions.*': ACTIONS.map((a) => `aq.actions.${a}`),
  'aq.confirm.*User.title': ACTIONS.map((a) => `aq.confirm.${a}User.title`),
  'aq.confirm.*User.content': ACTIONS.map((a) => `aq.confirm.${a}User.content`),
  // PersonalListPage: `${texts.prefix}.<message>`, for presets and saved queries.
  '*.*': PERSONAL_LISTS.flatMap((p) => PERSONAL_LIST_MESSAGES.filter((m) => m !== 'title').map((m) => `${p}.${m}`)),
  '*.imported': PERSONAL_LISTS.map((p) => `${p}.imported`),
  '*.deleteTitle': PERSONAL_LISTS.map((p) => `${p}.deleteTitle`),
  '*.deleteContent': PERSONAL_LISTS.map((p) => `${p}.deleteContent`),
  // Firmware screens (src/resources/firmware, src/pages/firmware).
  'firmware.create.*': ['allowExperimental', 'allowDeprecated', 'allowIncompatible', 'amount', 'grace', 'spacing'].map(
    (k) => `firmware.create.${k}`,
  ),
  'wifi.create.group.*': ['branch', 'tag', 'commit'].map((k) => `wifi.create.group.${k}`),
  'wifi.create.kind.*': ['branch', 'tag'].map((k) => `wifi.create.kind.${k}`),
  'firmware.versionStatus.*': VERSION_STATUSES.map((s) => `firmware.versionStatus.${s}`),
  'firmware.strategy.*': DEPLOYMENT_STRATEGIES.map((s) => `firmware.strategy.${s}`),
  'firmware.warnings.*': ['failed', 'notReady', 'unknown', 'experimental', 'deprecated', 'incompatible', 'mixed'].map(
    (k) => `firmware.warnings.${k}`,
  ),
  'firmware.sensors.columns.*': ['id', 'version', 'status', 'bank', 'last_contact', 'last_updated', 'binary'].map(
    (c) => `firmware.sensors.columns.${c}`,
  ),
  'firmware.gen3.binaries.columns.*': ['id', 'module', 'description', 'createdDate', 'hash', 'actions'].map(
    (c) => `firmware.gen3.binaries.columns.${c}`,
  ),
  'firmware.versions.bank*': ['firmware.versions.bank0', 'firmware.versions.bank1'],
  'firmware.quarantine.title.*': ['gsm', 'wifi'].map((f) => `firmware.quarantine.title.${f}`),
  'firmware.quarantine.columns.*': ['sensor_id', 'deployment_id', 'failures', 'reason', 'since'].map(
    (c) => `firmware.quarantine.columns.${c}`,
  ),
  'firmware.progress.*': ['updated', 'failed', 'skipped', 'in_flight', 'planned'].map((k) => `firmware.progress.${k}`),
  'firmware.deployments.*': ['halt', 'delete', 'halted', 'deleted'].map((k) => `firmware.deployments.${k}`),
  'firmware.deployments.confirm.*.title': ['halt', 'delete'].map((k) => `firmware.deployments.confirm.${k}.title`),
  'firmware.deployments.confirm.*.content': ['halt', 'delete'].map((k) => `firmware.deployments.confirm.${k}.content`),
  // API-key users: limits per period, usage units, limit kinds and counter backends.
  'apiUsers.limits.periods.*': LIMIT_PERIODS.map((p) => `apiUsers.limits.periods.${p}`),
  'apiUsers.limits.per.*': LIMIT_PERIODS.map((p) => `apiUsers.limits.per.${p}`),
  'apiUsers.usage.units.*': ['seconds', 'minutes', 'hours', 'days'].map((u) => `apiUsers.usage.units.${u}`),
  'apiUsers.usage.kinds.*': ['standard', 'samples'].map((k) => `apiUsers.usage.kinds.${k}`),
  'apiUsers.usage.backends.*': ['database', 'redis'].map((b) => `apiUsers.usage.backends.${b}`),
  // Developer-portal users (src/resources/adpUsers): enumerations and dialog names.
  'adpUsers.visibility.*': ACCESS_VISIBILITY.map((v) => `adpUsers.visibility.${v}`),
  'adpUsers.languages.*': ADP_LANGUAGES.map((l) => `adpUsers.languages.${l}`),
  'adpUsers.statuses.*': ADP_USER_STATUSES.map((s) => `adpUsers.statuses.${s}`),
  'adpUsers.types.*': ADP_USER_TYPES.map((t) => `adpUsers.types.${t}`),
  'adpUsers.actions.*': ['access', 'typeContractor', 'email', 'planTrial', 'settings', 'login', 'delete'].map(
    (a) => `adpUsers.actions.${a}`,
  ),
  'adpUsers.indexTypes.*': ADP_INDEX_TYPES.map((t) => `adpUsers.indexTypes.${t}`),
  'adpUsers.fields.*': [...ADP_SETTING_SWITCHES, 'yourGoals', 'industry'].map((f) => `adpUsers.fields.${f}`),
  'adpUsers.*.*': [
    ...ADP_LANGUAGES.map((v) => `adpUsers.languages.${v}`),
    ...ADP_GUIDELINES.map((v) => `adpUsers.guidelines.${v}`),
    ...ADP_SECTORS.map((v) => `adpUsers.sectors.${v}`),
    ...ADP_GOALS.map((v) => `adpUsers.goals.${v}`),
    ...ADP_SPECIALISATIONS.map((v) => `adpUsers.specialisations.${v}`),
    ...ADP_AVATARS.map((v) => `adpUsers.avatars.${v}`),
  ],
  // translateRule / ruleError: `validation.${message.key}`, for every rule message of common/validation.ts.
  'validation.*': Object.keys(VALIDATION_TEXTS).map((k) => `validation.${k}`),
  // The generic forms' wording of the write rules: `write.${key}`, for every message of common/entities/schema.ts.
  'write.*': Object.keys(WRITE_TEXTS).map((k) => `write.${k}`),
  // The generic create, edit and show screens' titles (src/resources/ResourceForm.tsx RecordTitle).
  // MUI pagination's buttons (src/pages/firmware/Gen3BinaryListPage.tsx).
  'ra.navigation.*': ['first', 'last', 'next', 'previous'].map((p) => `ra.navigation.${p}`),
  'ra.page.*': ['create', 'edit', 'show'].map((p) => `ra.page.${p}`),
  'aq.builtInRoles.*': ['admin', 'default'].map((r) => `aq.builtInRoles.${r}`),
  // Enumerations shown as values (src/components/enumLabels.ts).
  'enums.sensorStatus.*': SENSOR_STATUSES.map((s) => `enums.sensorStatus.${s}`),
  'enums.updaterStatus.*': UPDATER_STATUS_VALUES.map((s) => `enums.updaterStatus.${s}`),
  // Installation requests: a label per state, request type and client type.
  'requests.states.*': REQUEST_STATES.map((s) => `requests.states.${s}`),
  'requests.requestTypes.*': REQUEST_TYPES.map((t) => `requests.requestTypes.${t}`),
  'requests.clientTypes.*': CLIENT_TYPES.map((t) => `requests.clientTypes.${t}`),
};

/** Keys held in tables rather than written at the call (titles, tab labels). */
const TABLE_KEYS: string[] = [
  ...Object.values(TAG_SCREEN_TITLES),
  'aq.pages.savedQueries.title.installations',
  'aq.pages.savedQueries.title.sensors',
  ...ENTITIES.flatMap((e) => [entityNameKey(e), ...e.fields.map((f) => fieldLabelKey(e, f.name))]),
  // The query help's meanings and the fields' descriptions (help page and completion).
  ...QUERY_OPERATORS.map((o) => queryHelpKey('operators', o)),
  ...QUERY_VALUES.map((v) => queryHelpKey('values', v)),
  ...Object.entries(QUERY_EXAMPLES).flatMap(([list, examples]) =>
    examples.map((e) => queryHelpKey(`examples.${list as EntityName}`, e)),
  ),
  ...Object.values(QUERY_CATALOGUES).flatMap((c) => c.fields.map((f) => f.descriptionKey!)),
  TAG_FIELD_DESCRIPTION_KEY,
  // common/presets.ts columnLabel: tag columns.
  ...Object.keys(TAG_COLUMN_LABELS).map((k) => `aq.pages.presets.${k}`),
  // The query language's error messages (common/query/messages.ts), shown by the query editor.
  ...QUERY_ERROR_NAMES.map((n) => `query.errors.${n}`),
];

const isMessage = (key: string) => typeof lookup(en, key) === 'string';
const uses: KeyUse[] = [...scanned, ...COMMON_SCANNED].flatMap(findKeys);

describe('every key the console uses has an English message', () => {
  it('finds the keys in the sources', () => {
    // Sanity: the reader sees the console's keys at all.
    expect(uses.filter((u) => !u.dynamic).length).toBeGreaterThan(200);
    expect(uses.map((u) => u.key)).toContain('aq.notifications.saved');
  });

  it('static keys (translate, notify, label/title props, Confirm texts)', () => {
    const missing = uses.filter((u) => !u.dynamic && !isMessage(u.key)).map((u) => `${u.file}:${u.line} ${u.key}`);
    expect(missing).toEqual([]);
  });

  it('built keys: each pattern is known and all its expansions exist', () => {
    const unknown = uses.filter((u) => u.dynamic && !BUILT_KEYS[u.key]).map((u) => `${u.file}:${u.line} ${u.key}`);
    expect(unknown, 'add these patterns to BUILT_KEYS').toEqual([]);
    const missing = Object.values(BUILT_KEYS)
      .flat()
      .filter((k) => !isMessage(k));
    expect(missing).toEqual([]);
  });

  it('keys held in tables and derived from the entity declarations', () => {
    expect(TABLE_KEYS.filter((k) => !isMessage(k))).toEqual([]);
  });

  it('fails on a key without a message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
    try {
      const file = join(dir, 'Probe.tsx');
      writeFileSync(file, `export const P = () => <Button label="aq.noSuchKey">{translate('aq.loading')}</Button>;`);
      const keys = findKeys(file).map((u) => u.key);
      expect(keys).toEqual(['aq.noSuchKey', 'aq.loading']);
      expect(keys.filter((k) => !isMessage(k))).toEqual(['aq.noSuchKey']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('no hard-coded user-facing English in src/', () => {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-guard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the guard finds JSX text, user-facing props, message calls and tables, shown errors and returned phrases', () => {
    const file = join(dir, 'Probe.tsx');
    writeFileSync(
      file,
      [
        `const REVOKED_MESSAGE = 'Token has been deactivated.';`,
        `const TITLES = { sensors: 'Tags for Sensors' };`,
        `const SESSION_MESSAGES = { ended: 'Session ended. Logged out.', known: 'aq.session.ended' } as const;`,
        `const cell = (v: unknown) => { if (v) return '/sensors/1'; return typeof v === 'object' ? 'INVALID TYPE' : 'aq-q-word'; };`,
        `const fail = () => { throw new PopupError('Sign-in was cancelled'); };`,
        `const known = () => new PopupError('aq.login.popupClosed');`,
        `export function P({ id }: { id: number }) {`,
        `  notify(\`Sensor \${id} retired\`, { type: 'success' });`,
        `  notifySuccess(translate('aq.notifications.saved'));`,
        `  return (`,
        `    <Tooltip title={id ? 'Restart' : 'aq.actions.idle'}>`,
        `      <Button aria-label={\`Restart sensor \${id}\`} label="ra.action.save">Save {id} km</Button>`,
        `      <TextField placeholder="e.g. twelve" helperText=" " label="ID" />`,
        `      <span>{'—'} {id} %</span>`,
        `    </Tooltip>`,
        `  );`,
        `}`,
      ].join('\n'),
    );
    expect(findHardCoded(file).map((f) => f.text)).toEqual([
      'Token has been deactivated.',
      'Tags for Sensors',
      'Session ended. Logged out.',
      'INVALID TYPE',
      'Sign-in was cancelled',
      'Sensor ${…} retired',
      'Restart',
      'Restart sensor ${…}',
      'Save',
      'km',
      'e.g. twelve',
    ]);
  });

  it('finds none in the console', () => {
    const found = scanned.flatMap(findHardCoded).map((f) => `${f.file}:${f.line} [${f.where}] ${f.text}`);
    expect(found).toEqual([]);
  });

  it("the session's own logout messages are keys, whose English is the spec's text", () => {
    expect(i18nProvider.translate(SESSION_MESSAGES.noRefreshToken)).toBe('The refresh token is not set. Logged out.');
    expect(i18nProvider.translate(SESSION_MESSAGES.refreshFailed)).toBe(
      'Obtaining of a new access token failed. Logged out.',
    );
  });

  it('leaves out only the files it names, which exist', () => {
    const all = sourceFiles().map((f) => f.replace(/\\/g, '/'));
    for (const name of Object.keys(NOT_SCANNED))
      expect(
        all.some((f) => f.endsWith(name)),
        name,
      ).toBe(true);
    expect(all.length - scanned.length - all.filter((f) => CATALOGUES.test(f)).length).toBe(
      Object.keys(NOT_SCANNED).length,
    );
  });
});

describe('the messages of common/ (validation rules, presets, query help)', () => {
  it('every rule message has its English under validation.<key>, exactly as the server answers it', () => {
    for (const [key, text] of Object.entries(VALIDATION_TEXTS)) expect(lookup(en, `validation.${key}`)).toBe(text);
    const translate = i18nProvider.translate;
    expect(translateRule(translate, MESSAGES.shorter(101))).toBe('Must be shorter than 101 characters');
    expect(translateRule(translate, MESSAGES.min(1))).toBe(MESSAGES.min(1).en);
    const nested = presetsImportError([{ name: 'a', visibility: true, fieldsValues: [] }])!;
    expect(translateRule(translate, nested)).toBe('Preset 1: Choose at least one column');
    expect(nested.en).toBe('Preset 1: Choose at least one column');
  });

  it('Polish translates rule messages and the query help', async () => {
    await i18nProvider.changeLocale('pl');
    try {
      const translate = i18nProvider.translate;
      expect(translateRule(translate, MESSAGES.required)).toBe('To pole jest wymagane');
      expect(translateRule(translate, MESSAGES.shorter(101))).toBe('Musi mieć mniej niż 101 znaków');
      const sameShape: ValidationKey = 'aboutValue';
      expect(translate(`validation.${sameShape}`, { value: 'x', error: 'y' })).toBe('x: y');
      expect(translate(queryHelpKey('operators', { id: 'in' }))).toBe('równa się jednej z wartości');
      expect(translate(queryHelpKey('examples.installations', { id: 'krakow' }))).toBe(
        'zainstalowane lub wymagające serwisu w Krakowie',
      );
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('help meanings and field descriptions are keyed, with the English of common/', () => {
    for (const o of QUERY_OPERATORS) expect(lookup(en, queryHelpKey('operators', o))).toBe(o.meaning);
    for (const v of QUERY_VALUES) expect(lookup(en, queryHelpKey('values', v))).toBe(v.meaning);
    for (const [list, examples] of Object.entries(QUERY_EXAMPLES)) {
      expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
      for (const e of examples) expect(lookup(en, queryHelpKey(`examples.${list as EntityName}`, e))).toBe(e.meaning);
    }
    for (const c of Object.values(QUERY_CATALOGUES))
      for (const f of c.fields) expect(lookup(en, f.descriptionKey!), f.name).toBe(f.description);
    const tag = tagField({ id: 3, name: 'Roof type', type: 'ENUM', values: ['Flat'] });
    expect(i18nProvider.translate(tag.descriptionKey!, tag.descriptionValues)).toBe(tag.description);
  });

  it('the guard finds English returned by shared code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-common-'));
    try {
      const file = join(dir, 'probe.ts');
      writeFileSync(
        file,
        [
          `export const TEXTS = { required: 'It is required' };`,
          `export const rule = (v: unknown) => (v ? undefined : 'It is required');`,
          `export function label(n: number) { if (n) return { key: 'aq.x', en: \`Tag \${n}\` }; return 'validation.required'; }`,
        ].join('\n'),
      );
      expect(findReturnedText(file).map((f) => f.text)).toEqual(['It is required', 'Tag ${…}']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the rules, presets and query help of common/ return keyed messages, not English', () => {
    const found = COMMON_SCANNED.flatMap(findReturnedText).map((f) => `${f.file}:${f.line} [${f.where}] ${f.text}`);
    expect(found).toEqual([]);
  });
});

// The catalogue on its own (every key, no extra key, the same %{values}) is tests/unit/i18nPolish.test.ts.
describe('the Polish catalogue', () => {
  it('names every declared field of every entity in Polish, from the declaration itself', () => {
    const derived = polishResourceMessages(ENTITIES);
    const missing = ENTITIES.flatMap((e) => [
      ...(derived[e.name]?.name ? [] : [entityNameKey(e)]),
      ...e.fields.filter((f) => !derived[e.name]?.fields?.[f.name]).map((f) => fieldLabelKey(e, f.name)),
      ...(e.query
        ? e.fields
            .filter((f) => isQueryField(f) && !derived[e.name]?.descriptions?.[f.name])
            .map((f) => fieldDescriptionKey(e, f.name))
        : []),
    ]);
    expect(missing).toEqual([]);
    // Translated, not copied: a Polish label equal to the English one is a code or a name (ID, Status, Logo…).
    const SAME_IN_POLISH = new Set(['ID', 'Status', 'Logo', 'Plan', 'E-mail', 'Commit', 'Custom SLA', 'Model']);
    const copied = ENTITIES.flatMap((e) =>
      e.fields
        .filter((f) => f.labelPl === f.label && !SAME_IN_POLISH.has(f.label) && !/^[A-Z0-9.]+ /.test(f.label))
        .map((f) => `${e.name}.${f.name}: ${f.label}`),
    );
    expect(copied).toEqual([]);
    // The console's Polish messages are those labels.
    expect(lookup(pl, 'resources.installations.fields.installationDate')).toBe('Data instalacji');
    expect(lookup(pl, 'resources.contractors.fields.endOfDeal')).toBe('Koniec umowy');
  });

  it('is the one the provider uses in Polish, plurals in three forms', async () => {
    await i18nProvider.changeLocale('pl');
    try {
      expect(i18nProvider.translate('aq.signOut')).toBe('Wyloguj');
      expect(i18nProvider.translate('aq.pages.tokens.docsLink')).toBe('dokumentację API');
      expect(i18nProvider.translate('aq.pages.roles.userCount', { smart_count: 5 })).toBe('5 użytkowników');
      expect(i18nProvider.translate('aq.pages.presets.columns', { smart_count: 3 })).toBe('3 kolumny');
      expect(i18nProvider.translate('ra.navigation.page_rows_per_page')).toBe('Wierszy na stronę:');
    } finally {
      await i18nProvider.changeLocale('en');
    }
    expect(i18nProvider.translate('aq.pages.roles.userCount', { smart_count: 1 })).toBe('1 user');
  });
});
