/**
 * Developer-portal users (document 2, section 6), how they sign in: e-mail address, permanent
 * password, enable and disable; the password-reset and invitation e-mails and the activation link.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { ADP_MESSAGES } from '../../../../common/adpUsers';
import type { AuditEventType } from '../../../../common/auditEvents';
import { hashPassword } from '../../../auth/password';
import type { Executor } from '../../../db';
import { unprocessable } from '../../../http/errors';
import { idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { detail, label, loadUser, TAGS, userChanges } from './changes';
import { updateAdpUser, type AdpUserRow } from './repository';
import { assertEmailFree } from './rules';
import { detailResponse, emailText, passwordBody, statusResponse } from './schemas';

export const adpUserLoginRoutes: ServiceRoutes = (app, ctx) => {
  const { change, invite, emailChanged, passwordReset, activationLink } = userChanges(ctx);

  app.patch(
    '/admin/users/:id/email',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Change the e-mail: the account is deactivated, the password reset and the invitation resent',
        description: 'confirmed must be true: the caller acknowledges the deactivation, reset and invitation.',
        tags: TAGS,
        params: idParams,
        body: z.object({ email: emailText, confirmed: z.boolean().optional() }),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { email, confirmed } = request.body;
      if (confirmed !== true) throw unprocessable(ADP_MESSAGES.confirmEmail);
      return change(request.principal.actor, id, async (tx, u) => {
        await assertEmailFree(tx, email, id);
        const next = await updateAdpUser(tx, id, { email, status: 'NOT_ACTIVATED', passwordHash: null });
        await emailChanged(tx, u, email);
        await invite(tx, next);
        return {
          event: 'PanelUserEmailChanged',
          message: `${label(u)}: e-mail changed to <${email}>`,
          result: await detail(tx, id, request.principal.permissions),
        };
      });
    },
  );

  app.patch(
    '/admin/users/:id/password',
    {
      config: { permission: 'edit_panel_users_password' },
      schema: {
        summary: 'Set a permanent password (generated when none is given); a not-activated user becomes ENABLED',
        tags: TAGS,
        params: idParams,
        body: passwordBody,
        response: { 200: z.object({ data: z.object({ password: z.string(), status: z.string() }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const password = request.body?.password ?? crypto.randomBytes(12).toString('base64url');
      const hash = await hashPassword(password);
      return change(request.principal.actor, id, async (tx, u) => {
        if (u.status === 'DISABLED') throw unprocessable(`${label(u)} is disabled; enable it first`);
        await updateAdpUser(tx, id, { passwordHash: hash, status: 'ENABLED' });
        return {
          event: 'PanelUserPasswordChanged',
          message: `${label(u)}: permanent password set${u.status === 'NOT_ACTIVATED' ? ', activated' : ''}`,
          result: { data: { password, status: 'ENABLED' } },
        };
      });
    },
  );

  for (const [action, event] of [
    ['enable', 'PanelUserEnabled'],
    ['disable', 'PanelUserDisabled'],
  ] as const)
    app.patch(
      `/admin/users/:id/${action}`,
      {
        config: { permission: 'toggle_panel_users' },
        schema: {
          summary:
            action === 'enable'
              ? 'Enable the user (ENABLED, or NOT_ACTIVATED while it has no password)'
              : 'Disable the user',
          tags: TAGS,
          params: idParams,
          response: { 200: statusResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        return change(request.principal.actor, id, async (tx, u) => {
          const status = action === 'disable' ? 'DISABLED' : u.passwordHash ? 'ENABLED' : 'NOT_ACTIVATED';
          if (action === 'enable' && u.status !== 'DISABLED') return { result: { data: { id, status: u.status } } };
          if (action === 'disable' && u.status === 'DISABLED') return { result: { data: { id, status } } };
          await updateAdpUser(tx, id, { status });
          return { event, message: `${label(u)}: ${u.status} → ${status}`, result: { data: { id, status } } };
        });
      },
    );

  /**
   * A login e-mail to a user who is not disabled (`what` names it in the refusal): `send` sends it
   * and names its audit entry; the answer is the user's unchanged status.
   */
  const loginMail = (
    path: string,
    summary: string,
    what: string,
    send: (tx: Executor, u: AdpUserRow) => Promise<{ event: AuditEventType; message: string }>,
  ) =>
    app.post(
      path,
      {
        config: { permission: 'edit_panel_users_password' },
        schema: { summary, tags: TAGS, params: idParams, response: { 200: statusResponse } },
      },
      async (request) => {
        const { id } = request.params;
        return change(request.principal.actor, id, async (tx, u) => {
          if (u.status === 'DISABLED') throw unprocessable(`${label(u)} is disabled; ${what} is not possible`);
          return { ...(await send(tx, u)), result: { data: { id, status: u.status } } };
        });
      },
    );

  loginMail('/admin/users/:id/forgot-password', 'Send the password-reset e-mail', 'a password reset', async (tx, u) => {
    await passwordReset(tx, u);
    return { event: 'PanelUserPasswordResetSent', message: `${label(u)}: password-reset e-mail sent` };
  });

  loginMail(
    '/admin/users/:id/resend-invitation',
    'Send the invitation (activation) e-mail again; only while NOT_ACTIVATED',
    'an invitation',
    async (tx, u) => {
      if (u.status !== 'NOT_ACTIVATED') throw unprocessable(`${label(u)} is already activated`);
      await invite(tx, u);
      return { event: 'PanelUserInvitationResent', message: `${label(u)}: invitation resent` };
    },
  );

  app.get(
    '/admin/users/:id/activation-link',
    {
      config: { permission: 'edit_panel_users_password' },
      schema: {
        summary: 'The activation link of a not-activated user',
        tags: TAGS,
        params: idParams,
        response: { 200: z.object({ link: z.string() }) },
      },
    },
    async (request) => {
      const u = await loadUser(ctx.db, request.params.id, false);
      if (u.status !== 'NOT_ACTIVATED') throw unprocessable(`${label(u)} is already activated`);
      return { link: activationLink(u) };
    },
  );
};
