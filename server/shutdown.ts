/**
 * A graceful stop of one serving process (SIGTERM / SIGINT, server/index.ts): /readyz answers 503 at
 * once, the realtime sockets are closed with the protocol's "reconnect immediately" code (4200) so
 * clients move to another process, the server accepts no new connection (a new request on an open
 * keep-alive connection gets 503) and the requests in flight, CSV exports included, get `graceMs` to
 * finish; then the connections still open are closed. Resolves once the server is closed.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { markDraining } from './health';

export interface ShutdownOptions {
  graceMs: number;
  /** Run beside the server's close (the simulator's stop). */
  alongside?: () => Promise<void>;
  log?: (message: string) => void;
}

export async function gracefulShutdown(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'realtime'>,
  opts: ShutdownOptions,
): Promise<{ forced: boolean }> {
  const log = opts.log ?? (() => {});
  markDraining(app);
  let forced = false;
  const force = setTimeout(() => {
    forced = true;
    log(`grace period of ${opts.graceMs} ms over: closing the connections still open`);
    app.server.closeAllConnections();
  }, opts.graceMs);
  force.unref();
  const sockets = ctx.realtime.closeSockets();
  if (sockets) log(`${sockets} realtime socket(s) told to reconnect`);
  try {
    await Promise.all([opts.alongside?.(), app.close()]);
  } finally {
    clearTimeout(force);
  }
  return { forced };
}
