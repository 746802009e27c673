/**
 * `Idempotency-Key` for create calls that must not run twice (a double submit, a retry after a
 * lost answer): spread `idempotent(db)` into a route's options.
 *
 * - No header: the route behaves as before.
 * - A new key: the request runs; a 2xx answer (status, content headers, body) is stored for
 *   24 hours under user + route + key. A failure is not stored, so the same key may be retried.
 * - A stored key with the same request (validated body and Accept header): the stored answer is
 *   sent again with `Idempotent-Replayed: true`, and nothing runs.
 * - The same key with a different request: 422. While the first request still runs: 409.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './db';
import { idempotencyKeys } from './db/schema';
import { badRequest, conflict, unprocessable } from './http/errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request that has not answered within this time is taken as lost (a crashed process). */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Answer headers worth replaying; the rest (date, length…) are set afresh. */
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'cache-control'];

interface Reservation {
  userId: number;
  route: string;
  key: string;
}

const reservations = new WeakMap<FastifyRequest, Reservation>();
const lastPurge = new WeakMap<Db, number>();

function fingerprintOf(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ body: request.body ?? null, accept: request.headers.accept ?? '' }))
    .digest('hex');
}

async function purgeExpired(db: Db, now: number): Promise<void> {
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}

export function idempotent(db: Db) {
  const where = (r: Reservation) =>
    and(eq(idempotencyKeys.userId, r.userId), eq(idempotencyKeys.route, r.route), eq(idempotencyKeys.key, r.key));

  /** Runs after authentication and validation: reserves the key, or answers from what is stored. */
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
    const now = Date.now();
    await purgeExpired(db, now);
    const r: Reservation = {
      userId: request.principal.user.id,
      route: `${request.method} ${request.routeOptions.url}`,
      key,
    };
    const fingerprint = fingerprintOf(request);

    for (let attempt = 0; attempt < 2; attempt++) {
      // An expired key, or a first request that never answered, no longer holds the key.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            where(r),
            sql`(${idempotencyKeys.createdAt} < ${new Date(now - IDEMPOTENCY_TTL_MS)} or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < ${new Date(now - ABANDONED_AFTER_MS)}))`,
          ),
        );
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ ...r, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length) {
        reservations.set(request, r);
        return;
      }
      const [stored] = await db.select().from(idempotencyKeys).where(where(r));
      if (!stored) continue; // removed in between (the first request failed): try to reserve again
      if (stored.fingerprint !== fingerprint)
        throw unprocessable('This Idempotency-Key was already used for a different request; send a new key');
      if (stored.status === null) throw conflict('A request with this Idempotency-Key is still being processed');
      void reply
        .status(stored.status)
        .headers({ ...stored.headers, 'idempotent-replayed': 'true' })
        .send(Buffer.from(stored.bodyBase64 ?? '', 'base64'));
      return reply;
    }
    throw conflict('A request with this Idempotency-Key is still being processed');
  }

  /** Stores a successful first answer; forgets the key after a failure so it can be retried. */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const r = reservations.get(request);
    if (!r) return payload;
    reservations.delete(request);
    const body =
      typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.isBuffer(payload) ? payload : undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && body !== undefined) {
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, headers, bodyBase64: body.toString('base64') })
        .where(where(r));
    } else {
      await db.delete(idempotencyKeys).where(where(r));
    }
    return payload;
  }

  return { preHandler, onSend };
}
