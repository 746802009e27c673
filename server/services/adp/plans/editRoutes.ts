/**
 * Plans and trials of developer-portal users (document 2, sections 4, 7, 9; edit_panel_users_plans_and_trials):
 * POST /admin/plans?planName&userId sets the plan; POST /admin/trials sets a trial (the user is on
 * the trial plan until the end date, then on the post-trial plan); DELETE /admin/trials/{userId}
 * removes it. The console removes a trial by deleting it first and then setting the plan.
 */
import { z } from 'zod';
import { audit } from '../../../audit';
import { notFound } from '../../../http/errors';
import { dbId, idParam } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { loadUser } from '../users/changes';
import { updateAdpUser } from '../users/repository';
import { assertFutureDay, assertPlan } from '../users/rules';
import { deleteTrial, upsertTrial } from './repository';

const TAGS = ['plans'];
const PERMISSION = 'edit_panel_users_plans_and_trials';
const planName = z.string().trim().min(1, 'A plan name is required').max(100, 'A plan name has at most 100 characters');
const trialOut = z.object({ trialPlanName: z.string(), postTrialPlanName: z.string(), endDate: z.string() });

export const adpPlanEditRoutes: ServiceRoutes = (app, { db }) => {
  app.post(
    '/admin/plans',
    {
      config: { permission: PERMISSION },
      schema: {
        summary: "Set a developer-portal user's plan",
        tags: TAGS,
        querystring: z.object({ planName, userId: idParam }),
        response: { 200: z.object({ data: z.object({ userId: z.number().int(), plan: z.string() }) }) },
      },
    },
    async (request) => {
      const { planName: name, userId } = request.query;
      return db.transaction(async (tx) => {
        const u = await loadUser(tx, userId);
        await assertPlan(tx, name);
        await updateAdpUser(tx, userId, { planName: name });
        await audit(
          tx,
          request.principal.actor,
          'PanelUserPlanChanged',
          `Panel user ${userId} "${u.nickname}": plan ${u.planName} → ${name}`,
        );
        return { data: { userId, plan: name } };
      });
    },
  );

  app.post(
    '/admin/trials',
    {
      config: { permission: PERMISSION },
      schema: {
        summary: 'Set (or replace) a trial: the trial plan until endDate, then the post-trial plan',
        tags: TAGS,
        body: z.object({
          userId: dbId,
          trialPlanName: planName,
          postTrialPlanName: planName,
          endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'endDate must be a date (YYYY-MM-DD)'),
        }),
        response: { 200: z.object({ data: z.object({ userId: z.number().int(), trial: trialOut }) }) },
      },
    },
    async (request) => {
      const { userId, trialPlanName, postTrialPlanName, endDate } = request.body;
      assertFutureDay(endDate);
      return db.transaction(async (tx) => {
        const u = await loadUser(tx, userId);
        await assertPlan(tx, trialPlanName);
        await assertPlan(tx, postTrialPlanName);
        const trial = { trialPlanName, postTrialPlanName, endDate };
        await upsertTrial(tx, userId, trial);
        await updateAdpUser(tx, userId, { planName: trialPlanName });
        await audit(
          tx,
          request.principal.actor,
          'PanelUserTrialSet',
          `Panel user ${userId} "${u.nickname}": trial of ${trialPlanName} until ${endDate}, then ${postTrialPlanName}`,
        );
        return { data: { userId, trial } };
      });
    },
  );

  app.delete(
    '/admin/trials/:userId',
    {
      config: { permission: PERMISSION },
      schema: {
        summary: "Remove a user's trial (the plan stays until set)",
        tags: TAGS,
        params: z.object({ userId: idParam }),
        response: { 200: z.object({ data: z.object({ userId: z.number().int() }) }) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      return db.transaction(async (tx) => {
        const u = await loadUser(tx, userId);
        if (!(await deleteTrial(tx, userId))) throw notFound(`Developer-portal user ${userId} has no trial`);
        await audit(
          tx,
          request.principal.actor,
          'PanelUserTrialRemoved',
          `Panel user ${userId} "${u.nickname}": trial removed`,
        );
        return { data: { userId } };
      });
    },
  );
};
