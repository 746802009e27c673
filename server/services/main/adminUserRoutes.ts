/**
 * Staff users: list, change role or enabled state, end all sessions.
 *
 * Nobody hands out more than they hold (common/permissions.ts, roleAssignRefusal): a role is
 * assigned only by someone who holds all its permissions, and the admin role only by an admin
 * (403). Nor does anyone change a user above them: a user's role or enabled state is changed only
 * by someone who could assign that user's current role — so only admins demote or disable admins,
 * and enabling a user gives back nothing the caller does not hold. The last enabled admin cannot be demoted or disabled
 * (409, a conflict with the current state: make another admin first); the enabled admins' rows are
 * locked first, so two concurrent demotions cannot both pass.
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { asc, eq, sql, and, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE, roleAssignRefusal, type Grantor } from '../../../common/permissions';
import { audit } from '../../audit';
import { rolePermissions } from '../../auth/sessions';
import { apiTokens, roles, staffUsers } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';
import type { Executor } from '../../db';

export const adminUser = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  enabled: z.boolean(),
});

const columns = {
  id: staffUsers.id,
  name: staffUsers.name,
  displayName: staffUsers.displayName,
  avatar: staffUsers.avatar,
  email: staffUsers.email,
  role: roles.name,
  enabled: staffUsers.enabled,
};

async function loadUser(db: Executor, id: number) {
  const [user] = await db
    .select(columns)
    .from(staffUsers)
    .innerJoin(roles, eq(roles.id, staffUsers.roleId))
    .where(eq(staffUsers.id, id));
  if (!user) throw notFound(`User ${id} does not exist`);
  return user;
}

/** Locks the rows of the enabled admins (in id order, so concurrent callers never deadlock) and returns their ids. */
async function lockEnabledAdmins(tx: Executor): Promise<number[]> {
  const rows = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .innerJoin(roles, eq(roles.id, staffUsers.roleId))
    .where(and(eq(staffUsers.enabled, true), sql`lower(${roles.name}) = ${ADMIN_ROLE}`))
    .orderBy(asc(staffUsers.id))
    .for('update', { of: staffUsers });
  return rows.map((r) => r.id);
}

/** 403 unless the grantor may give this role to someone (assign it, or enable a user holding it). */
function ensureAssignable(
  grantor: Grantor,
  role: { name: string; permissions: Record<string, boolean> },
  action: string,
): void {
  const refusal = roleAssignRefusal(grantor, { name: role.name, permissions: rolePermissions(role) });
  if (!refusal) return;
  if (refusal.reason === 'adminOnly') throw forbidden(`Only an admin can ${action} the admin role`);
  throw forbidden(
    `You cannot ${action} the role ${role.name}: it holds permissions you do not hold: ${refusal.names.join(', ')}`,
  );
}

export const adminUserRoutes: ServiceRoutes = (app, { db, sessions }) => {
  app.get(
    '/admin/users',
    {
      config: { permission: 'admin_view_users' },
      schema: {
        summary: 'Staff users',
        tags: ['admin'],
        querystring: z.object({
          showDisabled: z.enum(['true', 'false']).optional(),
          search: z.string().max(200).optional(),
        }),
        response: { 200: z.object({ data: z.object({ data: z.array(adminUser) }) }) },
      },
    },
    async (request) => {
      const where: SQL[] = [];
      if (request.query.showDisabled !== 'true') where.push(eq(staffUsers.enabled, true));
      if (request.query.search) {
        const like = `%${request.query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(sql`(${staffUsers.name} ilike ${like} or ${staffUsers.displayName} ilike ${like})`);
      }
      const data = await db
        .select(columns)
        .from(staffUsers)
        .innerJoin(roles, eq(roles.id, staffUsers.roleId))
        .where(and(...where))
        .orderBy(asc(sql`lower(${staffUsers.name})`));
      return { data: { data } };
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      config: { permission: 'admin_edit_users' },
      schema: {
        summary: 'Change the role or the enabled state of a staff user',
        description:
          '403: your own user; a user whose current role, or a new role, holds permissions you do not hold; the admin role (or an admin user) unless you are an admin. 409: the only enabled admin cannot be given another role or disabled (reachable when two admins demote each other at once).',
        tags: ['admin'],
        params: idParams,
        body: z
          .object({ role: z.string().min(1).optional(), enabled: z.boolean().optional() })
          .refine((b) => b.role !== undefined || b.enabled !== undefined, 'Give a role or an enabled state'),
        response: { 200: adminUser },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.principal;
      if (id === me.user.id) throw forbidden('You cannot change your own role or enabled state');
      const grantor: Grantor = { role: me.user.role, permissions: me.permissions };
      return db.transaction(async (tx) => {
        const admins = await lockEnabledAdmins(tx);
        const user = await loadUser(tx, id);
        const { role, enabled } = request.body;
        // The user's current role: changing their role or enabled state takes the same right as
        // assigning it (an admin is changed only by an admin).
        const [current] = await tx
          .select({ name: roles.name, permissions: roles.permissions })
          .from(roles)
          .where(eq(roles.name, user.role));
        if (current) ensureAssignable(grantor, current, 'change a user of');
        let target: { id: number; name: string; permissions: Record<string, boolean> } | undefined;
        if (role !== undefined && role.toLowerCase() !== user.role.toLowerCase()) {
          // Role names are unique case-insensitively.
          [target] = await tx
            .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
            .from(roles)
            .where(sql`lower(${roles.name}) = lower(${role})`);
          if (!target) throw badRequest(`Role "${role}" does not exist`);
          ensureAssignable(grantor, target, 'assign');
        }
        const demoting = target !== undefined && target.name.toLowerCase() !== ADMIN_ROLE;
        const disabling = enabled === false && user.enabled;
        if (admins.includes(id) && admins.length <= 1 && (demoting || disabling))
          throw conflict(
            `${user.name} is the only enabled admin and cannot be ${demoting ? 'given another role' : 'disabled'}; make another user an admin first`,
          );
        if (target) {
          await tx.update(staffUsers).set({ roleId: target.id }).where(eq(staffUsers.id, id));
          await audit(
            tx,
            me.actor,
            'UserRoleChanged',
            `Role of ${user.name} changed from ${user.role} to ${target.name}`,
          );
        }
        if (enabled !== undefined && enabled !== user.enabled) {
          await tx.update(staffUsers).set({ enabled }).where(eq(staffUsers.id, id));
          if (!enabled) {
            await tx
              .update(apiTokens)
              .set({ active: false, revokedAt: new Date() })
              .where(and(eq(apiTokens.userId, id), eq(apiTokens.active, true)));
            await sessions.endAllSessions(tx, id, 'user disabled');
          }
          await audit(
            tx,
            me.actor,
            enabled ? 'UserEnabled' : 'UserDisabled',
            `${user.name} ${enabled ? 'enabled' : 'disabled; their tokens were deactivated and sessions ended'}`,
          );
        }
        return loadUser(tx, id);
      });
    },
  );

  app.post(
    '/admin/users/:id/logout',
    {
      config: { permission: 'admin_logout_users' },
      schema: {
        summary: 'End every session of a staff user',
        tags: ['admin'],
        params: idParams,
        response: { 200: z.object({ invalidated: z.number() }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const user = await loadUser(tx, id);
        const invalidated = await sessions.endAllSessions(tx, id, 'forced logout');
        await audit(
          tx,
          request.principal.actor,
          'UserSessionsInvalidated',
          `All ${invalidated} sessions of ${user.name} invalidated`,
        );
        return { invalidated };
      });
    },
  );
};
