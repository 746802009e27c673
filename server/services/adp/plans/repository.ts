/** Plans and trials of developer-portal users, data access: the plans, a user's trial written or removed. */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db';
import { adpPlans, adpTrials } from '../../../db/schema';

/** The plans a user can have, sorted by name. */
export const listPlans = (db: Executor) =>
  db
    .select({ name: adpPlans.name, displayName: adpPlans.displayName, isTrialPlan: adpPlans.isTrialPlan })
    .from(adpPlans)
    .orderBy(asc(adpPlans.name));

export async function planExists(db: Executor, name: string): Promise<boolean> {
  const [row] = await db.select({ name: adpPlans.name }).from(adpPlans).where(eq(adpPlans.name, name));
  return row !== undefined;
}

type Trial = Omit<typeof adpTrials.$inferInsert, 'userId'>;

export async function insertTrial(db: Executor, userId: number, trial: Trial): Promise<void> {
  await db.insert(adpTrials).values({ userId, ...trial });
}

/** Sets or replaces a user's trial. */
export async function upsertTrial(db: Executor, userId: number, trial: Trial): Promise<void> {
  await db
    .insert(adpTrials)
    .values({ userId, ...trial })
    .onConflictDoUpdate({ target: adpTrials.userId, set: trial });
}

/** Removes a user's trial; false when there was none. */
export async function deleteTrial(db: Executor, userId: number): Promise<boolean> {
  const removed = await db.delete(adpTrials).where(eq(adpTrials.userId, userId)).returning();
  return removed.length > 0;
}
