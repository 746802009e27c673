/**
 * Personal column presets (installations table) and saved queries (installations and sensors
 * lists), shared by the console and the server: the built-in presets, the default saved queries,
 * the columns a preset may name, and the rules for ids, order, import and the selected preset.
 *
 * Spec (document 2, sections 2.10, 3, 5, 8, 9): preset `All` (id 1, every column) cannot be edited,
 * exported or deleted; a new preset is named Custom and starts with installationId only; imported
 * items whose id clashes get a new id; the selected preset defaults to 1 and is used only while it
 * is visible; tab-sync entries are removed after 10 ms; the import banner lasts 5 s.
 */
import { CALIBRATION_PARAMS, MEASURED_PARAMS } from './domain';
import { fieldLabelKey, installation, isColumn } from './entities';
import { parseQuery, QueryError } from './query';
import { fillMessage, ruleMessage, type RuleMessage } from './validation';

export interface Preset {
  id: number;
  name: string;
  visibility: boolean;
  /** Column names in display order; null means every column. */
  fieldsValues: string[] | null;
}

export interface SavedQuery {
  id: number;
  name: string;
  /** A query in the sensor-management query language. */
  value: string;
  visibility: boolean;
}

/** The two lists that have saved queries. */
export const QUERY_KINDS = ['installations', 'sensors'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
export const isQueryKind = (s: string): s is QueryKind => (QUERY_KINDS as readonly string[]).includes(s);

export const ALL_PRESET_ID = 1;
export const NEW_PRESET_NAME = 'Custom';
export const NEW_PRESET_FIELDS: readonly string[] = ['installationId'];
export const NEW_QUERY_NAME = 'New query';

/** Longest list a user may keep (presets, and saved queries of each kind). */
export const MAX_ITEMS = 200;
export const MAX_NAME_LENGTH = 120;
export const MAX_COLUMNS = 300;

/** A tab-sync entry (localStorage `aq.sync`) is removed this long after it is written. */
export const TAB_SYNC_KEY = 'aq.sync';
export const TAB_SYNC_CLEAR_MS = 10;
/** The import-error banner of the preferences pages. */
export const IMPORT_BANNER_MS = 5000;

/** Keys of the older console's local storage, migrated to the server on first load. */
export const LEGACY_STORAGE_KEYS = {
  presets: 'presets',
  installations: 'savedQueries.installations',
  sensors: 'savedQueries.sensors',
} as const;

// ------------------------------------------------------------------ installation columns

export interface ColumnDef {
  name: string;
  label: string;
}

/**
 * Columns of the installations table in the spec's order (document 2, section 2.1): the installation
 * entity's column fields. Tag columns are `tag_<tagId>` and come from the installation tags at run time.
 */
export const INSTALLATION_COLUMNS: readonly ColumnDef[] = installation.fields
  .filter(isColumn)
  .map((f) => ({ name: f.name, label: f.label }));

const COLUMN_LABELS = new Map(INSTALLATION_COLUMNS.map((c) => [c.name, c.label]));
export const TAG_COLUMN_RE = /^tag_(\d+)$/;
/** A column name as stored: a known column, a tag column, or any plain identifier from older presets. */
export const COLUMN_NAME_RE = /^[A-Za-z_][A-Za-z0-9_.]{0,99}$/;

/** A column's label as a message: its key (absent for a name kept as it is), values and English. */
export interface ColumnLabel {
  key?: string;
  values?: Record<string, string>;
  en: string;
}

/** English of the tag-column labels; the console's messages `aq.pages.presets.tagColumn*`. */
export const TAG_COLUMN_LABELS = { tagColumn: 'Tag: %{name}', tagColumnId: 'Tag %{id}' } as const;

/**
 * Readable label of a column name: a known column by its field label (`resources.installations.
 * fields.<name>`), a tag column by its tag name when known, any other name as it is.
 */
export function columnLabel(name: string, tagNames?: ReadonlyMap<number, string>): ColumnLabel {
  const known = COLUMN_LABELS.get(name);
  if (known) return { key: fieldLabelKey(installation, name), en: known };
  const tag = TAG_COLUMN_RE.exec(name);
  if (tag) {
    const tagName = tagNames?.get(Number(tag[1]));
    const [key, values] = tagName
      ? (['tagColumn', { name: tagName }] as const)
      : (['tagColumnId', { id: tag[1]! }] as const);
    return { key: `aq.pages.presets.${key}`, values, en: fillMessage(TAG_COLUMN_LABELS[key], values) };
  }
  return { en: name };
}

// ------------------------------------------------------------------ built-ins and defaults

const ALL_PRESET: Preset = { id: ALL_PRESET_ID, name: 'All', visibility: true, fieldsValues: null };

/** The presets of a user who has not changed any: All, Measurements, Calibrations, Details. */
export const BUILT_IN_PRESETS: readonly Preset[] = [
  ALL_PRESET,
  {
    id: 2,
    name: 'Measurements',
    visibility: true,
    fieldsValues: [
      'installationId',
      'id',
      'status',
      'isVisible',
      'recentActivity',
      ...MEASURED_PARAMS.map((p) => `${p}Value`),
      'actions',
    ],
  },
  {
    id: 3,
    name: 'Calibrations',
    visibility: true,
    fieldsValues: [
      'installationId',
      'id',
      'communication',
      'status',
      ...CALIBRATION_PARAMS.map((p) => `${p}Factors`),
      'actions',
    ],
  },
  {
    id: 4,
    name: 'Details',
    visibility: true,
    fieldsValues: [
      'installationId',
      'id',
      'predecessorId',
      'installationDate',
      'contractorName',
      'contractorId',
      'hsName',
      'status',
      'isVisible',
      'mamsl',
      'location',
      'country',
      'state',
      'city',
      'street',
      'alternativeAddress1',
      'alternativeAddress2',
      'visibleBy',
      'contactFullName',
      'contactEmail',
      'contactPhoneNumber',
      'date',
      'actions',
    ],
  },
];

/** The saved queries of a user who has not changed any. */
export const DEFAULT_SAVED_QUERIES: Record<QueryKind, readonly SavedQuery[]> = {
  installations: [
    {
      id: 1,
      name: 'visible on the map and not working for more than 3 days',
      value: 'isVisible = true and lastMeasurement < now() - 3d',
      visibility: true,
    },
  ],
  sensors: [
    { id: 1, name: 'using GSM or Wi-Fi communications', value: 'communication in (GSM, WIFI)', visibility: true },
  ],
};

/** The built-in preset All: not editable, exportable or deletable. */
export const isLockedPreset = (p: Pick<Preset, 'id'>): boolean => p.id === ALL_PRESET_ID;

/** The canonical All preset (whatever a stored or imported row says about id 1). */
export const allPreset = (): Preset => ({ ...ALL_PRESET });

// ------------------------------------------------------------------ rules

/**
 * The preset the installations table uses: the selected one while it exists and is visible,
 * otherwise All (id 1).
 */
export function effectivePresetId(
  selected: number | null | undefined,
  presets: readonly Pick<Preset, 'id' | 'visibility'>[],
): number {
  if (selected === null || selected === undefined) return ALL_PRESET_ID;
  return presets.some((p) => p.id === selected && p.visibility) ? selected : ALL_PRESET_ID;
}

/** The next free id: one more than the largest in use. */
export function nextId(ids: Iterable<number>): number {
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  return max + 1;
}

const isPositiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * Ids for imported items: an item keeps its id unless it is missing or already taken (by an existing
 * item, by All, or by an earlier item of the same import); a clashing item gets the next id above
 * every id in use or imported, so items that do not clash keep theirs.
 */
export function renumberImported<T extends { id?: number | null }>(
  existingIds: Iterable<number>,
  items: readonly T[],
  reserved: readonly number[] = [],
): { items: (Omit<T, 'id'> & { id: number })[]; renumbered: { from: number | null; to: number }[] } {
  const taken = new Set<number>([...existingIds, ...reserved]);
  let next = nextId([...taken, ...items.map((i) => i.id).filter(isPositiveInt)]);
  const renumbered: { from: number | null; to: number }[] = [];
  const out = items.map((item) => {
    const wanted = isPositiveInt(item.id) ? item.id : null;
    let id: number;
    if (wanted !== null && !taken.has(wanted)) id = wanted;
    else {
      while (taken.has(next)) next++;
      id = next++;
      renumbered.push({ from: wanted, to: id });
    }
    taken.add(id);
    return { ...item, id };
  });
  return { items: out, renumbered };
}

/** The order of ids after moving one item up or down by one place (unchanged at either end). */
export function moveId(ids: readonly number[], id: number, direction: 'up' | 'down'): number[] {
  const out = [...ids];
  const i = out.indexOf(id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** True when `ids` holds exactly the ids of `items`, each once. */
export function isPermutation(ids: readonly number[], items: readonly { id: number }[]): boolean {
  if (ids.length !== items.length || new Set(ids).size !== ids.length) return false;
  const have = new Set(items.map((i) => i.id));
  return ids.every((id) => have.has(id));
}

// ------------------------------------------------------------------ validation of inputs and imports

export interface PresetInput {
  id?: number | null;
  name: string;
  visibility: boolean;
  fieldsValues: string[] | null;
}

export interface SavedQueryInput {
  id?: number | null;
  name: string;
  value: string;
  visibility: boolean;
}

/** Why a preset name is refused, if it is. */
export function presetNameError(name: string): RuleMessage | undefined {
  const t = name.trim();
  if (!t) return ruleMessage('presetNameRequired');
  if (t.length > MAX_NAME_LENGTH) return ruleMessage('presetNameTooLong', { max: MAX_NAME_LENGTH });
  return undefined;
}

/** Why a list of columns is refused, if it is. */
export function columnsError(fields: readonly string[] | null): RuleMessage | undefined {
  if (fields === null) return undefined;
  if (fields.length === 0) return ruleMessage('columnsEmpty');
  if (fields.length > MAX_COLUMNS) return ruleMessage('columnsTooMany', { max: MAX_COLUMNS });
  const bad = fields.find((f) => typeof f !== 'string' || !COLUMN_NAME_RE.test(f));
  if (bad !== undefined) return ruleMessage('columnName', { name: JSON.stringify(bad) });
  if (new Set(fields).size !== fields.length) return ruleMessage('columnTwice');
  return undefined;
}

/** Why a saved query's text is refused: blank, or the parser's message (naming the position). */
export function queryValueError(value: string): RuleMessage | undefined {
  if (!value.trim()) return ruleMessage('queryRequired');
  try {
    parseQuery(value);
    return undefined;
  } catch (e) {
    if (e instanceof QueryError) return ruleMessage('queryError', { error: e.message });
    throw e;
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalId = (v: unknown): number | null | undefined =>
  v === undefined || v === null
    ? null
    : isPositiveInt(v)
      ? v
      : typeof v === 'string' && /^\d+$/.test(v)
        ? Number(v)
        : undefined;

/**
 * Reads presets from clipboard or old local-storage JSON: a JSON array of `{id, name, visibility,
 * fieldsValues}` (visibility defaults to true, fieldsValues to null). Returns null when the text is
 * not such an array.
 */
export function parsePresetsJson(text: string | null | undefined): PresetInput[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const out: PresetInput[] = [];
  for (const item of data) {
    if (!isObj(item) || typeof item.name !== 'string') return null;
    const id = optionalId(item.id);
    if (id === undefined) return null;
    const fv = item.fieldsValues;
    if (fv !== undefined && fv !== null && !(Array.isArray(fv) && fv.every((f) => typeof f === 'string'))) return null;
    const visibility = item.visibility === undefined ? true : item.visibility;
    if (typeof visibility !== 'boolean') return null;
    out.push({ id, name: item.name, visibility, fieldsValues: (fv as string[] | null | undefined) ?? null });
  }
  return out;
}

/** Reads saved queries from clipboard or old local-storage JSON: `[{id, name, value, visibility}]`. */
export function parseSavedQueriesJson(text: string | null | undefined): SavedQueryInput[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const out: SavedQueryInput[] = [];
  for (const item of data) {
    if (!isObj(item) || typeof item.name !== 'string' || typeof item.value !== 'string') return null;
    const id = optionalId(item.id);
    if (id === undefined) return null;
    const visibility = item.visibility === undefined ? true : item.visibility;
    if (typeof visibility !== 'boolean') return null;
    out.push({ id, name: item.name, value: item.value, visibility });
  }
  return out;
}

/** The first problem of a list of imported presets, naming the item (1-based), if any. */
export function presetsImportError(items: readonly PresetInput[]): RuleMessage | undefined {
  for (const [i, p] of items.entries()) {
    const e = presetNameError(p.name) ?? columnsError(p.fieldsValues);
    if (e) return ruleMessage('presetItem', { item: i + 1, error: e });
  }
  return undefined;
}

/** The first problem of a list of imported saved queries, naming the item (1-based), if any. */
export function queriesImportError(items: readonly SavedQueryInput[]): RuleMessage | undefined {
  for (const [i, q] of items.entries()) {
    const e = presetNameError(q.name) ?? queryValueError(q.value);
    if (e) return ruleMessage('queryItem', { item: i + 1, error: e });
  }
  return undefined;
}

/** What export writes to the clipboard: the spec's shapes, All left out. */
export function exportPresets(presets: readonly Preset[]): Preset[] {
  return presets
    .filter((p) => !isLockedPreset(p))
    .map(({ id, name, visibility, fieldsValues }) => ({ id, name, visibility, fieldsValues }));
}

export function exportSavedQueries(queries: readonly SavedQuery[]): SavedQuery[] {
  return queries.map(({ id, name, value, visibility }) => ({ id, name, value, visibility }));
}
