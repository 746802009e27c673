/**
 * Developer-portal users, the admin API's write calls (document 2, sections 4, 5, 6, 7): add and
 * delete a user; type, contractor, reason, e-mail, settings, permanent password, enable and
 * disable; access definitions one by one; forgot-password, resend invitation and the activation
 * link; the sensors count of a list of access definitions. Each call is one transaction with its
 * audit record; e-mails go through the context's Mailer (by default the outbox table).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCESS_ID_MAX,
  ACCESS_ID_MIN,
  ADP_COUNTRIES,
  ADP_LANGUAGES,
  ADP_LIMITS,
  ADP_MESSAGES,
  ADP_NEW_USER_DEFAULTS,
  allowsAdditionalAccess,
  hasContractor,
  needsReason,
  randomAccessId,
  settingsProblem,
  type AdpSettings,
} from '../../../../common/adpUsers';
import { ACCESS_VISIBILITY, ADP_USER_TYPES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../common/domain';
import type { PermissionSet } from '../../../../common/permissions';
import { email as emailRule } from '../../../../common/validation';
import type { AuditEventType } from '../../../../common/auditEvents';
import { audit, type Actor } from '../../../audit';
import { hashPassword } from '../../../auth/password';
import type { Executor } from '../../../db';
import { adpAccessDefinitions, adpPlans, adpTrials, adpUsers, contractors, installations } from '../../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../../http/errors';
import { dbId, idParam, idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { outboxMailer, type Mailer } from '../../../mail';
import { findAdpUser } from './repository';
import { activationLinks } from './activation';
import { adpUserDetail } from './schemas';

const TAGS = ['users'];
type Row = typeof adpUsers.$inferSelect;

const text = (max: number, name: string) =>
  z
    .string({ error: `${name} must be a text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`);
const userType = z.enum(ADP_USER_TYPES, { error: `type must be one of ${ADP_USER_TYPES.join(', ')}` });
const emailText = text(ADP_LIMITS.email, 'email').refine((v) => !emailRule(v) && v !== '', 'Not a valid email');
const reasonText = text(ADP_LIMITS.reason, 'reason').nullable();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'endDate must be a date (YYYY-MM-DD)');
const planName = text(100, 'plan').min(1, 'plan is required');

const accessIn = z
  .object({
    id: z.number().int().min(ACCESS_ID_MIN).max(ACCESS_ID_MAX).optional(),
    sponsorId: dbId.nullable().optional(),
    osmId: text(ADP_LIMITS.osmId, 'osmId').nullable().optional(),
    installationId: dbId.nullable().optional(),
    visibility: z.enum(ACCESS_VISIBILITY, { error: `visibility must be one of ${ACCESS_VISIBILITY.join(', ')}` }),
    canBeEdited: z.boolean().optional(),
  })
  .refine(
    (d) => d.sponsorId != null || (d.osmId ?? '') !== '' || d.installationId != null,
    'An access definition needs a sponsorId, an osmId or an installationId',
  );
type AccessIn = z.infer<typeof accessIn>;

const accessOut = z.object({
  id: z.number().int(),
  sponsorId: z.number().int().nullable(),
  osmId: z.string().nullable(),
  installationId: z.number().int().nullable(),
  visibility: z.string(),
  canBeEdited: z.boolean(),
});

const settingsIn = z.object({
  country: z.string().refine((v) => ADP_COUNTRIES.includes(v), 'country must be a two-letter country code'),
  language: z.enum(ADP_LANGUAGES, { error: 'language must be one of en, pl' }),
  timeZone: z.string().max(64),
  indexType: z.string().max(64),
  aqiLevelLimit: z.number().finite().nullable(),
  standardType: z.string().max(16),
  sensorOutAlertEnabled: z.boolean(),
  aqiExceededAlertEnabled: z.boolean(),
  weeklyEmailEnabled: z.boolean(),
  monthlyEmailEnabled: z.boolean(),
  sector: z.string().max(64).nullable(),
  yourGoals: z.string().max(300).nullable(),
  industry: z.string().max(300).nullable(),
  avatar: z.string().max(300),
});

const createBody = z.object({
  nickname: text(ADP_LIMITS.nickname, 'nickname').min(1, 'nickname is required'),
  email: emailText,
  country: settingsIn.shape.country.default(ADP_NEW_USER_DEFAULTS.settings.country),
  language: settingsIn.shape.language.default('en'),
  plan: planName,
  trial: z.object({ postTrialPlanName: planName, endDate: day }).nullable().optional(),
  type: userType,
  contractorId: dbId.nullable().optional(),
  reason: reasonText.optional(),
  accessDefinitions: z.array(accessIn).max(500, 'At most 500 access definitions').optional(),
});

const detailResponse = { 200: z.object({ data: z.object({ user: adpUserDetail }) }) };
const ok = z.object({ data: z.object({ id: z.number().int(), status: z.string() }) });

const blank = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The user's row, locked for the change unless `lock` is false; 404 when there is none. */
async function loadUser(tx: Executor, id: number, lock = true): Promise<Row> {
  const query = tx.select().from(adpUsers).where(eq(adpUsers.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(`Developer-portal user ${id} does not exist`);
  return row;
}

async function assertContractor(tx: Executor, id: number | null | undefined) {
  if (id == null) return;
  const [row] = await tx.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, id));
  if (!row) throw unprocessable(`Contractor ${id} does not exist`);
}

