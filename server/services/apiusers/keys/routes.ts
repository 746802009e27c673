/**
 * API keys and the limits they are held to (beyond the spec; issue 12), on the API-user manager:
 *
 * - `POST /users/{id}/key` issues a new key (shown once, stored hashed; the previous key stops
 *   working at once). Needs edit_api_users; a provider-internal account also edit_api_users_internal.
 * - `GET /users/{id}/usage`: each period of the standard and samples limits as it stands (requests
 *   counted in the current window, what is left, when it ends) and the last 429.
 * - `GET /v1/ping` (standard limit) and `GET /v1/samples` (samples limit; 403 unless the samples API
 *   is on) stand for the operator's public API: the key in `X-API-Key` (401 without a valid one).
 *   Every answer to a valid key carries X-RateLimit-Limit, -Remaining and -Reset (seconds until the
 *   window ends) of the tightest period; past any period's limit the answer is 429 with Retry-After.
 *   The limit is read on every request, so a change applies to the next one.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_STANDARD_LIMIT, type LimitKind, type Limits } from '../../../../common/apiLimits';
import { LIMIT_PERIODS } from '../../../../common/domain';
import { audit } from '../../../audit';
import { apiUsers, installations, measurementSummaries } from '../../../db/schema';
import { forbidden, notFound, unauthorized } from '../../../http/errors';
import { idParam } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { API_KEY_HEADER, hashApiKey, looksLikeKey, newApiKey } from './keys';
import { RateLimitCounters, tightestOf, type PeriodState } from './limiter';

const params = z.object({ id: idParam });
const errorBody = z.object({ status: z.number(), message: z.string() });
const periodState = z.object({
  period: z.enum(LIMIT_PERIODS),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  resetSec: z.number().int().describe('Seconds until the current window ends; 0 when no window is open'),
});
const usage = z.object({
  id: z.number().int(),
  username: z.string(),
  keyPrefix: z.string().nullable(),
  keyIssuedAt: z.string().nullable(),
  lastRateLimitedAt: z.string().nullable(),
  lastRateLimitedKind: z.enum(['standard', 'samples']).nullable(),
  backend: z.enum(['database', 'redis']),
  standard: z.object({ custom: z.boolean(), periods: z.array(periodState) }),
  samples: z.object({ enabled: z.boolean(), periods: z.array(periodState) }).nullable(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const apiKeyRoutes: ServiceRoutes = (app, { db, config }) => {
  const counters = new RateLimitCounters({
    db,
    redisUrl: config.redisUrl,
    redisPrefix: config.apiRateLimitRedisPrefix,
  });
  app.addHook('onClose', () => counters.close());

  app.post(
    '/users/:id/key',
    {
      config: { permission: 'edit_api_users' },
      schema: {
        summary: 'Issue a new API key (shown once; the previous key stops working)',
        description:
          'Only a hash of the key is stored. A provider-internal account also needs edit_api_users_internal.',
        tags: ['keys'],
        params,
        response: {
          200: z.object({
            data: z.object({
              key: z.string(),
              keyPrefix: z.string(),
              keyIssuedAt: z.string(),
              user: z.object({ id: z.number().int(), username: z.string() }),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const issued = newApiKey();
      const result = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(apiUsers).where(eq(apiUsers.id, request.params.id)).for('update');
        if (!user) throw notFound(`API user ${request.params.id} does not exist`);
        if (user.internal && !principal.permissions.can('edit_api_users_internal'))
          throw forbidden(
            `${user.username} is an internal account: you need the edit_api_users_internal permission to issue its key`,
          );
        const now = new Date();
        await tx
          .update(apiUsers)
          .set({ keyHash: issued.hash, keyPrefix: issued.prefix, keyIssuedAt: now })
          .where(eq(apiUsers.id, user.id));
        await audit(
          tx,
          principal.actor,
          'ApiUserKeyIssued',
          `API user ${user.username}: new API key ${issued.prefix}…${user.keyPrefix ? ` (replaces ${user.keyPrefix}…)` : ''}`,
        );
        return { user, now };
      });
      void reply.header('cache-control', 'no-store');
      return {
        data: {
          key: issued.key,
          keyPrefix: issued.prefix,
          keyIssuedAt: result.now.toISOString(),
          user: { id: result.user.id, username: result.user.username },
        },
      };
    },
  );

  app.get(
    '/users/:id/usage',
    {
      config: { permission: 'view_api_users' },
      schema: {
        summary: 'Requests per period of the standard and samples limits, and the last 429',
        tags: ['keys'],
        params,
        response: { 200: z.object({ data: z.object({ usage }) }) },
      },
    },
    async (request) => {
      const [user] = await db.select().from(apiUsers).where(eq(apiUsers.id, request.params.id));
      if (!user) throw notFound(`API user ${request.params.id} does not exist`);
      const standardLimits = user.limitStandard ?? DEFAULT_STANDARD_LIMIT;
      const [standard, samples] = await Promise.all([
        counters.peek(user.id, 'standard', standardLimits),
        user.limitSamples ? counters.peek(user.id, 'samples', user.limitSamples) : Promise.resolve(null),
      ]);
      return {
        data: {
          usage: {
            id: user.id,
            username: user.username,
            keyPrefix: user.keyPrefix,
            keyIssuedAt: iso(user.keyIssuedAt),
            lastRateLimitedAt: iso(user.lastRateLimitedAt),
            lastRateLimitedKind: (user.lastRateLimitedKind as LimitKind | null) ?? null,
            backend: counters.backend,
            standard: { custom: user.limitStandard !== null, periods: standard },
            samples: samples ? { enabled: user.samplesApi, periods: samples } : null,
          },
        },
      };
    },
  );

  /** The user of the request's key, or a 401. */
  async function keyUser(header: unknown) {
    if (!looksLikeKey(header)) throw unauthorized('A valid API key is required in the X-API-Key header');
    const [user] = await db
      .select()
      .from(apiUsers)
      .where(eq(apiUsers.keyHash, hashApiKey(header)));
    if (!user) throw unauthorized('A valid API key is required in the X-API-Key header');
    return user;
  }

  function setRateHeaders(reply: FastifyReply, tightest: PeriodState) {
    void reply
      .header('x-ratelimit-limit', String(tightest.limit))
      .header('x-ratelimit-remaining', String(tightest.remaining))
      .header('x-ratelimit-reset', String(tightest.resetSec));
  }

  /** Counts the request against the limit; answers 429 (true) when past it. */
  async function limited(reply: FastifyReply, userId: number, kind: LimitKind, limits: Limits): Promise<boolean> {
    const verdict = await counters.consume(userId, kind, limits);
    setRateHeaders(reply, verdict.tightest);
    if (verdict.allowed) return false;
    await db
      .update(apiUsers)
      .set({ lastRateLimitedAt: new Date(), lastRateLimitedKind: kind })
      .where(eq(apiUsers.id, userId));
    void reply
      .status(429)
      .header('retry-after', String(verdict.retryAfterSec))
      .send({
        status: 429,
        message: `Rate limit exceeded: ${verdict.tightest.limit} requests per ${verdict.tightest.period}${kind === 'samples' ? ' (samples API)' : ''}; retry in ${verdict.retryAfterSec} s`,
      });
    return true;
  }

  const publicSchema = (summary: string, data: z.ZodType) => ({
    summary,
    description:
      'Authenticated by the API key in the X-API-Key header. Answers carry X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset of the tightest period; past a limit, 429 with Retry-After.',
    tags: ['public'],
    security: [],
    headers: z.object({ 'x-api-key': z.string().max(200).optional() }),
    response: {
      200: z.object({ data }).describe('OK (with the rate-limit headers)'),
      401: errorBody,
      403: errorBody,
      429: errorBody.describe('Too many requests (with Retry-After)'),
    },
  });

  app.get(
    '/v1/ping',
    {
      config: { public: true },
      schema: publicSchema(
        'A call of the public API held to the standard limit',
        z.object({ pong: z.literal(true), user: z.string(), time: z.string() }),
      ),
    },
    async (request, reply) => {
      const user = await keyUser(request.headers[API_KEY_HEADER]);
      if (await limited(reply, user.id, 'standard', user.limitStandard ?? DEFAULT_STANDARD_LIMIT)) return reply;
      return { data: { pong: true as const, user: user.username, time: new Date().toISOString() } };
    },
  );

  app.get(
    '/v1/samples',
    {
      config: { public: true },
      schema: publicSchema(
        'A call of the samples API held to the samples limit (403 unless the samples API is on)',
        z.object({
          samples: z.array(
            z.object({
              installationId: z.number().int(),
              latitude: z.number(),
              longitude: z.number(),
              measuredAt: z.string().nullable(),
              values: z.record(z.string(), z.number()),
            }),
          ),
        }),
      ),
    },
    async (request, reply) => {
      const user = await keyUser(request.headers[API_KEY_HEADER]);
      if (!user.samplesApi || !user.limitSamples) {
        // Nothing is counted; the headers tell where the standard limit stands.
        const standard = await counters.peek(user.id, 'standard', user.limitStandard ?? DEFAULT_STANDARD_LIMIT);
        setRateHeaders(reply, tightestOf(standard));
        throw forbidden(`The samples API is not enabled for ${user.username}`);
      }
      if (await limited(reply, user.id, 'samples', user.limitSamples)) return reply;
      const rows = await db
        .select({
          installationId: installations.installationId,
          latitude: installations.latitude,
          longitude: installations.longitude,
          measuredAt: measurementSummaries.lastMeasurementAt,
          values: measurementSummaries.values,
        })
        .from(installations)
        .innerJoin(measurementSummaries, eq(measurementSummaries.sensorId, installations.sensorId))
        .where(and(isNull(installations.removedAt), eq(installations.isVisible, true)))
        .orderBy(asc(installations.installationId))
        .limit(10);
      return { data: { samples: rows.map((r) => ({ ...r, measuredAt: iso(r.measuredAt) })) } };
    },
  );
};
