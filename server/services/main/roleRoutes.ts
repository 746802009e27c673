/**
 * Roles: editable sets of permission flags. `admin` and `default` are protected.
 *
 * Nobody grants what they do not hold (common/permissions.ts, ungrantable): a new role, or the
 * permissions added to one, must be within the caller's own (403 naming the others; keeping or
 * removing permissions the caller lacks is allowed). A caller cannot edit or delete their own
 * role, and deleting a role with users assigns them the default role, so it needs what that takes.
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { asc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  DEFAULT_ROLE,
  PERMISSIONS,
  isKnownPermission,
  isOwnRole,
  roleAssignRefusal,
  ungrantable,
  type PermissionSet,
} from '../../../common/permissions';
import { MESSAGES, NAME_LIMITS } from '../../../common/validation';
import { audit } from '../../audit';
import { rolePermissions } from '../../auth/sessions';
import type { Executor } from '../../db';
import { roles, staffUsers } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.record(z.string(), z.boolean()),
  builtIn: z.boolean(),
  userCount: z.number(),
});

const permissionInput = z.union([z.record(z.string(), z.boolean()), z.array(z.string())]);
const nameInput = z
  .string()
  .trim()
  .min(1, MESSAGES.required.en)
  .max(NAME_LIMITS.role, MESSAGES.shorter(NAME_LIMITS.role + 1).en);

/** Normalises a permission map or list into the stored map, refusing unknown names. */
function toPermissionMap(input: z.infer<typeof permissionInput>): Record<string, boolean> {
  const entries = Array.isArray(input) ? input.map((n) => [n, true] as const) : Object.entries(input);
  const unknown = entries.map(([n]) => n).filter((n) => !isKnownPermission(n));
  if (unknown.length) throw badRequest(`Unknown permissions: ${unknown.join(', ')}`);
  return Object.fromEntries(entries.filter(([, granted]) => granted).map(([n]) => [n.toLowerCase(), true]));
}

/** The map shown to clients: every catalogue permission with its flag, plus granted per-record ones. */
function fullMap(role: { name: string; permissions: Record<string, boolean> }): Record<string, boolean> {
  const granted = new Set(rolePermissions(role));
  const map: Record<string, boolean> = Object.fromEntries(PERMISSIONS.map((p) => [p, granted.has(p)]));
  for (const p of granted) map[p] = true;
  return map;
}

/** 403 naming the permissions the caller would grant without holding them. */
function ensureGrantable(held: PermissionSet, names: Iterable<string>): void {
  const beyond = ungrantable(held, names);
  if (beyond.length) throw forbidden(`You cannot grant permissions you do not hold: ${beyond.join(', ')}`);
}

async function listRoles(db: Executor) {
  const rows = await db
    .select({
      id: roles.id,
      name: roles.name,
      permissions: roles.permissions,
      builtIn: roles.builtIn,
      // A join, not a correlated subquery: drizzle renders columns unqualified in a one-table select,
      // so `id` inside a subquery would bind to staff_users.id.
      userCount: sql<number>`count(${staffUsers.id})::int`,
    })
    .from(roles)
    .leftJoin(staffUsers, eq(staffUsers.roleId, roles.id))
    .groupBy(roles.id)
    .orderBy(asc(roles.id));
  return rows.map((r) => ({ ...r, permissions: fullMap(r) }));
}

async function loadRole(db: Executor, id: number) {
  const role = (await listRoles(db)).find((r) => r.id === id);
  if (!role) throw notFound(`Role ${id} does not exist`);
  return role;
}

async function ensureNameFree(db: Executor, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  if (clash && clash.id !== exceptId) throw conflict(MESSAGES.nameInUse.en);
}

