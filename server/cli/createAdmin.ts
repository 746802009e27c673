/**
 * `npm run create-admin -- <username> <password>`
 *
 * Creates a staff user with the admin role, or resets the password of an existing user of that
 * name. Uses the same database as the server (DATABASE_URL, or PGlite in DATA_DIR); stop the server
 * first when it uses PGlite, which allows one process per data directory.
 */
import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '../../common/permissions';
import { loginPassword, loginUsername } from '../../common/validation';
import { audit, SYSTEM_ACTOR } from '../audit';
import { hashPassword } from '../auth/password';
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { roles, staffUsers } from '../db/schema';
import { ensureBuiltInRoles } from '../db/seed';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  const [username, password, ...rest] = argv;
  if (username === undefined || password === undefined || rest.length > 0) {
    fail('Usage: npm run create-admin -- <username> <password>');
  }
  const usernameError = loginUsername(username);
  if (usernameError) fail(`Username: ${usernameError.en}`);
  const passwordError = loginPassword(password);
  if (passwordError) fail(`Password: ${passwordError.en}`);

  const config = loadConfig();
  const passwordHash = await hashPassword(password);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const outcome = await database.db.transaction(async (tx) => {
      await ensureBuiltInRoles(tx);
      const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE));
      if (!adminRole) throw new Error('The admin role is missing');
      const [existing] = await tx
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(sql`lower(${staffUsers.name}) = lower(${username})`);
      if (existing) {
        await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, existing.id));
        await audit(
          tx,
          SYSTEM_ACTOR,
          'UserCreated',
          `Password of staff user ${existing.name} reset from the command line`,
        );
        return `Reset the password of existing user "${existing.name}" (id ${existing.id}); role and enabled state unchanged.`;
      }
      const [created] = await tx
        .insert(staffUsers)
        .values({ name: username, displayName: username, passwordHash, roleId: adminRole.id })
        .returning({ id: staffUsers.id });
      await audit(
        tx,
        SYSTEM_ACTOR,
        'UserCreated',
        `Staff user ${username} created with role ${ADMIN_ROLE} from the command line`,
      );
      return `Created user "${username}" (id ${created!.id}) with role ${ADMIN_ROLE}.`;
    });
    console.log(`${outcome} Database: ${where}.`);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
