/** GET /admin/plans: the plans a developer-portal user can have, sorted by name. */
import { z } from 'zod';
import type { ServiceRoutes } from '../../../http/service';
import { listPlans } from './repository';

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
      return { data: await listPlans(db) };
    },
  );
};
