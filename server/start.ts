/**
 * Opens the database, seeds it when empty (or creates the first admin of ADMIN_USERNAME), and
 * builds the app context. Shared by `npm start` and tests.
 */
import type { Config } from './config';
import { openDatabase, type Database } from './db';
import { ensureBuiltInRoles, isDatabaseEmpty, seedDemo } from './db/seed';
import { SessionService } from './auth/sessions';
import { OidcClient } from './auth/oidc';
import { loadSigningKey } from './auth/secret';
import { hashPassword, warmUpPasswordCheck } from './auth/password';
import { LoginThrottle } from './auth/throttle';
import type { AppContext } from './context';
import { FileStore } from './storage/files';
import { byteStoreOf } from './storage/byteStores';
import { createRealtimeHub } from './realtime';
import { followDataChanges } from './db/changes';
import { gazetteerWith } from './gazetteer';
import { createAdmin } from './cli/adminUser';
import { sql } from 'drizzle-orm';
import type { Db } from './db';
import { loadConfiguredResources } from './configured';

/** Any number: the advisory lock that makes concurrent first starts (on PostgreSQL) create one admin. */
const FIRST_ADMIN_LOCK = 7_240_311;

/**
 * The first admin of ADMIN_USERNAME / ADMIN_PASSWORD, created only while there is no staff user
 * at all: later starts change nothing (a password changed in the console stays changed, a
 * removed account does not come back). Returns its name when created now.
 */
async function createFirstAdmin(db: Db, config: Config): Promise<string | undefined> {
  if (!config.adminUsername || !(await isDatabaseEmpty(db))) return undefined;
  const passwordHash = await hashPassword(config.adminPassword);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    if (!(await isDatabaseEmpty(tx))) return undefined;
    return createAdmin(tx, {
      username: config.adminUsername!,
      passwordHash,
      how: 'at the first start (ADMIN_USERNAME)',
      resetExisting: false,
    });
  });
  return outcome?.name;
}

export async function createContext(
  config: Config,
  database?: Database,
): Promise<{
  ctx: AppContext;
  database: Database;
  seeded: boolean;
  /** The first admin created at this start (ADMIN_USERNAME), if any. */
  firstAdmin?: string;
  /** No staff user exists: nobody can sign in yet. */
  noUsers: boolean;
}> {
  const dbh = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await ensureBuiltInRoles(dbh.db);
  let seeded = false;
  const files = new FileStore(byteStoreOf(config));
  if (config.seed === 'demo' && (await isDatabaseEmpty(dbh.db))) {
    await seedDemo(dbh.db, { adminPassword: config.adminPassword, files });
    seeded = true;
  }
  const firstAdmin = await createFirstAdmin(dbh.db, config);
  const noUsers = await isDatabaseEmpty(dbh.db);
  const sessions = new SessionService(dbh.db, {
    secret: loadSigningKey(config),
    accessTokenTtlSec: config.accessTokenTtlSec,
    refreshTokenTtlSec: config.refreshTokenTtlSec,
  });
  warmUpPasswordCheck();
  const resources = await loadConfiguredResources(dbh.db, config.resourcesDir, undefined, { demo: seeded });
  const ctx: AppContext = {
    config,
    db: dbh.db,
    dbKind: dbh.kind,
    sessions,
    oidc: new OidcClient(config.oidc),
    loginThrottle: new LoginThrottle(dbh.db, config.loginThrottle),
    files,
    realtime: createRealtimeHub(config),
    gazetteer: gazetteerWith(config.geocoderUrl),
    resources,
  };
  followDataChanges(ctx.realtime);
  return { ctx, database: dbh, seeded, firstAdmin, noUsers };
}