async function assertPlan(tx: Executor, name: string) {
  const [row] = await tx.select({ name: adpPlans.name }).from(adpPlans).where(eq(adpPlans.name, name));
  if (!row) throw unprocessable(`Plan ${name} does not exist`);
}

async function assertEmailFree(tx: Executor, email: string, except?: number) {
  const [row] = await tx
    .select({ id: adpUsers.id })
    .from(adpUsers)
    .where(sql`lower(${adpUsers.email}) = lower(${email})`);
  if (row && row.id !== except) throw conflict(`A developer-portal user with the e-mail ${email} already exists`);
}

/** A date that exists and is today or later (UTC). */
function assertFutureDay(value: string) {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw badRequest(`endDate ${value} is not a date`);
  if (value < new Date().toISOString().slice(0, 10)) throw unprocessable('The trial end date must not be in the past');
}

/** The type rules of section 5 for a user's type, contractor and reason. */
function assertTypeRules(type: string, contractorId: number | null, reason: string | null) {
  if (needsReason(type) && !blank(reason)) throw unprocessable(ADP_MESSAGES.reasonRequired(type));
  if (hasContractor(type) && contractorId === null) throw unprocessable(ADP_MESSAGES.contractorRequired(type));
}

/** A CLIENT has only its contractor's own access; other types may have more. */
function assertAccessAllowed(
  type: string,
  contractorId: number | null,
  def: Pick<AccessIn, 'sponsorId' | 'osmId' | 'installationId'>,
) {
  if (allowsAdditionalAccess(type)) return;
  const own =
    def.sponsorId != null && def.sponsorId === contractorId && !blank(def.osmId) && def.installationId == null;
  if (!own) throw unprocessable(ADP_MESSAGES.additionalAccess);
}

const accessValues = (userId: number, id: number, d: AccessIn) => ({
  userId,
  id,
  sponsorId: d.sponsorId ?? null,
  osmId: blank(d.osmId),
  installationId: d.installationId ?? null,
  visibility: d.visibility,
  canBeEdited: d.canBeEdited ?? true,
});

