/**
 * Column presets, saved queries and preferences, data access. A user's presets and saved queries
 * of one kind are read and rewritten as whole lists (their order is their position), under a
 * per-user advisory lock; without stored rows a user has the built-in presets and default queries.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ALL_PRESET_ID,
  BUILT_IN_PRESETS,
  DEFAULT_SAVED_QUERIES,
  allPreset,
  isLockedPreset,
  type Preset,
  type QueryKind,
  type SavedQuery,
} from '../../../../common/presets';
import { DEFAULT_LOCALE, isLocale } from '../../../../common/locales';
import type { Executor } from '../../../db';
import { preferences, presets, savedQueries } from '../../../db/schema';
import type { Prefs } from './schemas';

/** Serialises concurrent changes of one user's list (PostgreSQL and PGlite alike). */
const LOCK_PRESETS = 0x5052;
const LOCK_QUERIES = 0x5153;
export async function lockUserList(tx: Executor, namespace: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int, ${userId}::int)`);
}

export interface Loaded<T> {
  items: T[];
  /** False while the user has no rows (the defaults are shown). */
  stored: boolean;
}

/** Where one user's list is kept: its lock, how it is read and rewritten. */
export interface ListStore<T> {
  userId: number;
  lock: number;
  load(tx: Executor): Promise<Loaded<T>>;
  replace(tx: Executor, items: T[]): Promise<void>;
}

// ---- Presets ----

export async function loadPresets(db: Executor, userId: number): Promise<Loaded<Preset>> {
  const rows = await db
    .select({ id: presets.id, name: presets.name, visibility: presets.visibility, fieldsValues: presets.fieldsValues })
    .from(presets)
    .where(eq(presets.userId, userId))
    .orderBy(asc(presets.position), asc(presets.id));
  if (rows.length === 0)
    return {
      items: BUILT_IN_PRESETS.map((p) => ({ ...p, fieldsValues: p.fieldsValues && [...p.fieldsValues] })),
      stored: false,
    };
  // All is always the canonical All, wherever the user moved it.
  const items = rows.map((r) => (isLockedPreset(r) ? allPreset() : { ...r, fieldsValues: r.fieldsValues ?? null }));
  if (!items.some(isLockedPreset)) items.unshift(allPreset());
  return { items, stored: true };
}

export async function replacePresets(tx: Executor, userId: number, items: readonly Preset[]): Promise<void> {
  await tx.delete(presets).where(eq(presets.userId, userId));
  if (items.length)
    await tx.insert(presets).values(
      items.map((p, position) => ({
        userId,
        id: p.id,
        name: p.name,
        visibility: p.visibility,
        fieldsValues: p.fieldsValues,
        position,
      })),
    );
}

/** A user's presets as one list. */
export const presetStore = (userId: number): ListStore<Preset> => ({
  userId,
  lock: LOCK_PRESETS,
  load: (tx) => loadPresets(tx, userId),
  replace: (tx, items) => replacePresets(tx, userId, items),
});

// ---- Saved queries ----

/**
 * Saved-query id 0 is never a query: the row marks "this user's list is stored", so a user who
 * deleted every saved query keeps an empty list instead of getting the default back.
 */
const STORED_MARKER_ID = 0;

export async function loadQueries(db: Executor, userId: number, kind: QueryKind): Promise<Loaded<SavedQuery>> {
  const rows = await db
    .select({
      id: savedQueries.id,
      name: savedQueries.name,
      value: savedQueries.value,
      visibility: savedQueries.visibility,
    })
    .from(savedQueries)
    .where(and(eq(savedQueries.userId, userId), eq(savedQueries.kind, kind)))
    .orderBy(asc(savedQueries.position), asc(savedQueries.id));
  if (rows.length === 0) return { items: DEFAULT_SAVED_QUERIES[kind].map((q) => ({ ...q })), stored: false };
  return { items: rows.filter((r) => r.id !== STORED_MARKER_ID), stored: true };
}

export async function replaceQueries(
  tx: Executor,
  userId: number,
  kind: QueryKind,
  items: readonly SavedQuery[],
): Promise<void> {
  await tx.delete(savedQueries).where(and(eq(savedQueries.userId, userId), eq(savedQueries.kind, kind)));
  await tx.insert(savedQueries).values([
    { userId, kind, id: STORED_MARKER_ID, name: '', value: '', visibility: false, position: -1 },
    ...items.map((q, position) => ({
      userId,
      kind,
      id: q.id,
      name: q.name,
      value: q.value,
      visibility: q.visibility,
      position,
    })),
  ]);
}

/** A user's saved queries of one kind as one list. */
export const queryStore = (userId: number, kind: QueryKind): ListStore<SavedQuery> => ({
  userId,
  lock: LOCK_QUERIES,
  load: (tx) => loadQueries(tx, userId, kind),
  replace: (tx, items) => replaceQueries(tx, userId, kind, items),
});

// ---- Preferences ----

const DEFAULTS: Prefs = { theme: 'light', locale: DEFAULT_LOCALE, selectedPresetId: ALL_PRESET_ID };

/** The stored preferences (the defaults when the user has none). */
export async function readStoredPreferences(db: Executor, userId: number): Promise<Prefs> {
  const [row] = await db
    .select({ theme: preferences.theme, locale: preferences.locale, selectedPresetId: preferences.selectedPresetId })
    .from(preferences)
    .where(eq(preferences.userId, userId));
  return row
    ? {
        theme: row.theme === 'dark' ? 'dark' : 'light',
        locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
        selectedPresetId: row.selectedPresetId,
      }
    : DEFAULTS;
}

export async function writePreferences(tx: Executor, userId: number, prefs: Prefs): Promise<void> {
  await tx
    .insert(preferences)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({ target: preferences.userId, set: { ...prefs, updatedAt: new Date() } });
}

/** A deleted preset that was selected falls back to All. */
export async function deselectPreset(tx: Executor, userId: number, presetId: number): Promise<void> {
  await tx
    .update(preferences)
    .set({ selectedPresetId: ALL_PRESET_ID, updatedAt: new Date() })
    .where(and(eq(preferences.userId, userId), eq(preferences.selectedPresetId, presetId)));
}
