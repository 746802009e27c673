/**
 * The start-up banner of `npm start`: version, URL, database and how to sign in. It never prints a
 * secret: a password set through ADMIN_PASSWORD is referred to by name, only the documented demo
 * default is shown as is.
 */
import type { Config } from './config';

export interface BannerInfo {
  config: Pick<Config, 'version' | 'seed' | 'adminPassword' | 'adminPasswordFromEnv' | 'dataDir'>;
  url: string;
  databaseKind: 'pglite' | 'postgres';
  seeded: boolean;
  startedMs: number;
  /** The first admin created at this start (ADMIN_USERNAME). */
  firstAdmin?: string;
  /** No staff user exists yet. */
  noUsers?: boolean;
}

/** How to sign in without the demo data: the admin just created, or how to create one. */
function firstAdminLine({ databaseKind, firstAdmin, noUsers }: BannerInfo): string {
  if (firstAdmin) return `  login:    ${firstAdmin} / the password in ADMIN_PASSWORD  (first admin, created now)`;
  if (!noUsers) return '  no demo data (SEED=none)';
  return databaseKind === 'pglite'
    ? '  no users yet: restart with ADMIN_USERNAME and ADMIN_PASSWORD set to create the first admin'
    : '  no users yet: run `npm run create-admin -- <username> <password>`, or restart with ADMIN_USERNAME and ADMIN_PASSWORD';
}

export function startBanner(info: BannerInfo): string[] {
  const { config, url, databaseKind, seeded, startedMs } = info;
  const where = databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const password = config.adminPasswordFromEnv ? 'the password in ADMIN_PASSWORD' : config.adminPassword;
  return [
    `AQ Console ${config.version} ready in ${(startedMs / 1000).toFixed(1)} s`,
    `  console:  ${url}/`,
    `  database: ${where}${seeded ? ' (demo data seeded)' : ''}`,
    config.seed === 'demo' ? `  login:    admin / ${password}  (also viewer, technician, sales)` : firstAdminLine(info),
  ];
}
