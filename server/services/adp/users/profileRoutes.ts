/**
 * Developer-portal users (document 2, section 5): type, contractor, reason and settings, each in
 * one transaction with its audit record.
 */
import { z } from 'zod';
import {
  ADP_MESSAGES,
  allowsAdditionalAccess,
  hasContractor,
  needsReason,
  settingsProblem,
  type AdpSettings,
} from '../../../../common/adpUsers';
import { badRequest, unprocessable } from '../../../http/errors';
import { dbId, idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { accessDefinitionsOf, blank } from './accessRepository';
import { detail, label, TAGS, userChanges } from './changes';
import { updateAdpUser } from './repository';
import { assertAccessAllowed, assertContractor, assertTypeRules } from './rules';
import { detailResponse, reasonText, settingsIn, userType } from './schemas';

export const adpUserProfileRoutes: ServiceRoutes = (app, ctx) => {
  const { change } = userChanges(ctx);

  app.patch(
    '/admin/users/:id/type',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: "Change the user's type (the stored reason and contractor must fit it)",
        tags: TAGS,
        params: idParams,
        body: z.object({ type: userType }),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { type } = request.body;
      return change(request.principal.actor, id, async (tx, u) => {
        assertTypeRules(type, u.contractorId, u.reason);
        if (!allowsAdditionalAccess(type))
          for (const d of await accessDefinitionsOf(tx, id)) assertAccessAllowed(type, u.contractorId, d);
        await updateAdpUser(tx, id, { type });
        return {
          event: 'PanelUserTypeChanged',
          message: `${label(u)}: type ${u.type} → ${type}`,
          result: await detail(tx, id, request.principal.permissions),
        };
      });
    },
  );

  app.patch(
    '/admin/users/:id/contractor',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: "Change the user's contractor (required for CLIENT, CLIENT_EXTRA_ACCESS, INTERNAL_ACCOUNT)",
        tags: TAGS,
        params: idParams,
        body: z.object({ contractorId: dbId.nullable() }),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { contractorId } = request.body;
      return change(request.principal.actor, id, async (tx, u) => {
        if (hasContractor(u.type) && contractorId === null)
          throw unprocessable(ADP_MESSAGES.contractorRequired(u.type));
        await assertContractor(tx, contractorId);
        await updateAdpUser(tx, id, { contractorId });
        return {
          event: 'PanelUserContractorChanged',
          message: `${label(u)}: contractor ${u.contractorId ?? 'none'} → ${contractorId ?? 'none'}`,
          result: await detail(tx, id, request.principal.permissions),
        };
      });
    },
  );

  app.patch(
    '/admin/users/:id/reason',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Change the reason for access (required for types other than CLIENT and INTERNAL_ACCOUNT)',
        tags: TAGS,
        params: idParams,
        body: z.object({ reason: reasonText }),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const reason = blank(request.body.reason);
      return change(request.principal.actor, id, async (tx, u) => {
        if (needsReason(u.type) && !reason) throw unprocessable(ADP_MESSAGES.reasonRequired(u.type));
        await updateAdpUser(tx, id, { reason });
        return {
          event: 'PanelUserReasonChanged',
          message: `${label(u)}: reason changed`,
          result: await detail(tx, id, request.principal.permissions),
        };
      });
    },
  );

  app.patch(
    '/admin/users/:id/settings',
    {
      config: { permission: 'edit_panel_users' },
      schema: {
        summary: "Change the user's settings (all fields); the sector needs edit_panel_user_settings_sector",
        tags: TAGS,
        params: idParams,
        body: settingsIn,
        response: { 200: z.object({ data: z.object({ settings: z.record(z.string(), z.unknown()) }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const s = request.body as AdpSettings;
      const problem = settingsProblem(s);
      if (problem) throw badRequest(problem);
      return change(request.principal.actor, id, async (tx, u) => {
        const before = u.settings as Partial<AdpSettings>;
        if (
          (before.sector ?? null) !== s.sector &&
          !request.principal.permissions.can('edit_panel_user_settings_sector')
        )
          throw unprocessable('Changing the sector needs the edit_panel_user_settings_sector permission');
        const settings = { ...s };
        await updateAdpUser(tx, id, { settings: settings as unknown as Record<string, unknown> });
        return {
          event: 'PanelUserSettingsUpdated',
          message: `${label(u)}: settings updated`,
          result: { data: { settings } },
        };
      });
    },
  );
};
