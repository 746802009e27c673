/** Opens the database, seeds it when empty, and builds the app context. Shared by `npm start` and tests. */
import type { Config } from './config';
import { openDatabase, type Database } from './db';
import { ensureBuiltInRoles, isDatabaseEmpty, seedDemo } from './db/seed';
import { SessionService } from './auth/sessions';
import { OidcClient } from './auth/oidc';
import { loadSigningKey } from './auth/secret';
import { warmUpPasswordCheck } from './auth/password';
import { LoginThrottle } from './auth/throttle';
import type { AppContext } from './context';
import path from 'node:path';
import { FileStore } from './storage/files';
import { createRealtimeHub } from './realtime';
import { gazetteerWith } from './gazetteer';

export async function createContext(
  config: Config,
  database?: Database,
): Promise<{ ctx: AppContext; database: Database; seeded: boolean }> {
  const dbh = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await ensureBuiltInRoles(dbh.db);
  let seeded = false;
  const files = new FileStore(path.join(config.dataDir, 'files'));
  if (config.seed === 'demo' && (await isDatabaseEmpty(dbh.db))) {
    await seedDemo(dbh.db, { adminPassword: config.adminPassword, files });
    seeded = true;
  }
  const sessions = new SessionService(dbh.db, {
    secret: loadSigningKey(config),
    accessTokenTtlSec: config.accessTokenTtlSec,
    refreshTokenTtlSec: config.refreshTokenTtlSec,
  });
  warmUpPasswordCheck();
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
  };
  return { ctx, database: dbh, seeded };
}
