/** What the HTTP benchmarks share: the real app on a filled database, listening, with an admin token. */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db';
import { roles, staffUsers } from '../server/db/schema';
import { createContext } from '../server/start';

export async function listeningApp(database: Database) {
  const config = {
    ...loadConfig({ ...process.env, SEED: 'none' }),
    jwtSecret: 'bench-secret-0123456789abcdef',
    consoleDir: '/nonexistent',
    simulator: false,
  };
  const { ctx } = await createContext(config, database);
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.name} = 'admin'`);
  const [user] = await ctx.db
    .insert(staffUsers)
    .values({ name: 'bench', roleId: role!.id })
    .returning({ id: staffUsers.id });
  const token = (await ctx.sessions.startSession(ctx.db, user!.id)).tokens.accessToken;
  return { ctx, app, port, token };
}
