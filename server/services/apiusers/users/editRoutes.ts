/**
 * Changes of API-key users in the API-user manager (document 2, sections 2.7, 5, 6, 7): the samples
 * API switch, the standard and samples limits (PUT sets, DELETE removes), and the contractor. The
 * limit rule is shared with the console (common/apiLimits.ts). A provider-internal account may be
 * changed only with the specific permission of the change (edit_api_users alone is not enough).
 * Every change is audited.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LIMIT_PERIODS } from '../../../../common/domain';
import { LIMIT_REQUIRED_MESSAGE, limitsRule, type Limits } from '../../../../common/apiLimits';
import type { AuditEventType } from '../../../../common/auditEvents';
import type { PermissionName } from '../../../../common/permissions';
import { audit } from '../../../audit';
import type { Principal } from '../../../auth/sessions';
import type { Executor } from '../../../db';
import { apiUsers, contractors } from '../../../db/schema';
import { badRequest, forbidden, notFound, unprocessable } from '../../../http/errors';
import { dbId, idParam } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';

const params = z.object({ id: idParam });
const limitBody = z.object(
  Object.fromEntries(LIMIT_PERIODS.map((p) => [p, z.number().nullable().optional()])) as Record<
    (typeof LIMIT_PERIODS)[number],
    z.ZodOptional<z.ZodNullable<z.ZodNumber>>
  >,
);
const userOut = z.object({
  id: z.number().int(),
  username: z.string(),
  internal: z.boolean(),
  samplesAPI: z.boolean(),
  contractorId: z.number().int().nullable(),
  limitStandard: z.record(z.string(), z.number()).nullable(),
  limitSamples: z.record(z.string(), z.number()).nullable(),
});
const ok = { 200: z.object({ data: z.object({ user: userOut }) }) };

type Change = {
  /** The permission of this change; an internal account needs exactly it. */
  specific: PermissionName;
  event: AuditEventType;
  apply(
    tx: Executor,
    user: typeof apiUsers.$inferSelect,
  ): Promise<{ set: Partial<typeof apiUsers.$inferInsert>; message: string }>;
};

async function change(db: Executor, principal: Principal, id: number, c: Change) {
  const { permissions } = principal;
  if (!permissions.can(['edit_api_users', c.specific]))
    throw forbidden(`You need the edit_api_users or ${c.specific} permission to do this`);
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(apiUsers).where(eq(apiUsers.id, id)).for('update');
    if (!user) throw notFound(`API user ${id} does not exist`);
    if (user.internal && !permissions.can(c.specific))
      throw forbidden(`${user.username} is an internal account: you need the ${c.specific} permission to change it`);
    const { set, message } = await c.apply(tx, user);
    const [updated] = await tx.update(apiUsers).set(set).where(eq(apiUsers.id, id)).returning();
    await audit(tx, principal.actor, c.event, `API user ${user.username}: ${message}`);
    return { data: { user: out(updated!) } };
  });
}

const out = (u: typeof apiUsers.$inferSelect) => ({
  id: u.id,
  username: u.username,
  internal: u.internal,
  samplesAPI: u.samplesApi,
  contractorId: u.contractorId,
  limitStandard: (u.limitStandard ?? null) as Record<string, number> | null,
  limitSamples: (u.limitSamples ?? null) as Record<string, number> | null,
});

const describeLimits = (l: Limits) =>
  LIMIT_PERIODS.filter((p) => l[p] !== undefined)
    .map((p) => `${l[p]}/${p}`)
    .join(', ');

