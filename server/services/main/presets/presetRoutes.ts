/**
 * Personal column presets, per user (document 2, sections 2.10, 3 and 5).
 *
 *   GET    /preferences/presets                 the caller's presets (the built-ins until the first change)
 *   POST   /preferences/presets                 create                       → 201
 *   PUT    /preferences/presets/order           reorder: { ids } (every id, once)
 *   POST   /preferences/presets/import          append a list; clashing ids get new ids
 *   POST   /preferences/presets/migrate         adopt an old local-storage list, only while nothing is stored
 *   PUT    /preferences/presets/:id             update name, visibility, columns
 *   DELETE /preferences/presets/:id             delete
 *
 * Preset 1 (All) is refused every change but its place in the order. Every mutation runs in one
 * transaction under a per-user lock, rewrites the user's list and writes its audit events
 * (PresetSaved, PresetDeleted).
 *
 * Personal data of a signed-in person: API tokens are refused with 403 (../sessionOnly.ts).
 */
import { z } from 'zod';
import {
  ALL_PRESET_ID,
  allPreset,
  isPermutation,
  nextId,
  renumberImported,
  type Preset,
} from '../../../../common/presets';
import type { Actor } from '../../../audit';
import type { Executor } from '../../../db';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { sessionOnly } from '../sessionOnly';
import { changes, checkPreset, checkSize, mutate, quoted, type ListChange } from './lists';
import { deselectPreset, loadPresets, presetStore, type Loaded } from './repository';
import {
  orderBody,
  presetBody,
  presetImport,
  presetList,
  presetSchema,
  presetUpdate,
  renumberedSchema,
} from './schemas';

/** Sign-in sessions only: an API token is refused (403), see ../sessionOnly.ts. */
export const presetRoutes: ServiceRoutes = sessionOnly((app, { db }) => {
  const tags = ['preferences'];
  const run = <R>(
    request: { principal: { user: { id: number }; actor: Actor } },
    change: (current: Loaded<Preset>, tx: Executor) => Promise<ListChange<Preset, R>> | ListChange<Preset, R>,
  ) => mutate(db, request.principal.actor, presetStore(request.principal.user.id), change);
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
        await deselectPreset(tx, userId, id);
        return {
          items: next,
          events: [{ type: 'PresetDeleted', message: `Preset ${quoted(gone.name)} (id ${id}) deleted` }],
          result: { data: { presets: next } },
        };
      });
    },
  );
});
