/**
 * `npm run create-admin -- <username> <password>`
 *
 * Creates a staff user with the admin role, or resets the password of an existing user of that
 * name. Uses the same database as the server (DATABASE_URL, or PGlite in DATA_DIR). On PostgreSQL
 * it may run beside the server. PGlite allows one process per data directory: while the server
 * runs on it, this command is refused (naming the server's pid) — start the server with
 * ADMIN_USERNAME / ADMIN_PASSWORD to create the first admin instead, or stop it first.
 */
import { ADMIN_ROLE } from '../../common/permissions';
import { hashPassword } from '../auth/password';
import { adminCredentialsProblem, loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { createAdmin } from './adminUser';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(argv: string[]): Promise<void> {
  const [username, password, ...rest] = argv;
  if (username === undefined || password === undefined || rest.length > 0) {
    fail('Usage: npm run create-admin -- <username> <password>');
  }
  const problem = adminCredentialsProblem(username, password);
  if (problem) fail(problem);

  const config = loadConfig();
  const passwordHash = await hashPassword(password);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const outcome = await database.db.transaction((tx) =>
      createAdmin(tx, { username, passwordHash, how: 'from the command line', resetExisting: true }),
    );
    const message = outcome!.created
      ? `Created user "${outcome!.name}" (id ${outcome!.id}) with role ${ADMIN_ROLE}.`
      : `Reset the password of existing user "${outcome!.name}" (id ${outcome!.id}); role and enabled state unchanged.`;
    console.log(`${message} Database: ${where}.`);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
