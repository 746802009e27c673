/** Personal preferences kept per user on the server, so they follow the user to any browser. */
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { audit } from '../../audit';
import { preferences } from '../../db/schema';
import type { Executor } from '../../db';
import type { ServiceRoutes } from '../../http/service';

const prefsSchema = z.object({ theme: z.enum(['light', 'dark']), selectedPresetId: z.number().int() });
const DEFAULTS = { theme: 'light' as const, selectedPresetId: 1 };

async function read(db: Executor, userId: number) {
  const [row] = await db
    .select({ theme: preferences.theme, selectedPresetId: preferences.selectedPresetId })
    .from(preferences)
    .where(eq(preferences.userId, userId));
  return row ? { theme: row.theme === 'dark' ? ('dark' as const) : ('light' as const), selectedPresetId: row.selectedPresetId } : DEFAULTS;
}

export const preferenceRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/preferences',
    { schema: { summary: "The caller's theme and selected preset", tags: ['preferences'], response: { 200: z.object({ data: prefsSchema }) } } },
    async (request) => ({ data: await read(db, request.principal.user.id) }),
  );

  app.patch(
    '/preferences',
    {
      schema: {
        summary: "Change the caller's theme or selected preset",
        tags: ['preferences'],
        body: prefsSchema.partial().refine((b) => Object.keys(b).length > 0, 'Give a theme or a selectedPresetId'),
        response: { 200: z.object({ data: prefsSchema }) },
      },
    },
    async (request) => {
      const userId = request.principal.user.id;
      return db.transaction(async (tx) => {
        const next = { ...(await read(tx, userId)), ...request.body };
        await tx
          .insert(preferences)
          .values({ userId, ...next })
          .onConflictDoUpdate({ target: preferences.userId, set: { ...next, updatedAt: new Date() } });
        const changes = Object.entries(request.body).map(([k, v]) => `${k}=${v}`).join(', ');
        await audit(tx, request.principal.actor, 'PreferencesUpdated', `Preferences changed: ${changes}`);
        return { data: next };
      });
    },
  );
};
