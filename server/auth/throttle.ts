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
 * - Attempts in flight hold budget they may give back: an attempt refused only because the rest of
 *   the username's budget is held by attempts whose passwords are still being checked (counted in
 *   the `pending:user:…` row, across processes) waits for them, up to PENDING_WAIT_MS, instead of
 *   answering 429 at once. When they succeed the count starts over and it goes ahead; when they fail
 *   their failures stand and it is refused. So many concurrent sign-ins with the right password all
 *   pass, while never more than `maxFailuresPerUser` password checks of one username run in a window
 *   without a success between them. Completed failures refuse at once, as before.
 * - Windows end on their own: an attacker can hold a username back for one window at a time, never
 *   lock it for good. Unknown usernames are counted like known ones, so a 429 reveals nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { LoginThrottleConfig } from '../config';
import type { Db, Executor } from '../db';
import { loginThrottle } from '../db/schema';

/** The longest an attempt waits for attempts in flight on its username before it is refused. */
export const PENDING_WAIT_MS = 10_000;
/** A waiting attempt looks again after this long, doubling up to PENDING_POLL_MAX_MS (few queries while checks run). */
const PENDING_POLL_MS = 25;
const PENDING_POLL_MAX_MS = 400;
/** A pending count not touched for this long is left over by a process that died: ignored. */
const PENDING_STALE_MS = 30_000;

/** The advisory lock class of sign-in decisions (the second key is the username's hash). */
const THROTTLE_LOCK = 7_240_312;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ThrottleScope = 'user' | 'address';

export interface AttemptVerdict {
  /** Seconds until another attempt may be made; 0 when this one may go ahead. */
  retryAfterSec: number;
  /** The limits this very attempt went past (the first refused attempt of a window), for the audit log. */
  newlyBlocked: ThrottleScope[];
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    readonly limits: LoginThrottleConfig,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  private static key(scope: ThrottleScope, value: string): string {
    return scope === 'user' ? `user:${value.toLowerCase()}` : `addr:${value}`;
  }

  private get windowMs(): number {
    return this.limits.windowSec * 1000;
  }

  /**
   * Counts a sign-in attempt (before its password is checked) and says whether it may go ahead.
   * One that may go ahead is in flight until `finished` is called for it (success or not).
   */
  async attempt(username: string, address: string): Promise<AttemptVerdict> {
    const waitUntil = Date.now() + PENDING_WAIT_MS;
    for (let poll = PENDING_POLL_MS; ; poll = Math.min(poll * 2, PENDING_POLL_MAX_MS)) {
      const verdict = await this.tryOnce(username, address);
      if (verdict !== 'wait') return verdict;
      if (Date.now() >= waitUntil) return this.tryOnce(username, address, false) as Promise<AttemptVerdict>;
      await pause(poll);
    }
  }

  /** The password check of an attempt that went ahead is over: it no longer holds budget in flight. */
  async finished(username: string): Promise<void> {
    if (this.limits.maxFailuresPerUser <= 0) return;
    await this.db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, windowStart: new Date(this.clock()) })
      .where(eq(loginThrottle.key, LoginThrottle.pendingKey(username)));
  }

  private static pendingKey(username: string): string {
    return `pending:${LoginThrottle.key('user', username)}`;
  }

  /** Attempts of this username in flight (password checks under way), across processes. */
  private async pending(db: Executor, username: string, now: number): Promise<number> {
    const [row] = await db
      .select({ failures: loginThrottle.failures, at: loginThrottle.windowStart })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, LoginThrottle.pendingKey(username)));
    if (!row || row.at.getTime() <= now - PENDING_STALE_MS) return 0;
    return row.failures;
  }

  private async addPending(db: Executor, username: string, now: number): Promise<void> {
    const stale = sql`${loginThrottle.windowStart} <= ${new Date(now - PENDING_STALE_MS).toISOString()}::timestamptz`;
    await db
      .insert(loginThrottle)
      .values({ key: LoginThrottle.pendingKey(username), failures: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`${new Date(now).toISOString()}::timestamptz`,
        },
      });
  }

  /** One try: a verdict, or 'wait' when the username's budget is held only by attempts in flight. */
  private async tryOnce(username: string, address: string, mayWait = true): Promise<AttemptVerdict | 'wait'> {
    const now = this.clock();
    await this.prune(this.db, now);
    // One decision at a time per username (across processes): a count it takes and its pending mark
    // are seen together by the next attempt.
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${THROTTLE_LOCK}, hashtext(${LoginThrottle.key('user', username)}))`,
      );
      return this.decide(tx, username, address, now, mayWait);
    });
  }

  private async decide(
    db: Executor,
    username: string,
    address: string,
    now: number,
    mayWait: boolean,
  ): Promise<AttemptVerdict | 'wait'> {
    const checks: [ThrottleScope, string, number][] = [
      ['user', username, this.limits.maxFailuresPerUser],
      ['address', address, this.limits.maxFailuresPerAddress],
    ];
    const counted: string[] = [];
    for (const [scope, value, limit] of checks) {
      if (limit <= 0) continue;
      const key = LoginThrottle.key(scope, value);
      const { failures, windowStart } = await this.bump(db, key, limit, now);
      if (failures <= limit) {
        counted.push(key);
        continue;
      }
      // Refused: the keys this attempt was counted on take it back; the key past its limit keeps
      // `limit + 1` (the first refusal, for the audit log) and counts nothing more this window.
      for (const k of counted) await this.takeBack(db, k);
      if (scope === 'user' && mayWait && (await this.pending(db, username, now)) > 0) {
        // Attempts in flight may yet give the budget back: undo this count (if it made one) and wait.
        if (failures === limit + 1) await this.takeBack(db, key);
        return 'wait';
      }
      const retryAfterSec = Math.max(1, Math.ceil((windowStart.getTime() + this.windowMs - now) / 1000));
      return { retryAfterSec, newlyBlocked: failures === limit + 1 ? [scope] : [] };
    }
    if (this.limits.maxFailuresPerUser > 0) await this.addPending(db, username, now);
    return { retryAfterSec: 0, newlyBlocked: [] };
  }

  /** The password was right: the username starts over and the attempt no longer counts against the address. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, LoginThrottle.key('user', username)));
    await this.takeBack(this.db, LoginThrottle.key('address', address));
  }

  private async takeBack(db: Executor, key: string): Promise<void> {
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, key));
  }

  /**
   * One more attempt on a key (a new window when the last one has ended), unless the key is
   * already past its limit: then nothing changes and its count is `limit + 2` (refused again).
   */
  private async bump(
    db: Executor,
    key: string,
    limit: number,
    now: number,
  ): Promise<{ failures: number; windowStart: Date }> {
    const at = new Date(now).toISOString();
    const ended = sql`${loginThrottle.windowStart} <= ${new Date(now - this.windowMs).toISOString()}::timestamptz`;
    const [row] = await db
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
    const [held] = await db
      .select({ windowStart: loginThrottle.windowStart })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key));
    // Forgotten in between (its window ended and a parallel attempt pruned it): count afresh.
    if (!held) return this.bump(db, key, limit, now);
    return { failures: limit + 2, windowStart: held.windowStart };
  }

  /** Windows that ended are forgotten (the window_start index makes this a short range scan). */
  private async prune(db: Executor, now: number): Promise<void> {
    await db
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
