/**
 * Personal column presets and saved queries, per user (document 2, sections 2.10, 3 and 5).
 *
 *   GET    /preferences/presets                 the caller's presets (the built-ins until the first change)
 *   POST   /preferences/presets                 create                       → 201
 *   PUT    /preferences/presets/order           reorder: { ids } (every id, once)
 *   POST   /preferences/presets/import          append a list; clashing ids get new ids
 *   POST   /preferences/presets/migrate         adopt an old local-storage list, only while nothing is stored
 *   PUT    /preferences/presets/:id             update name, visibility, columns
 *   DELETE /preferences/presets/:id             delete
 *   … and the same under /preferences/queries/:kind (installations | sensors) for saved queries.
 *
 * Preset 1 (All) is refused every change but its place in the order. Saved-query values must parse
 * (400 with the parser's message). Every mutation runs in one transaction under a per-user lock,
 * rewrites the user's list and writes its audit events (PresetSaved, PresetDeleted, QuerySaved,
 * QueryDeleted).
 *
 * Personal data of a signed-in person: API tokens are refused with 403 (sessionOnly.ts).
 */
import { z } from 'zod';
import { dbId, idParam, idParams } from '../../http/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ALL_PRESET_ID,
  BUILT_IN_PRESETS,
  DEFAULT_SAVED_QUERIES,
  MAX_ITEMS,
  QUERY_KINDS,
  allPreset,
  columnsError,
  isLockedPreset,
  isPermutation,
  nextId,
  presetNameError,
  queryValueError,
  renumberImported,
  type Preset,
  type QueryKind,
  type SavedQuery,
} from '../../../common/presets';
import type { AuditEventType } from '../../../common/auditEvents';
import { audit, type Actor } from '../../audit';
import type { Db, Executor } from '../../db';
import { preferences, presets, savedQueries } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors';
import type { ServiceRoutes, ZodApp } from '../../http/service';
import type { AppContext } from '../../context';
import { sessionOnly } from './sessionOnly';

// ------------------------------------------------------------------ schemas

export const presetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  visibility: z.boolean(),
  fieldsValues: z.array(z.string()).nullable().describe('Column names in order; null means every column'),
});

export const savedQuerySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string().describe('A query in the sensor-management query language'),
  visibility: z.boolean(),
});

const kindParam = z.object({ kind: z.enum(QUERY_KINDS) });
const kindIdParams = kindParam.extend({ id: idParam });

const presetBody = z.object({
  name: z.string().max(1000),
  visibility: z.boolean().default(true),
  fieldsValues: z.array(z.string().max(200)).max(1000).nullable(),
});
const queryBody = z.object({
  name: z.string().max(1000),
  value: z.string().max(4000),
  visibility: z.boolean().default(true),
});
/** A PUT replaces the item: visibility must be given. */
const presetUpdate = presetBody.extend({ visibility: z.boolean() });
const queryUpdate = queryBody.extend({ visibility: z.boolean() });
const importId = dbId.nullable().optional();
const presetImport = z.array(presetBody.extend({ id: importId })).max(MAX_ITEMS);
const queryImport = z.array(queryBody.extend({ id: importId })).max(MAX_ITEMS);
const orderBody = z.object({ ids: z.array(dbId).max(MAX_ITEMS) });
const renumberedSchema = z.array(z.object({ from: z.number().nullable(), to: z.number() }));

const presetList = z.object({ data: z.object({ presets: z.array(presetSchema) }) });
const queryList = z.object({ data: z.object({ queries: z.array(savedQuerySchema) }) });

// ------------------------------------------------------------------ validation

function checkPreset(body: { name: string; fieldsValues: string[] | null }, label = ''): void {
  const e = presetNameError(body.name) ?? columnsError(body.fieldsValues);
  if (e) throw badRequest(`${label}${e.en}`);
}

function checkQuery(body: { name: string; value: string }, label = ''): void {
  const e = presetNameError(body.name) ?? queryValueError(body.value);
  if (e) throw badRequest(`${label}${e.en}`);
}

function checkSize(n: number, what: string): void {
  if (n > MAX_ITEMS) throw badRequest(`At most ${MAX_ITEMS} ${what} can be kept; there would be ${n}`);
}

// ------------------------------------------------------------------ storage

