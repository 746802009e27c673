/** Staff users: list, change role or enabled state, end all sessions. */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { asc, eq, sql, and, type SQL } from 'drizzle-orm';
import { audit } from '../../audit';
import { apiTokens, roles, staffUsers } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
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
      return db.transaction(async (tx) => {
        const user = await loadUser(tx, id);
        const { role, enabled } = request.body;
        if (role !== undefined && role.toLowerCase() !== user.role.toLowerCase()) {
          // Role names are unique case-insensitively.
          const [target] = await tx
            .select({ id: roles.id, name: roles.name })
            .from(roles)
            .where(sql`lower(${roles.name}) = lower(${role})`);
          if (!target) throw badRequest(`Role "${role}" does not exist`);
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
