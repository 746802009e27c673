/**
 * The `resources` service (`/resources-api`): every resource added by configuration, answered in
 * the simple REST dialect (./dialect.ts) at `/<name>`:
 *
 *   GET    /<name>          list (paging, sort, field filters, `q`, and `query` for stored ones)
 *   GET    /<name>/export   every matching row as CSV, streamed (when `access.export` is declared)
 *   GET    /<name>/{id}     one row
 *   POST   /<name>          create (access.create)
 *   PUT    /<name>/{id}     update (access.edit)
 *   DELETE /<name>/{id}     delete (when access.delete is declared)
 *
 * Stored resources go through the shared list builder (server/lists/) over the table built from
 * their fields; their writes run in one transaction with their audit record. Proxied resources
 * are read and written on the remote service (./proxy.ts) after the same permission checks, each
 * successful write audited once. Rows are gated by the fields' permissions either way.
 */
import type { ServiceRoutes } from '../http/service';
import type { ConfiguredResource } from '.';
import { remoteRoutes } from './remoteRoutes';
import { storedRoutes } from './storedRoutes';
import { referenceTables } from './writes';

/** The routes of every configured resource of this process. */
export const configuredResourceRoutes: ServiceRoutes = (app, ctx) => {
  const served: readonly ConfiguredResource[] = ctx.resources?.served ?? [];
  const references = referenceTables(served);
  for (const r of served) {
    // A declaration the routes cannot be built from leaves that resource out, never the server.
    try {
      if (r.kind === 'stored') storedRoutes(app, ctx, r.entity, r.table, references);
      else remoteRoutes(app, ctx, r.entity, references);
    } catch (err) {
      const line = `${r.entity.name}: its routes could not be built (${(err as Error).message})`;
      ctx.resources?.problems.push(line);
      console.error(`resources: skipped ${line}`);
    }
  }
};
