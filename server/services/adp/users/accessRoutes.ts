/**
 * Developer-portal users' access definitions (document 2, section 5): one call per added, changed
 * or deleted definition, each in one transaction with its audit record; and how many current
 * installations a list of definitions reaches.
 */
import { z } from 'zod';
import { randomAccessId } from '../../../../common/adpUsers';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import type { Executor } from '../../../db';
import {
  accessIdsOf,
  countReachedInstallations,
  deleteAccessDefinition,
  insertAccessDefinition,
  lockAccessDefinition,
  updateAccessDefinition,
} from './accessRepository';
import { label, TAGS, userChanges } from './changes';
import { assertAccessAllowed } from './rules';
import { accessIn, accessList, accessParams, accessResponse } from './schemas';

/** One access definition of a user, locked for the change; 404 when there is none. */
async function loadDefinition(tx: Executor, userId: number, defId: number) {
  const row = await lockAccessDefinition(tx, userId, defId);
  if (!row) throw notFound(`Access definition ${defId} of user ${userId} does not exist`);
  return row;
}

export const adpUserAccessRoutes: ServiceRoutes = (app, ctx) => {
  const { change } = userChanges(ctx);

  app.post(
    '/admin/users/sensors-count',
    {
      config: { permission: 'view_panel_users' },
      schema: {
        summary: 'How many current installations a list of access definitions reaches',
        tags: TAGS,
        body: accessList,
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (request) => ({ count: await countReachedInstallations(ctx.db, request.body) }),
  );

  app.post(
    '/admin/users/:id/access-definitions',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Add an access definition (id from 1000 to 10000, drawn when not given)',
        tags: TAGS,
        params: idParams,
        body: accessIn,
        response: { 201: accessResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const d = request.body;
      const body = await change(request.principal.actor, id, async (tx, u) => {
        assertAccessAllowed(u.type, u.contractorId, d);
        const taken = await accessIdsOf(tx, id);
        if (d.id !== undefined && taken.includes(d.id))
          throw conflict(`${label(u)} already has an access definition ${d.id}`);
        const defId = d.id ?? randomAccessId(taken);
        const accessDefinition = await insertAccessDefinition(tx, id, defId, d);
        return {
          event: 'PanelUserAccessAdded',
          message: `${label(u)}: access definition ${defId} added`,
          result: { data: { accessDefinition } },
        };
      });
      return reply.status(201).send(body);
    },
  );

  app.put(
    '/admin/users/:id/access-definitions/:defId',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Change an access definition',
        tags: TAGS,
        params: accessParams,
        body: accessIn,
        response: { 200: accessResponse },
      },
    },
    async (request) => {
      const { id, defId } = request.params;
      const d = request.body;
      return change(request.principal.actor, id, async (tx, u) => {
        const before = await loadDefinition(tx, id, defId);
        if (!before.canBeEdited) throw unprocessable(`Access definition ${defId} cannot be edited`);
        assertAccessAllowed(u.type, u.contractorId, d);
        const accessDefinition = await updateAccessDefinition(tx, id, defId, d);
        return {
          event: 'PanelUserAccessUpdated',
          message: `${label(u)}: access definition ${defId} changed`,
          result: { data: { accessDefinition } },
        };
      });
    },
  );

  app.delete(
    '/admin/users/:id/access-definitions/:defId',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Delete an access definition',
        tags: TAGS,
        params: accessParams,
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request) => {
      const { id, defId } = request.params;
      return change(request.principal.actor, id, async (tx, u) => {
        await loadDefinition(tx, id, defId);
        await deleteAccessDefinition(tx, id, defId);
        return {
          event: 'PanelUserAccessRemoved',
          message: `${label(u)}: access definition ${defId} deleted`,
          result: { data: { id: defId } },
        };
      });
    },
  );
};
