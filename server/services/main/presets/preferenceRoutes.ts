/**
 * Personal preferences kept per user on the server, so they follow the user to any browser:
 * theme (light or dark), language (en or pl, applied at sign-in on any browser) and the selected preset (default 1, used only while that preset is
 * visible — GET answers the effective one). Sign-in sessions only: API tokens are refused with
 * 403 (../sessionOnly.ts).
 */
import { z } from 'zod';
import { effectivePresetId } from '../../../../common/presets';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import { badRequest } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { sessionOnly } from '../sessionOnly';
import { loadPresets, readStoredPreferences, writePreferences } from './repository';
import { prefsSchema, type Prefs } from './schemas';

/** The preferences as the console uses them: the selected preset only while it exists and is visible. */
export async function readPreferences(db: Executor, userId: number): Promise<Prefs> {
  const stored = await readStoredPreferences(db, userId);
  const { items } = await loadPresets(db, userId);
  return { ...stored, selectedPresetId: effectivePresetId(stored.selectedPresetId, items) };
}

/** Sign-in sessions only: an API token is refused (403), see ../sessionOnly.ts. */
export const preferenceRoutes: ServiceRoutes = sessionOnly((app, ctx) => {
  const { db } = ctx;
  app.get(
    '/preferences',
    {
      schema: {
        summary:
          "The caller's theme, language and selected preset (the effective one: 1 unless the selected preset is visible)",
        tags: ['preferences'],
        response: { 200: z.object({ data: prefsSchema }) },
      },
    },
    async (request) => ({ data: await readPreferences(db, request.principal.user.id) }),
  );

  app.patch(
    '/preferences',
    {
      schema: {
        summary: "Change the caller's theme, language or selected preset",
        tags: ['preferences'],
        body: prefsSchema
          .partial()
          .strict()
          .refine((b) => Object.keys(b).length > 0, 'Give a theme, a locale or a selectedPresetId'),
        response: { 200: z.object({ data: prefsSchema }) },
      },
    },
    async (request) => {
      const userId = request.principal.user.id;
      return db.transaction(async (tx) => {
        if (request.body.selectedPresetId !== undefined) {
          const { items } = await loadPresets(tx, userId);
          if (!items.some((p) => p.id === request.body.selectedPresetId))
            throw badRequest(`Preset ${request.body.selectedPresetId} does not exist`);
        }
        await writePreferences(tx, userId, { ...(await readStoredPreferences(tx, userId)), ...request.body });
        const changes = Object.entries(request.body)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ');
        await audit(tx, request.principal.actor, 'PreferencesUpdated', `Preferences changed: ${changes}`);
        return { data: await readPreferences(tx, userId) };
      });
    },
  );
});
