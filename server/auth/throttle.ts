/**
 * Password sign-in throttling: at most `maxFailuresPerUser` failed attempts per username and
 * `maxFailuresPerAddress` per client address in a fixed window (default 5 and 50 per 15 minutes);
 * past either, sign-in answers 429 with Retry-After until the window ends.
 *
 * - Counted in the database (table login_throttle): every process on one PostgreSQL shares the
 *   counts, and restarting a process does not hand an attacker a fresh budget.
 * - Each attempt is counted BEFORE the password is checked (one atomic upsert), so parallel guesses
 *   cannot all slip past the limit while their password checks run; a correct password then takes
 *   the attempt back: the username's count starts over and the address's count goes down by one.
 * - An attempt answered 429 counts no further: a key past its limit is not bumped again, and an
 *   attempt one limit refuses is not counted against the other (the address limit is not bumped
 *   for a blocked username, and the username's count takes back an attempt its address refused).
 *   So refused attempts against a username do not eat the budget of the address they come from
 *   (an office behind one NAT), nor the other way round.
 * - Windows end on their own: an attacker can hold a username back for one window at a time, never
 *   lock it for good. Unknown usernames are counted like known ones, so a 429 reveals nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { LoginThrottleConfig } from '../config';
import type { Executor } from '../db';
import { loginThrottle } from '../db/schema';

export type ThrottleScope = 'user' | 'address';

export interface AttemptVerdict {
  /** Seconds until another attempt may be made; 0 when this one may go ahead. */
  retryAfterSec: number;
  /** The limits this very attempt went past (the first refused attempt of a window), for the audit log. */
  newlyBlocked: ThrottleScope[];
}

export class LoginThrottle {
  constructor(
    private readonly db: Executor,
    readonly limits: LoginThrottleConfig,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  private static key(scope: ThrottleScope, value: string): string {
    return scope === 'user' ? `user:${value.toLowerCase()}` : `addr:${value}`;
  }

  private get windowMs(): number {
    return this.limits.windowSec * 1000;
  }

  /** Counts a sign-in attempt (before its password is checked) and says whether it may go ahead. */
  async attempt(username: string, address: string): Promise<AttemptVerdict> {
    const now = this.clock();
    await this.prune(now);
    const checks: [ThrottleScope, string, number][] = [
      ['user', username, this.limits.maxFailuresPerUser],
      ['address', address, this.limits.maxFailuresPerAddress],
    ];
    const counted: string[] = [];
    for (const [scope, value, limit] of checks) {
      if (limit <= 0) continue;
      const key = LoginThrottle.key(scope, value);
      const { failures, windowStart } = await this.bump(key, limit, now);
      if (failures <= limit) {
        counted.push(key);
        continue;
      }
      // Refused: the keys this attempt was counted on take it back; the key past its limit keeps
      // `limit + 1` (the first refusal, for the audit log) and counts nothing more this window.
      for (const k of counted) await this.takeBack(k);
      const retryAfterSec = Math.max(1, Math.ceil((windowStart.getTime() + this.windowMs - now) / 1000));
      return { retryAfterSec, newlyBlocked: failures === limit + 1 ? [scope] : [] };
    }
    return { retryAfterSec: 0, newlyBlocked: [] };
  }

  /** The password was right: the username starts over and the attempt no longer counts against the address. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, LoginThrottle.key('user', username)));
    await this.takeBack(LoginThrottle.key('address', address));
  }

  private async takeBack(key: string): Promise<void> {
    await this.db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, key));
  }

  /**
   * One more attempt on a key (a new window when the last one has ended), unless the key is
   * already past its limit: then nothing changes and its count is `limit + 2` (refused again).
   */
  private async bump(key: string, limit: number, now: number): Promise<{ failures: number; windowStart: Date }> {
    const at = new Date(now).toISOString();
    const ended = sql`${loginThrottle.windowStart} <= ${new Date(now - this.windowMs).toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${ended} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`case when ${ended} then ${at}::timestamptz else ${loginThrottle.windowStart} end`,
        },
        // A key already refusing is left alone: no row comes back.
        setWhere: sql`${ended} or ${loginThrottle.failures} <= ${limit}`,
      })
      .returning({ failures: loginThrottle.failures, windowStart: loginThrottle.windowStart });
    if (row) return row;
    const [held] = await this.db
      .select({ windowStart: loginThrottle.windowStart })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key));
    // Forgotten in between (its window ended and a parallel attempt pruned it): count afresh.
    if (!held) return this.bump(key, limit, now);
    return { failures: limit + 2, windowStart: held.windowStart };
  }

  /** Windows that ended are forgotten (the window_start index makes this a short range scan). */
  private async prune(now: number): Promise<void> {
    await this.db
      .delete(loginThrottle)
      .where(sql`${loginThrottle.windowStart} <= ${new Date(now - this.windowMs).toISOString()}::timestamptz`);
  }
}

/** "15 minutes", "1 minute", "30 seconds": for the 429 message and the audit record. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
