/**
 * The first admin, and the command line's admin: a staff user with the admin role, created (or its
 * password reset) with its audit record in the caller's transaction. Used by
 * `npm run create-admin` and by the server's start with ADMIN_USERNAME / ADMIN_PASSWORD.
 */
import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../common/permissions';
import { audit, SYSTEM_ACTOR } from '../audit';
import type { Executor } from '../db';
import { roles, staffUsers } from '../db/schema';
import { ensureBuiltInRoles } from '../db/seed';

export interface AdminOutcome {
  id: number;
  name: string;
  /** false: a user of that name existed and only its password was reset. */
  created: boolean;
}

/** Creates an admin, or (`resetExisting`) resets the password of an existing user of that name. */
export async function createAdmin(
  tx: Executor,
  opts: { username: string; passwordHash: string; how: string; resetExisting: boolean },
): Promise<AdminOutcome | undefined> {
  await ensureBuiltInRoles(tx);
  const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE));
  if (!adminRole) throw new Error('The admin role is missing');
  const [existing] = await tx
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.name}) = lower(${opts.username})`);
  if (existing) {
    if (!opts.resetExisting) return undefined;
    await tx.update(staffUsers).set({ passwordHash: opts.passwordHash }).where(eq(staffUsers.id, existing.id));
    await audit(tx, SYSTEM_ACTOR, 'UserCreated', `Password of staff user ${existing.name} reset ${opts.how}`);
    return { ...existing, created: false };
  }
  const [created] = await tx
    .insert(staffUsers)
    .values({
      name: opts.username,
      displayName: opts.username,
      passwordHash: opts.passwordHash,
      roleId: adminRole.id,
    })
    .returning({ id: staffUsers.id, name: staffUsers.name });
  await audit(
    tx,
    SYSTEM_ACTOR,
    'UserCreated',
    `Staff user ${opts.username} created with role ${ADMIN_ROLE} ${opts.how}`,
  );
  return { ...created!, created: true };
}
