/**
 * The rate limits of API keys, enforced for real (beyond the spec; issue 12): each request with a key
 * counts once against every period its limit sets, in fixed windows that start at a window's first
 * request (rate-limiter-flexible). Counters live in the app's own database (RateLimiterDrizzle over
 * the `api_rate_limits` table, PGlite or PostgreSQL) or, with REDIS_URL set, in Redis
 * (RateLimiterRedis), so every backend process shares them.
 *
 * A counter's key is the user, the limit kind and the period — never the limit value — so a limit
 * changed in the console applies to the very next request (with the requests already counted in the
 * current window). Refused requests are counted too.
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import {
  LIMIT_PERIOD_SECONDS,
  limitEntries,
  type LimitKind,
  type LimitPeriod,
  type Limits,
} from '../../../../common/apiLimits';
import type { Executor } from '../../../db';
import { apiRateLimits } from '../../../db/schema';

/** One period of a limit as it stands. */
export interface PeriodState {
  period: LimitPeriod;
  limit: number;
  /** Requests counted in the current window (refused ones included). */
  used: number;
  remaining: number;
  /** Seconds until the current window ends (0: no window open). */
  resetSec: number;
}

export interface Verdict {
  allowed: boolean;
  /** The period the X-RateLimit-* headers describe: the fewest requests left (for a refusal, the one that refused the longest). */
  tightest: PeriodState;
  /** For a refusal: seconds until every exceeded period has a new window. */
  retryAfterSec: number;
  periods: PeriodState[];
}

/** The counters behind the limits: what a RateLimiterDrizzle/RateLimiterRedis pair provides. */
export interface LimitCounters {
  /** Counts one request against every period of `limits` and says whether it may go ahead. */
  consume(userId: number, kind: LimitKind, limits: Limits): Promise<Verdict>;
  /** The periods of `limits` as they stand, without counting a request. */
  peek(userId: number, kind: LimitKind, limits: Limits): Promise<PeriodState[]>;
  readonly backend: 'database' | 'redis';
  close(): Promise<void>;
}

export interface LimitCountersOptions {
  db: Executor;
  /** Counters in Redis instead of the database. */
  redisUrl?: string;
  /** Prefix of every Redis key (tests give each run its own). */
  redisPrefix?: string;
}

const seconds = (ms: number) => (ms > 0 ? Math.ceil(ms / 1000) : 0);

function state(period: LimitPeriod, limit: number, res: RateLimiterRes | null): PeriodState {
  const used = res?.consumedPoints ?? 0;
  return {
    period,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetSec: res ? seconds(res.msBeforeNext) : 0,
  };
}

/** The period with the fewest requests left; among equals the one whose window ends last. */
function tightestOf(periods: PeriodState[]): PeriodState {
  return periods.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSec > a.resetSec) ? b : a,
  );
}

export class RateLimitCounters implements LimitCounters {
  readonly backend: 'database' | 'redis';
  /** The Redis client; ioredis is loaded here, so a process without Redis never loads it. */
  private readonly redis?: Promise<Redis>;
  /** One limiter per kind, period and limit value (the value is the limiter's `points`). */
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private janitor = false;

  constructor(private readonly opts: LimitCountersOptions) {
    this.backend = opts.redisUrl ? 'redis' : 'database';
    if (opts.redisUrl) {
      const url = opts.redisUrl;
      this.redis = import('ioredis').then(({ Redis }) => {
        const redis = new Redis(url, { maxRetriesPerRequest: 2 });
        redis.on('error', () => {}); // a refused request reports it (503); do not crash the process
        return redis;
      });
    }
  }

  private async limiter(kind: LimitKind, period: LimitPeriod, points: number): Promise<RateLimiterAbstract> {
    const id = `${kind}:${period}:${points}`;
    let limiter = this.limiters.get(id);
    if (limiter) return limiter;
    const redis = await this.redis;
    // Made meanwhile by a concurrent caller.
    limiter = this.limiters.get(id);
    if (limiter) return limiter;
    if (this.limiters.size > 5000) this.limiters.clear();
    const common = { keyPrefix: `apikey:${kind}:${period}`, points, duration: LIMIT_PERIOD_SECONDS[period] };
    if (redis) {
      limiter = new RateLimiterRedis({
        ...common,
        keyPrefix: `${this.opts.redisPrefix ?? 'aq-console:ratelimit'}:${common.keyPrefix}`,
        storeClient: redis,
      });
    } else {
      // The first limiter also removes windows that ended over an hour ago, every five minutes.
      limiter = new RateLimiterDrizzle({
        ...common,
        storeClient: this.opts.db,
        schema: apiRateLimits,
        clearExpiredByTimeout: !this.janitor,
      } as ConstructorParameters<typeof RateLimiterDrizzle>[0]) as RateLimiterStoreAbstract;
      this.janitor = true;
    }
    this.limiters.set(id, limiter);
    return limiter;
  }

  async consume(userId: number, kind: LimitKind, limits: Limits): Promise<Verdict> {
    const entries = limitEntries(limits);
    if (entries.length === 0) throw new Error('A limit without any period');
    const outcomes = await Promise.all(
      entries.map(async ([period, limit]) => {
        try {
          return {
            period,
            limit,
            res: await (await this.limiter(kind, period, limit)).consume(String(userId)),
            refused: false,
          };
        } catch (err) {
          // A refusal rejects with the counter's state; anything else is the store failing.
          if (err instanceof RateLimiterRes) return { period, limit, res: err, refused: true };
          throw err;
        }
      }),
    );
    const periods = outcomes.map((o) => state(o.period, o.limit, o.res));
    const refused = periods.filter((_, i) => outcomes[i]!.refused);
    if (refused.length === 0) return { allowed: true, tightest: tightestOf(periods), retryAfterSec: 0, periods };
    const longest = refused.reduce((a, b) => (b.resetSec > a.resetSec ? b : a));
    return { allowed: false, tightest: longest, retryAfterSec: Math.max(1, longest.resetSec), periods };
  }

  async peek(userId: number, kind: LimitKind, limits: Limits): Promise<PeriodState[]> {
    return Promise.all(
      limitEntries(limits).map(async ([period, limit]) =>
        state(period, limit, await (await this.limiter(kind, period, limit)).get(String(userId))),
      ),
    );
  }

  async close(): Promise<void> {
    this.limiters.clear();
    const redis = await this.redis;
    if (redis) await redis.quit().catch(() => redis.disconnect());
  }
}

export { tightestOf };
