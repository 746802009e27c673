/** GET /admin/plans: the plans a developer-portal user can have, sorted by name. */
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { adpPlans } from '../../../db/schema';
import type { ServiceRoutes } from '../../../http/service';

export const adpPlanRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/admin/plans',
    {
      config: { permission: 'view_plans' },
      schema: {
        summary: 'Plans a developer-portal user can have, sorted by name',
        tags: ['plans'],
        response: {
          200: z.object({
            data: z.array(z.object({ name: z.string(), displayName: z.string(), isTrialPlan: z.boolean() })),
          }),
        },
      },
    },
    async () => {
      const data = await db
        .select({ name: adpPlans.name, displayName: adpPlans.displayName, isTrialPlan: adpPlans.isTrialPlan })
        .from(adpPlans)
        .orderBy(asc(adpPlans.name));
      return { data };
    },
  );
};