export const adpUserEditRoutes: ServiceRoutes = (app, ctx) => {
  const { db } = ctx;
  const mailer: Mailer = ctx.mailer ?? outboxMailer;
  const portal = (ctx.config.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  /** The activation link of a user (./activation.ts). */
  const activationLink = activationLinks(ctx.config).link;
  const invite = (tx: Executor, user: Pick<Row, 'id' | 'email' | 'nickname'>) =>
    mailer.send(tx, {
      kind: 'invitation',
      userId: user.id,
      to: user.email,
      subject: 'Your developer-portal account',
      body: `Hello ${user.nickname},\n\nan account was created for you on the developer portal. Set your password here:\n${activationLink(user)}\n`,
    });
  const detail = async (tx: Executor, id: number, permissions: PermissionSet) => ({
    data: { user: (await findAdpUser(tx, id, permissions))! },
  });
  const actorOf = (request: { principal: { actor: Actor } }) => request.principal.actor;
  /**
   * One change of one user, in one transaction: `apply` gets the user's row and makes the change;
   * its audit entry is written in the same transaction and its result is the answer. An `apply`
   * that changed nothing answers its result alone, and nothing is audited.
   */
  const changeUser = <T>(
    request: { principal: { actor: Actor } },
    id: number,
    apply: (tx: Executor, u: Row) => Promise<{ event: AuditEventType; message: string; result: T } | { result: T }>,
  ) =>
    db.transaction(async (tx) => {
      const change = await apply(tx, await loadUser(tx, id));
      if ('event' in change) await audit(tx, actorOf(request), change.event, change.message);
      return change.result;
    });
  const label = (u: Pick<Row, 'id' | 'nickname' | 'email'>) => `Panel user ${u.id} "${u.nickname}" <${u.email}>`;

  app.post(
    '/admin/users',
    {
      config: { permission: 'add_panel_users' },
      schema: {
        summary: 'Add a developer-portal user (not activated; the invitation e-mail is sent)',
        tags: TAGS,
        body: createBody,
        response: { 201: detailResponse[200] },
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
      const body = await db.transaction(async (tx) => {
        await assertEmailFree(tx, b.email);
        await assertPlan(tx, b.plan);
        if (b.trial) await assertPlan(tx, b.trial.postTrialPlanName);
        await assertContractor(tx, contractorId);
        const settings: AdpSettings = { ...ADP_NEW_USER_DEFAULTS.settings, country: b.country, language: b.language };
        const [user] = await tx
          .insert(adpUsers)
          .values({
            nickname: b.nickname,
            email: b.email,
            status: 'NOT_ACTIVATED',
            planName: b.plan,
            contractorId,
            type: b.type,
            reason,
            settings: settings as unknown as Record<string, unknown>,
          })
          .returning();
        const u = user!;
        if (b.trial)
          await tx.insert(adpTrials).values({
            userId: u.id,
            trialPlanName: b.plan,
            postTrialPlanName: b.trial.postTrialPlanName,
            endDate: b.trial.endDate,
          });
        const taken = new Set(ids);
        for (const d of defs) {
          const id = d.id ?? randomAccessId(taken);
          taken.add(id);
          await tx.insert(adpAccessDefinitions).values(accessValues(u.id, id, d));
        }
        await invite(tx, u);
        await audit(
          tx,
          actorOf(request),
          'PanelUserCreated',
          `${label(u)} added (${u.type}, plan ${u.planName}${b.trial ? `, trial until ${b.trial.endDate}` : ''}, ${defs.length} access definitions)`,
        );
        return detail(tx, u.id, request.principal.permissions);
      });
      return reply.status(201).send(body);
    },
  );

  const deleteUser = async (request: { params: { id: number }; principal: { actor: Actor } }) => {
    const { id } = request.params;
    return changeUser(request, id, async (tx, u) => {
      await tx.delete(adpUsers).where(eq(adpUsers.id, id));
      return { event: 'PanelUserDeleted', message: `${label(u)} deleted`, result: { data: { id, status: 'DELETED' } } };
    });
  };
  for (const path of ['/admin/users/:id', '/admin/users/:id/'])
    app.delete(
      path,
      {
        config: { permission: 'remove_panel_users' },
        schema: {
          summary: 'Delete a developer-portal user with its trial and access definitions',
          tags: TAGS,
          params: idParams,
          response: { 200: ok },
          ...(path.endsWith('/') ? { hide: true } : {}),
        },
      },
      deleteUser,
    );

  app.post(
    '/admin/users/sensors-count',
    {
      config: { permission: 'view_panel_users' },
      schema: {
        summary: 'How many current installations a list of access definitions reaches',
        tags: TAGS,
        body: z.array(accessIn).max(500, 'At most 500 access definitions'),
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (request) => {
      const parts = request.body.map((d) => {
        const reach = [
          d.sponsorId != null ? sql`${installations.contractorId} = ${d.sponsorId}` : undefined,
          d.installationId != null ? sql`${installations.installationId} = ${d.installationId}` : undefined,
          blank(d.osmId)
            ? sql`(${installations.countryId} = ${blank(d.osmId)} or ${installations.stateId} = ${blank(d.osmId)} or ${installations.cityId} = ${blank(d.osmId)})`
            : undefined,
        ].filter((x) => x !== undefined);
        const visible =
          d.visibility === 'VISIBLE'
            ? sql` and ${installations.isVisible}`
            : d.visibility === 'HIDDEN'
              ? sql` and not ${installations.isVisible}`
              : sql``;
        return sql`((${sql.join(reach, sql` and `)})${visible})`;
      });
      if (parts.length === 0) return { count: 0 };
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(installations)
        .where(and(sql`${installations.removedAt} is null`, sql`(${sql.join(parts, sql` or `)})`));
      return { count: Number(row?.n ?? 0) };
    },
  );

  app.patch(
    '/admin/users/:id/type',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: "Change the user's type (the stored reason and contractor must fit it)",
        tags: TAGS,
        params: idParams,
        body: z.object({ type: userType }),
        response: detailResponse,
      },
    },
    async (request) => {
      const { id } = request.params;
      const { type } = request.body;
      return changeUser(request, id, async (tx, u) => {
        assertTypeRules(type, u.contractorId, u.reason);
        if (!allowsAdditionalAccess(type)) {
          const defs = await tx.select().from(adpAccessDefinitions).where(eq(adpAccessDefinitions.userId, id));
          for (const d of defs) assertAccessAllowed(type, u.contractorId, d);
        }
        await tx.update(adpUsers).set({ type }).where(eq(adpUsers.id, id));
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
        response: detailResponse,
      },
    },
    async (request) => {
      const { id } = request.params;
      const { contractorId } = request.body;
      return changeUser(request, id, async (tx, u) => {
        if (hasContractor(u.type) && contractorId === null)
          throw unprocessable(ADP_MESSAGES.contractorRequired(u.type));
        await assertContractor(tx, contractorId);
        await tx.update(adpUsers).set({ contractorId }).where(eq(adpUsers.id, id));
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
        response: detailResponse,
      },
    },
    async (request) => {
      const { id } = request.params;
      const reason = blank(request.body.reason);
      return changeUser(request, id, async (tx, u) => {
        if (needsReason(u.type) && !reason) throw unprocessable(ADP_MESSAGES.reasonRequired(u.type));
        await tx.update(adpUsers).set({ reason }).where(eq(adpUsers.id, id));
        return {
          event: 'PanelUserReasonChanged',
          message: `${label(u)}: reason changed`,
          result: await detail(tx, id, request.principal.permissions),
        };
      });
    },
  );

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
        response: detailResponse,
      },
    },
    async (request) => {
      const { id } = request.params;
      const { email, confirmed } = request.body;
      if (confirmed !== true) throw unprocessable(ADP_MESSAGES.confirmEmail);
      return changeUser(request, id, async (tx, u) => {
        await assertEmailFree(tx, email, id);
        const [next] = await tx
          .update(adpUsers)
          .set({ email, status: 'NOT_ACTIVATED', passwordHash: null })
          .where(eq(adpUsers.id, id))
          .returning();
        await mailer.send(tx, {
          kind: 'email-changed',
          userId: id,
          to: u.email,
          subject: 'Your developer-portal e-mail address was changed',
          body: `Hello ${u.nickname},\n\nthe e-mail address of your developer-portal account was changed to ${email}. An invitation was sent there.\n`,
        });
        await invite(tx, next!);
        return {
          event: 'PanelUserEmailChanged',
          message: `${label(u)}: e-mail changed to <${email}>`,
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
      return changeUser(request, id, async (tx, u) => {
        const before = u.settings as Partial<AdpSettings>;
        if (
          (before.sector ?? null) !== s.sector &&
          !request.principal.permissions.can('edit_panel_user_settings_sector')
        )
          throw unprocessable('Changing the sector needs the edit_panel_user_settings_sector permission');
        const settings = { ...s };
        await tx
          .update(adpUsers)
          .set({ settings: settings as unknown as Record<string, unknown> })
          .where(eq(adpUsers.id, id));
        return {
          event: 'PanelUserSettingsUpdated',
          message: `${label(u)}: settings updated`,
          result: { data: { settings } },
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
        body: z
          .object({
            password: z
              .string()
              .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
              .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
              .optional(),
          })
          .optional(),
        response: { 200: z.object({ data: z.object({ password: z.string(), status: z.string() }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const password = request.body?.password ?? crypto.randomBytes(12).toString('base64url');
      const hash = await hashPassword(password);
      return changeUser(request, id, async (tx, u) => {
        if (u.status === 'DISABLED') throw unprocessable(`${label(u)} is disabled; enable it first`);
        await tx.update(adpUsers).set({ passwordHash: hash, status: 'ENABLED' }).where(eq(adpUsers.id, id));
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
          response: { 200: ok },
        },
      },
      async (request) => {
        const { id } = request.params;
        return changeUser(request, id, async (tx, u) => {
          const status = action === 'disable' ? 'DISABLED' : u.passwordHash ? 'ENABLED' : 'NOT_ACTIVATED';
          if (action === 'enable' && u.status !== 'DISABLED') return { result: { data: { id, status: u.status } } };
          if (action === 'disable' && u.status === 'DISABLED') return { result: { data: { id, status } } };
          await tx.update(adpUsers).set({ status }).where(eq(adpUsers.id, id));
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
    send: (tx: Executor, u: Row) => Promise<{ event: AuditEventType; message: string }>,
  ) =>
    app.post(
      path,
      {
        config: { permission: 'edit_panel_users_password' },
        schema: { summary, tags: TAGS, params: idParams, response: { 200: ok } },
      },
      async (request) => {
        const { id } = request.params;
        return changeUser(request, id, async (tx, u) => {
          if (u.status === 'DISABLED') throw unprocessable(`${label(u)} is disabled; ${what} is not possible`);
          return { ...(await send(tx, u)), result: { data: { id, status: u.status } } };
        });
      },
    );

  loginMail('/admin/users/:id/forgot-password', 'Send the password-reset e-mail', 'a password reset', async (tx, u) => {
    const token = crypto.randomBytes(24).toString('base64url');
    await mailer.send(tx, {
      kind: 'password-reset',
      userId: u.id,
      to: u.email,
      subject: 'Reset your developer-portal password',
      body: `Hello ${u.nickname},\n\nreset your password here:\n${portal}/developer-portal/reset-password?token=${token}\n`,
    });
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
      const u = await loadUser(db, request.params.id, false);
      if (u.status !== 'NOT_ACTIVATED') throw unprocessable(`${label(u)} is already activated`);
      return { link: activationLink(u) };
    },
  );

  // ---- Access definitions, one call per added, changed or deleted definition ----

  app.post(
    '/admin/users/:id/access-definitions',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Add an access definition (id from 1000 to 10000, drawn when not given)',
        tags: TAGS,
        params: idParams,
        body: accessIn,
        response: { 201: z.object({ data: z.object({ accessDefinition: accessOut }) }) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const d = request.body;
      const body = await changeUser(request, id, async (tx, u) => {
        assertAccessAllowed(u.type, u.contractorId, d);
        const taken = (
          await tx
            .select({ id: adpAccessDefinitions.id })
            .from(adpAccessDefinitions)
            .where(eq(adpAccessDefinitions.userId, id))
        ).map((r) => r.id);
        if (d.id !== undefined && taken.includes(d.id))
          throw conflict(`${label(u)} already has an access definition ${d.id}`);
        const defId = d.id ?? randomAccessId(taken);
        const [row] = await tx
          .insert(adpAccessDefinitions)
          .values(accessValues(id, defId, d))
          .returning();
        const { userId: _userId, ...accessDefinition } = row!;
        return {
          event: 'PanelUserAccessAdded',
          message: `${label(u)}: access definition ${defId} added`,
          result: { data: { accessDefinition } },
        };
      });
      return reply.status(201).send(body);
    },
  );

  const defParams = z.object({ id: idParam, defId: idParam });
  const loadDef = async (tx: Executor, userId: number, defId: number) => {
    const [row] = await tx
      .select()
      .from(adpAccessDefinitions)
      .where(and(eq(adpAccessDefinitions.userId, userId), eq(adpAccessDefinitions.id, defId)))
      .for('update');
    if (!row) throw notFound(`Access definition ${defId} of user ${userId} does not exist`);
    return row;
  };

  app.put(
    '/admin/users/:id/access-definitions/:defId',
    {
      config: { permission: 'edit_contractors_adp_users' },
      schema: {
        summary: 'Change an access definition',
        tags: TAGS,
        params: defParams,
        body: accessIn,
        response: { 200: z.object({ data: z.object({ accessDefinition: accessOut }) }) },
      },
    },
    async (request) => {
      const { id, defId } = request.params;
      const d = request.body;
      return changeUser(request, id, async (tx, u) => {
        const before = await loadDef(tx, id, defId);
        if (!before.canBeEdited) throw unprocessable(`Access definition ${defId} cannot be edited`);
        assertAccessAllowed(u.type, u.contractorId, d);
        const { userId: _u, id: _i, ...values } = accessValues(id, defId, d);
        const [row] = await tx
          .update(adpAccessDefinitions)
          .set(values)
          .where(and(eq(adpAccessDefinitions.userId, id), eq(adpAccessDefinitions.id, defId)))
          .returning();
        const { userId: _userId, ...accessDefinition } = row!;
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
        params: defParams,
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request) => {
      const { id, defId } = request.params;
      return changeUser(request, id, async (tx, u) => {
        await loadDef(tx, id, defId);
        await tx
          .delete(adpAccessDefinitions)
          .where(and(eq(adpAccessDefinitions.userId, id), eq(adpAccessDefinitions.id, defId)));
        return {
          event: 'PanelUserAccessRemoved',
          message: `${label(u)}: access definition ${defId} deleted`,
          result: { data: { id: defId } },
        };
      });
    },
  );
};