export const apiUserEditRoutes: ServiceRoutes = (app, { db }) => {
  for (const on of [true, false])
    app.post(
      `/users/:id/samplesAPI/${on ? 'enable' : 'disable'}`,
      {
        config: { permission: ['edit_api_users', 'edit_api_users_limit_samples'] },
        schema: {
          summary: `${on ? 'Enable' : 'Disable'} the samples API of an API-key user`,
          description: on
            ? 'Needs a samples limit first (a samples API without a limit is refused with 422).'
            : undefined,
          tags: ['users'],
          params,
          response: ok,
        },
      },
      (request) =>
        change(db, request.principal, request.params.id, {
          specific: 'edit_api_users_limit_samples',
          event: on ? 'ApiUserSamplesApiEnabled' : 'ApiUserSamplesApiDisabled',
          async apply(_tx, user) {
            if (on && !user.limitSamples) throw unprocessable(LIMIT_REQUIRED_MESSAGE);
            return { set: { samplesApi: on }, message: on ? 'samples API enabled' : 'samples API disabled' };
          },
        }),
    );

  for (const [path, column, specific] of [
    ['limitStandard', 'limitStandard', 'edit_api_users_limit_standard'],
    ['limitSamples', 'limitSamples', 'edit_api_users_limit_samples'],
  ] as const) {
    const label = column === 'limitStandard' ? 'standard limit' : 'samples limit';
    app.put(
      `/users/:id/${path}/`,
      {
        config: { permission: ['edit_api_users', specific] },
        schema: {
          summary: `Set the ${label} (values per ${LIMIT_PERIODS.join(', ')}; at least one; larger periods not below smaller ones)`,
          tags: ['users'],
          params,
          body: limitBody,
          response: ok,
        },
      },
      (request) =>
        change(db, request.principal, request.params.id, {
          specific,
          event: 'ApiUserLimitUpdated',
          async apply() {
            const limits = Object.fromEntries(
              Object.entries(request.body).filter(([, v]) => v !== null && v !== undefined),
            ) as Limits;
            const problem = limitsRule(limits);
            if (problem) throw badRequest(problem);
            return { set: { [column]: limits }, message: `${label} set to ${describeLimits(limits)}` };
          },
        }),
    );
    app.delete(
      `/users/:id/${path}/`,
      {
        config: { permission: ['edit_api_users', specific] },
        schema: { summary: `Remove the ${label}`, tags: ['users'], params, response: ok },
      },
      (request) =>
        change(db, request.principal, request.params.id, {
          specific,
          event: 'ApiUserLimitRemoved',
          async apply(_tx, user) {
            // The samples API cannot stay on without its limit.
            const off = column === 'limitSamples' && user.samplesApi ? { samplesApi: false } : {};
            return { set: { [column]: null, ...off }, message: `${label} removed` };
          },
        }),
    );
  }

  app.patch(
    '/users/:id/contractor',
    {
      config: { permission: ['edit_api_users', 'edit_api_users_contractor'] },
      schema: {
        summary: 'Assign the API-key user to a contractor',
        tags: ['users'],
        params,
        body: z.object({ contractorId: dbId }),
        response: ok,
      },
    },
    (request) =>
      change(db, request.principal, request.params.id, {
        specific: 'edit_api_users_contractor',
        event: 'ApiUserContractorChanged',
        async apply(tx) {
          const [c] = await tx
            .select({ id: contractors.id, name: contractors.name })
            .from(contractors)
            .where(eq(contractors.id, request.body.contractorId));
          if (!c) throw unprocessable(`Contractor ${request.body.contractorId} does not exist`);
          return { set: { contractorId: c.id }, message: `contractor set to ${c.name} (${c.id})` };
        },
      }),
  );

  app.delete(
    '/users/:id/contractor',
    {
      config: { permission: ['edit_api_users', 'edit_api_users_contractor'] },
      schema: { summary: 'Remove the contractor of the API-key user', tags: ['users'], params, response: ok },
    },
    (request) =>
      change(db, request.principal, request.params.id, {
        specific: 'edit_api_users_contractor',
        event: 'ApiUserContractorRemoved',
        async apply() {
          return { set: { contractorId: null }, message: 'contractor removed' };
        },
      }),
  );
};
