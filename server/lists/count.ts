/** The row count of a list query, as a number on PGlite and on node-postgres alike. */
import { sql } from 'drizzle-orm';

export const COUNT = sql<number>`count(*)::int`;

export async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}
