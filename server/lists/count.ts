/** The row count of a list query, as a number on PGlite and on node-postgres alike. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db';

export const COUNT = sql<number>`count(*)::int`;

export async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/**
 * The number of rows `matches` (a SELECT of the list's FROM and WHERE) returns; with `atMost`,
 * counted through a LIMIT, so the count stops there instead of reading every match.
 */
export function countMatches(db: Executor, matches: SQLWrapper, atMost?: number): Promise<number> {
  const from =
    atMost === undefined ? sql`(${matches}) as matches` : sql`(${matches} limit ${Math.trunc(atMost)}) as matches`;
  return countOf(db.select({ n: COUNT }).from(from));
}
