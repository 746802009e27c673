/**
 * Personal saved queries, per user and list (document 2, sections 2.10, 3 and 5), under
 * /preferences/queries/:kind (installations | sensors): list, create (→ 201), reorder, import,
 * migrate an old local-storage list (only while nothing is stored), update, delete.
 *
 * Values must parse (400 with the parser's message). Every mutation runs in one transaction under
 * a per-user lock, rewrites the user's list and writes its audit events (QuerySaved, QueryDeleted).
 *
 * Personal data of a signed-in person: API tokens are refused with 403 (../sessionOnly.ts).
 */
import { z } from 'zod';
import { isPermutation, nextId, renumberImported, type QueryKind, type SavedQuery } from '../../../../common/presets';
import type { Actor } from '../../../audit';
import { conflict, notFound } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { sessionOnly } from '../sessionOnly';
import { changes, checkQuery, checkSize, mutate, quoted, type ListChange } from './lists';
import { loadQueries, queryStore, type Loaded } from './repository';
import {
  kindIdParams,
  kindParam,
  orderBody,
  queryBody,
  queryImport,
  queryList,
  queryUpdate,
  renumberedSchema,
  savedQuerySchema,
} from './schemas';

/** Sign-in sessions only: an API token is refused (403), see ../sessionOnly.ts. */
export const savedQueryRoutes: ServiceRoutes = sessionOnly((app, { db }) => {
  const tags = ['preferences'];
  const run = <R>(
    request: { principal: { user: { id: number }; actor: Actor } },
    kind: QueryKind,
    change: (current: Loaded<SavedQuery>) => ListChange<SavedQuery, R>,
  ) => mutate(db, request.principal.actor, queryStore(request.principal.user.id, kind), change);
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
});