export const roleRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/admin/roles',
    {
      config: { permission: ['admin_view_roles', 'admin_view_users'] },
      schema: {
        summary: 'Roles with their permission maps',
        tags: ['admin'],
        response: { 200: z.object({ data: z.array(roleSchema) }) },
      },
    },
    async () => ({ data: await listRoles(db) }),
  );

  app.post(
    '/admin/roles',
    {
      config: { permission: 'admin_add_roles' },
      schema: {
        summary: 'Create a role',
        description: '403: permissions you do not hold.',
        tags: ['admin'],
        body: z.object({ name: nameInput, permissions: permissionInput.default({}) }),
        response: { 201: roleSchema },
      },
    },
    async (request, reply) => {
      const { name, permissions } = request.body;
      const map = toPermissionMap(permissions);
      ensureGrantable(request.principal.permissions, Object.keys(map));
      const role = await db.transaction(async (tx) => {
        await ensureNameFree(tx, name);
        const [created] = await tx.insert(roles).values({ name, permissions: map }).returning({ id: roles.id });
        await audit(
          tx,
          request.principal.actor,
          'RoleCreated',
          `Role "${name}" created with ${Object.keys(map).length} permissions`,
        );
        return loadRole(tx, created!.id);
      });
      return reply.status(201).send(role);
    },
  );

  app.patch(
    '/admin/roles/:id',
    {
      config: { permission: 'admin_edit_roles' },
      schema: {
        summary: 'Replace a role (name and permissions)',
        description: '403: your own role; adding permissions you do not hold (keeping or removing them is allowed).',
        tags: ['admin'],
        params: idParams,
        body: z.object({ name: nameInput, permissions: permissionInput }),
        response: { 200: roleSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.principal;
      return db.transaction(async (tx) => {
        const role = await loadRole(tx, id);
        const current = role.name.toLowerCase();
        const { name, permissions } = request.body;
        if (current === ADMIN_ROLE) throw unprocessable('The admin role cannot be edited');
        if (isOwnRole(me.user, role.name)) throw forbidden('You cannot edit your own role');
        // Not even a change of case: the default role is found by its exact name.
        if (current === DEFAULT_ROLE && name !== role.name) throw unprocessable('The default role cannot be renamed');
        if (name.toLowerCase() === ADMIN_ROLE) throw conflict(MESSAGES.nameInUse.en);
        await ensureNameFree(tx, name, id);
        const map = toPermissionMap(permissions);
        const before = new Set(rolePermissions(role));
        const after = new Set(Object.keys(map));
        const added = [...after].filter((p) => !before.has(p));
        const removed = [...before].filter((p) => !after.has(p));
        ensureGrantable(me.permissions, added);
        await tx.update(roles).set({ name, permissions: map, updatedAt: new Date() }).where(eq(roles.id, id));
        const renamed = name !== role.name ? `renamed to "${name}", ` : '';
        await audit(
          tx,
          request.principal.actor,
          'RoleUpdated',
          `Role "${role.name}" ${renamed}+${added.length} −${removed.length} permissions${added.length ? ` (added ${added.slice(0, 10).join(', ')})` : ''}${removed.length ? ` (removed ${removed.slice(0, 10).join(', ')})` : ''}`,
        );
        return loadRole(tx, id);
      });
    },
  );

  app.delete(
    '/admin/roles/:id',
    {
      config: { permission: 'admin_remove_roles' },
      schema: {
        summary: 'Delete a role; its users move to the default role',
        description: '403: your own role; a role with users when the default role holds permissions you do not hold.',
        tags: ['admin'],
        params: idParams,
        response: { 200: z.object({ id: z.number(), name: z.string(), movedUsers: z.number() }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.principal;
      return db.transaction(async (tx) => {
        const role = await loadRole(tx, id);
        if ([ADMIN_ROLE, DEFAULT_ROLE].includes(role.name.toLowerCase()))
          throw unprocessable(`The ${role.name} role cannot be deleted`);
        // Its users (the caller among them) would get the default role.
        if (isOwnRole(me.user, role.name)) throw forbidden('You cannot delete your own role');
        const [fallback] = await tx
          .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
          .from(roles)
          .where(sql`lower(${roles.name}) = ${DEFAULT_ROLE}`);
        if (!fallback) throw unprocessable('The default role is missing');
        const refusal = roleAssignRefusal(
          { role: me.user.role, permissions: me.permissions },
          { name: fallback.name, permissions: rolePermissions(fallback) },
        );
        const moved = await tx
          .update(staffUsers)
          .set({ roleId: fallback.id })
          .where(eq(staffUsers.roleId, id))
          .returning({ id: staffUsers.id });
        // Checked on the users actually moved (the transaction undoes the move when refused).
        if (moved.length > 0 && refusal?.reason === 'beyond')
          throw forbidden(
            `You cannot delete the role ${role.name}: its users would get the default role, which holds permissions you do not hold: ${refusal.names.join(', ')}`,
          );
        await tx.delete(roles).where(eq(roles.id, id));
        await audit(
          tx,
          request.principal.actor,
          'RoleDeleted',
          `Role "${role.name}" deleted; ${moved.length} users moved to the default role`,
        );
        return { id, name: role.name, movedUsers: moved.length };
      });
    },
  );
};
