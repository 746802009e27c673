/**
 * Developer-portal users (document 2, sections 4 and 7): add a user (not activated, with its trial
 * and access definitions; the invitation e-mail is sent) and delete one.
 */
import { ADP_NEW_USER_DEFAULTS, randomAccessId, type AdpSettings } from '../../../../common/adpUsers';
import { audit } from '../../../audit';
import { badRequest } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { blank, insertAccessDefinition } from './accessRepository';
import { detail, label, TAGS, userChanges } from './changes';
import { insertTrial } from '../plans/repository';
import { deleteAdpUser, insertAdpUser } from './repository';
import {
  assertAccessAllowed,
  assertContractor,
  assertEmailFree,
  assertFutureDay,
  assertPlan,
  assertTypeRules,
} from './rules';
import { createBody, detailResponse, statusResponse } from './schemas';

export const adpUserCreateRoutes: ServiceRoutes = (app, ctx) => {
  const { change, invite } = userChanges(ctx);

  app.post(
    '/admin/users',
    {
      config: { permission: 'add_panel_users' },
      schema: {
        summary: 'Add a developer-portal user (not activated; the invitation e-mail is sent)',
        tags: TAGS,
        body: createBody,
        response: { 201: detailResponse },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const contractorId = b.contractorId ?? null;
      const reason = blank(b.reason);
      assertTypeRules(b.type, contractorId, reason);
      const defs = b.accessDefinitions ?? [];
      for (const d of defs) assertAccessAllowed(b.type, contractorId, d);
      const ids = defs.map((d) => d.id).filter((id): id is number => id !== undefined);
      if (new Set(ids).size !== ids.length) throw badRequest('Access definition ids must be unique');
      if (b.trial) assertFutureDay(b.trial.endDate);
      const body = await ctx.db.transaction(async (tx) => {
        await assertEmailFree(tx, b.email);
        await assertPlan(tx, b.plan);
        if (b.trial) await assertPlan(tx, b.trial.postTrialPlanName);
        await assertContractor(tx, contractorId);
        const settings: AdpSettings = { ...ADP_NEW_USER_DEFAULTS.settings, country: b.country, language: b.language };
        const u = await insertAdpUser(tx, {
          nickname: b.nickname,
          email: b.email,
          status: 'NOT_ACTIVATED',
          planName: b.plan,
          contractorId,
          type: b.type,
          reason,
          settings: settings as unknown as Record<string, unknown>,
        });
        if (b.trial)
          await insertTrial(tx, u.id, {
            trialPlanName: b.plan,
            postTrialPlanName: b.trial.postTrialPlanName,
            endDate: b.trial.endDate,
          });
        const taken = new Set(ids);
        for (const d of defs) {
          const id = d.id ?? randomAccessId(taken);
          taken.add(id);
          await insertAccessDefinition(tx, u.id, id, d);
        }
        await invite(tx, u);
        await audit(
          tx,
          request.principal.actor,
          'PanelUserCreated',
          `${label(u)} added (${u.type}, plan ${u.planName}${b.trial ? `, trial until ${b.trial.endDate}` : ''}, ${defs.length} access definitions)`,
        );
        return detail(tx, u.id, request.principal.permissions);
      });
      return reply.status(201).send(body);
    },
  );

  for (const path of ['/admin/users/:id', '/admin/users/:id/'])
    app.delete(
      path,
      {
        config: { permission: 'remove_panel_users' },
        schema: {
          summary: 'Delete a developer-portal user with its trial and access definitions',
          tags: TAGS,
          params: idParams,
          response: { 200: statusResponse },
          ...(path.endsWith('/') ? { hide: true } : {}),
        },
      },
      async (request) => {
        const { id } = request.params;
        return change(request.principal.actor, id, async (tx, u) => {
          await deleteAdpUser(tx, id);
          return {
            event: 'PanelUserDeleted',
            message: `${label(u)} deleted`,
            result: { data: { id, status: 'DELETED' } },
          };
        });
      },
    );
};
