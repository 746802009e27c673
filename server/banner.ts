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
}

export function startBanner({ config, url, databaseKind, seeded, startedMs }: BannerInfo): string[] {
  const where = databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const password = config.adminPasswordFromEnv ? 'the password in ADMIN_PASSWORD' : config.adminPassword;
  return [
    `AQ Console ${config.version} ready in ${(startedMs / 1000).toFixed(1)} s`,
    `  console:  ${url}/`,
    `  database: ${where}${seeded ? ' (demo data seeded)' : ''}`,
    config.seed === 'demo'
      ? `  login:    admin / ${password}  (also viewer, technician, sales)`
      : '  no demo data: create the first admin with `npm run create-admin -- <username> <password>`',
  ];
}