/** Serialises concurrent changes of one user's list (PostgreSQL and PGlite alike). */
const LOCK_PRESETS = 0x5052;
const LOCK_QUERIES = 0x5153;
async function lockUser(tx: Executor, namespace: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int, ${userId}::int)`);
}

interface Loaded<T> {
  items: T[];
  /** False while the user has no rows (the defaults are shown). */
  stored: boolean;
}

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

async function replacePresets(tx: Executor, userId: number, items: readonly Preset[]): Promise<void> {
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

/**
 * Saved-query id 0 is never a query: the row marks "this user's list is stored", so a user who
 * deleted every saved query keeps an empty list instead of getting the default back.
 */
const STORED_MARKER_ID = 0;

async function replaceQueries(
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

const quoted = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** What changed between two versions of an item, for the audit message. */
function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
): string {
  const out = Object.entries(labels)
    .filter(([k]) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map(([, label]) => label);
  return out.length ? out.join(', ') : 'nothing';
}

// ------------------------------------------------------------------ one transaction per mutation

type Ev = { type: AuditEventType; message: string };

/**
 * Locks the user's list, loads it (the defaults when nothing is stored), lets `change` compute the
 * new list and its audit events, then rewrites the list and writes the events — all in one transaction.
 */
async function mutate<T, R>(
  db: Db,
  actor: Actor,
  lock: number,
  userId: number,
  load: (tx: Executor) => Promise<Loaded<T>>,
  replace: (tx: Executor, items: T[]) => Promise<void>,
  change: (
    current: Loaded<T>,
    tx: Executor,
  ) => Promise<{ items: T[]; events: Ev[]; result: R }> | { items: T[]; events: Ev[]; result: R },
): Promise<R> {
  return db.transaction(async (tx) => {
    await lockUser(tx, lock, userId);
    const current = await load(tx);
    const { items, events, result } = await change(current, tx);
    await replace(tx, items);
    for (const e of events) await audit(tx, actor, e.type, e.message);
    return result;
  });
}

// ------------------------------------------------------------------ presets

function presetRoutesOf(app: ZodApp, db: Db): void {
  const tags = ['preferences'];
  const run = <R>(
    request: { principal: { user: { id: number }; actor: Actor } },
    change: (
      current: Loaded<Preset>,
      tx: Executor,
    ) => Promise<{ items: Preset[]; events: Ev[]; result: R }> | { items: Preset[]; events: Ev[]; result: R },
  ) =>
    mutate(
      db,
      request.principal.actor,
      LOCK_PRESETS,
      request.principal.user.id,
      (tx) => loadPresets(tx, request.principal.user.id),
      (tx, items) => replacePresets(tx, request.principal.user.id, items),
      change,
    );
  const find = (items: Preset[], id: number) => {
    const p = items.find((x) => x.id === id);
    if (!p) throw notFound(`Preset ${id} does not exist`);
    return p;
  };
  const refuseAll = (id: number, verb: string) => {
    if (id === ALL_PRESET_ID) throw unprocessable(`The built-in preset All cannot be ${verb}`);
  };

  app.get(
    '/preferences/presets',
    {
      schema: {
        summary: "The caller's column presets, in order (the built-ins until the first change)",
        tags,
        response: { 200: presetList },
      },
    },
    async (request) => ({ data: { presets: (await loadPresets(db, request.principal.user.id)).items } }),
  );

  app.post(
    '/preferences/presets',
    {
      schema: {
        summary: 'Create a preset (appended, with the next free id)',
        tags,
        body: presetBody,
        response: { 201: z.object({ data: z.object({ preset: presetSchema }) }) },
      },
    },
    async (request, reply) => {
      checkPreset(request.body);
      const preset = await run(request, ({ items }) => {
        checkSize(items.length + 1, 'presets');
        const created: Preset = {
          id: nextId(items.map((p) => p.id)),
          name: request.body.name.trim(),
          visibility: request.body.visibility,
          fieldsValues: request.body.fieldsValues,
        };
        return {
          items: [...items, created],
          events: [{ type: 'PresetSaved', message: `Preset ${quoted(created.name)} (id ${created.id}) created` }],
          result: created,
        };
      });
      return reply.status(201).send({ data: { preset } });
    },
  );

  app.put(
    '/preferences/presets/order',
    {
      schema: {
        summary: 'Reorder the presets: every preset id, each once, in the new order',
        tags,
        body: orderBody,
        response: { 200: presetList },
      },
    },
    async (request) =>
      run(request, ({ items }) => {
        const { ids } = request.body;
        if (!isPermutation(ids, items))
          throw conflict(
            `The order must list every preset id once (${items.map((p) => p.id).join(', ')}); reload the presets and try again`,
          );
        const byId = new Map(items.map((p) => [p.id, p]));
        const next = ids.map((id) => byId.get(id)!);
        return {
          items: next,
          events: [{ type: 'PresetSaved', message: `Presets reordered: ${ids.join(', ')}` }],
          result: { data: { presets: next } },
        };
      }),
  );

  app.post(
    '/preferences/presets/import',
    {
      schema: {
        summary: 'Import presets (appended); an id already in use gets a new id',
        tags,
        body: z.object({ presets: presetImport }),
        response: {
          200: z.object({ data: z.object({ presets: z.array(presetSchema), renumbered: renumberedSchema }) }),
        },
      },
    },
    async (request) => {
      request.body.presets.forEach((p, i) => checkPreset(p, `Preset ${i + 1}: `));
      return run(request, ({ items }) => {
        checkSize(items.length + request.body.presets.length, 'presets');
        const { items: imported, renumbered } = renumberImported(
          items.map((p) => p.id),
          request.body.presets.map((p) => ({ ...p, name: p.name.trim() })),
          [ALL_PRESET_ID],
        );
        const next = [...items, ...imported];
        const moved = new Map(renumbered.map((r) => [r.to, r.from]));
        return {
          items: next,
          events: imported.map((p) => ({
            type: 'PresetSaved' as const,
            message: `Preset ${quoted(p.name)} imported as id ${p.id}${moved.get(p.id) ? ` (id ${moved.get(p.id)} was taken)` : ''}`,
          })),
          result: { data: { presets: next, renumbered } },
        };
      });
    },
  );

  app.post(
    '/preferences/presets/migrate',
    {
      schema: {
        summary: "Adopt the presets of the older console's local storage, only while the caller has none stored",
        tags,
        body: z.object({ presets: presetImport }),
        response: { 200: z.object({ data: z.object({ presets: z.array(presetSchema), migrated: z.boolean() }) }) },
      },
    },
    async (request) => {
      const incoming = request.body.presets.filter((p) => p.id !== ALL_PRESET_ID);
      incoming.forEach((p, i) => checkPreset(p, `Preset ${i + 1}: `));
      return run(request, (current) => {
        if (current.stored || incoming.length === 0)
          return {
            items: current.items,
            events: [],
            result: { data: { presets: current.items, migrated: false as boolean } },
          };
        const { items: adopted } = renumberImported(
          [],
          incoming.map((p) => ({ ...p, name: p.name.trim() })),
          [ALL_PRESET_ID],
        );
        // All keeps the place it had in the old list (first when it was not there).
        const allAt = Math.max(
          0,
          request.body.presets.findIndex((p) => p.id === ALL_PRESET_ID),
        );
        const next: Preset[] = [...adopted.slice(0, allAt), allPreset(), ...adopted.slice(allAt)];
        return {
          items: next,
          events: [
            {
              type: 'PresetSaved',
              message: `Presets migrated from local storage: ${adopted.map((p) => quoted(p.name)).join(', ')}`,
            },
          ],
          result: { data: { presets: next, migrated: true } },
        };
      });
    },
  );

  app.put(
    '/preferences/presets/:id',
    {
      schema: {
        summary: 'Change a preset (name, visibility, columns); All (id 1) cannot be changed',
        tags,
        params: idParams,
        body: presetUpdate,
        response: { 200: z.object({ data: z.object({ preset: presetSchema }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      refuseAll(id, 'edited');
      checkPreset(request.body);
      return run(request, ({ items }) => {
        const before = find(items, id);
        const after: Preset = {
          id,
          name: request.body.name.trim(),
          visibility: request.body.visibility,
          fieldsValues: request.body.fieldsValues,
        };
        const what = changes(before as never, after as never, {
          name: 'name',
          visibility: after.visibility ? 'shown' : 'hidden',
          fieldsValues: 'columns',
        });
        return {
          items: items.map((p) => (p.id === id ? after : p)),
          events: [{ type: 'PresetSaved', message: `Preset ${quoted(after.name)} (id ${id}) updated: ${what}` }],
          result: { data: { preset: after } },
        };
      });
    },
  );

  app.delete(
    '/preferences/presets/:id',
    {
      schema: {
        summary: 'Delete a preset; All (id 1) cannot be deleted',
        tags,
        params: idParams,
        response: { 200: presetList },
      },
    },
    async (request) => {
      const { id } = request.params;
      refuseAll(id, 'deleted');
      const userId = request.principal.user.id;
      return run(request, async ({ items }, tx) => {
        const gone = find(items, id);
        const next = items.filter((p) => p.id !== id);
        // A deleted selected preset falls back to All.
        await tx
          .update(preferences)
          .set({ selectedPresetId: ALL_PRESET_ID, updatedAt: new Date() })
          .where(and(eq(preferences.userId, userId), eq(preferences.selectedPresetId, id)));
        return {
          items: next,
          events: [{ type: 'PresetDeleted', message: `Preset ${quoted(gone.name)} (id ${id}) deleted` }],
          result: { data: { presets: next } },
        };
      });
    },
  );
}

// ------------------------------------------------------------------ saved queries

function queryRoutesOf(app: ZodApp, db: Db): void {
  const tags = ['preferences'];
  const run = <R>(
    request: { principal: { user: { id: number }; actor: Actor } },
    kind: QueryKind,
    change: (current: Loaded<SavedQuery>) => { items: SavedQuery[]; events: Ev[]; result: R },
  ) =>
    mutate(
      db,
      request.principal.actor,
      LOCK_QUERIES,
      request.principal.user.id,
      (tx) => loadQueries(tx, request.principal.user.id, kind),
      (tx, items) => replaceQueries(tx, request.principal.user.id, kind, items),
      change,
    );
  const find = (items: SavedQuery[], id: number, kind: QueryKind) => {
    const q = items.find((x) => x.id === id);
    if (!q) throw notFound(`Saved query ${id} of ${kind} does not exist`);
    return q;
  };

  app.get(
    '/preferences/queries/:kind',
    {
      schema: {
        summary:
          "The caller's saved queries of a list (installations or sensors), in order (the default until the first change)",
        tags,
        params: kindParam,
        response: { 200: queryList },
      },
    },
    async (request) => ({
      data: { queries: (await loadQueries(db, request.principal.user.id, request.params.kind)).items },
    }),
  );

  app.post(
    '/preferences/queries/:kind',
    {
      schema: {
        summary: 'Save a query (appended, with the next free id); the value must parse',
        tags,
        params: kindParam,
        body: queryBody,
        response: { 201: z.object({ data: z.object({ query: savedQuerySchema }) }) },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      checkQuery(request.body);
      const query = await run(request, kind, ({ items }) => {
        checkSize(items.length + 1, `saved queries of ${kind}`);
        const created: SavedQuery = {
          id: nextId(items.map((q) => q.id)),
          name: request.body.name.trim(),
          value: request.body.value.trim(),
          visibility: request.body.visibility,
        };
        return {
          items: [...items, created],
          events: [
            {
              type: 'QuerySaved',
              message: `Saved query ${quoted(created.name)} of ${kind} (id ${created.id}) created: ${created.value}`,
            },
          ],
          result: created,
        };
      });
      return reply.status(201).send({ data: { query } });
    },
  );

  app.put(
    '/preferences/queries/:kind/order',
    {
      schema: {
        summary: 'Reorder the saved queries of a list: every id, each once, in the new order',
        tags,
        params: kindParam,
        body: orderBody,
        response: { 200: queryList },
      },
    },
    async (request) => {
      const { kind } = request.params;
      return run(request, kind, ({ items }) => {
        const { ids } = request.body;
        if (!isPermutation(ids, items))
          throw conflict(
            `The order must list every saved query id once (${items.map((q) => q.id).join(', ')}); reload the queries and try again`,
          );
        const byId = new Map(items.map((q) => [q.id, q]));
        const next = ids.map((id) => byId.get(id)!);
        return {
          items: next,
          events: [{ type: 'QuerySaved', message: `Saved queries of ${kind} reordered: ${ids.join(', ')}` }],
          result: { data: { queries: next } },
        };
      });
    },
  );

  app.post(
    '/preferences/queries/:kind/import',
    {
      schema: {
        summary: 'Import saved queries (appended); an id already in use gets a new id; every value must parse',
        tags,
        params: kindParam,
        body: z.object({ queries: queryImport }),
        response: {
          200: z.object({ data: z.object({ queries: z.array(savedQuerySchema), renumbered: renumberedSchema }) }),
        },
      },
    },
    async (request) => {
      const { kind } = request.params;
      request.body.queries.forEach((q, i) => checkQuery(q, `Query ${i + 1}: `));
      return run(request, kind, ({ items }) => {
        checkSize(items.length + request.body.queries.length, `saved queries of ${kind}`);
        const { items: imported, renumbered } = renumberImported(
          items.map((q) => q.id),
          request.body.queries.map((q) => ({ ...q, name: q.name.trim(), value: q.value.trim() })),
        );
        const next = [...items, ...imported];
        const moved = new Map(renumbered.map((r) => [r.to, r.from]));
        return {
          items: next,
          events: imported.map((q) => ({
            type: 'QuerySaved' as const,
            message: `Saved query ${quoted(q.name)} of ${kind} imported as id ${q.id}${moved.get(q.id) ? ` (id ${moved.get(q.id)} was taken)` : ''}: ${q.value}`,
          })),
          result: { data: { queries: next, renumbered } },
        };
      });
    },
  );

  app.post(
    '/preferences/queries/:kind/migrate',
    {
      schema: {
        summary: "Adopt the saved queries of the older console's local storage, only while the caller has none stored",
        tags,
        params: kindParam,
        body: z.object({ queries: queryImport }),
        response: { 200: z.object({ data: z.object({ queries: z.array(savedQuerySchema), migrated: z.boolean() }) }) },
      },
    },
    async (request) => {
      const { kind } = request.params;
      request.body.queries.forEach((q, i) => checkQuery(q, `Query ${i + 1}: `));
      return run(request, kind, (current) => {
        if (current.stored || request.body.queries.length === 0)
          return {
            items: current.items,
            events: [],
            result: { data: { queries: current.items, migrated: false as boolean } },
          };
        const { items: adopted } = renumberImported(
          [],
          request.body.queries.map((q) => ({ ...q, name: q.name.trim(), value: q.value.trim() })),
        );
        return {
          items: adopted,
          events: [
            {
              type: 'QuerySaved',
              message: `Saved queries of ${kind} migrated from local storage: ${adopted.map((q) => quoted(q.name)).join(', ')}`,
            },
          ],
          result: { data: { queries: adopted, migrated: true } },
        };
      });
    },
  );

  app.put(
    '/preferences/queries/:kind/:id',
    {
      schema: {
        summary: 'Change a saved query (name, value, visibility); the value must parse',
        tags,
        params: kindIdParams,
        body: queryUpdate,
        response: { 200: z.object({ data: z.object({ query: savedQuerySchema }) }) },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      checkQuery(request.body);
      return run(request, kind, ({ items }) => {
        const before = find(items, id, kind);
        const after: SavedQuery = {
          id,
          name: request.body.name.trim(),
          value: request.body.value.trim(),
          visibility: request.body.visibility,
        };
        const what = changes(before as never, after as never, {
          name: 'name',
          value: 'query',
          visibility: after.visibility ? 'shown' : 'hidden',
        });
        return {
          items: items.map((q) => (q.id === id ? after : q)),
          events: [
            { type: 'QuerySaved', message: `Saved query ${quoted(after.name)} of ${kind} (id ${id}) updated: ${what}` },
          ],
          result: { data: { query: after } },
        };
      });
    },
  );

  app.delete(
    '/preferences/queries/:kind/:id',
    {
      schema: { summary: 'Delete a saved query', tags, params: kindIdParams, response: { 200: queryList } },
    },
    async (request) => {
      const { kind, id } = request.params;
      return run(request, kind, ({ items }) => {
        const gone = find(items, id, kind);
        const next = items.filter((q) => q.id !== id);
        return {
          items: next,
          events: [{ type: 'QueryDeleted', message: `Saved query ${quoted(gone.name)} of ${kind} (id ${id}) deleted` }],
          result: { data: { queries: next } },
        };
      });
    },
  );
}

// ------------------------------------------------------------------ registration

/** Sign-in sessions only: an API token is refused (403), see sessionOnly.ts. */
export const presetRoutes: ServiceRoutes = sessionOnly((app: ZodApp, ctx: AppContext) => {
  presetRoutesOf(app, ctx.db);
  queryRoutesOf(app, ctx.db);
});
