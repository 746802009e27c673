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
    const verdict: AttemptVerdict = { retryAfterSec: 0, newlyBlocked: [] };
    for (const [scope, value, limit] of checks) {
      if (limit <= 0) continue;
      const { failures, windowStart } = await this.bump(LoginThrottle.key(scope, value), now);
      if (failures <= limit) continue;
      const left = Math.max(1, Math.ceil((windowStart.getTime() + this.windowMs - now) / 1000));
      verdict.retryAfterSec = Math.max(verdict.retryAfterSec, left);
      if (failures === limit + 1) verdict.newlyBlocked.push(scope);
    }
    return verdict;
  }

  /** The password was right: the username starts over and the attempt no longer counts against the address. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, LoginThrottle.key('user', username)));
    await this.db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, LoginThrottle.key('address', address)));
  }

  /** One more attempt on a key: a new window when the last one has ended. */
  private async bump(key: string, now: number): Promise<{ failures: number; windowStart: Date }> {
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
      })
      .returning({ failures: loginThrottle.failures, windowStart: loginThrottle.windowStart });
    return row!;
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
