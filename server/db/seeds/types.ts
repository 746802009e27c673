/**
 * A standalone seed module: the rows one table gets in the demo data set, drawn from nothing else.
 * Every file of this folder whose default export is one is picked up by the demo seed — adding a
 * declaration-only resource needs no change to server/db/seed.ts.
 */
import type { PgTable } from 'drizzle-orm/pg-core';

export interface SeedContext {
  now: Date;
  /** The data set's PRNG seed, for modules that draw random data. */
  seed: number;
}

export interface SeedModule {
  /** SQL table name (also the key of the seed summary's counts). */
  name: string;
  table: PgTable;
  rows(ctx: SeedContext): object[];
  /** Serial id column whose sequence must move past the seeded ids. */
  serial?: string;
}

export const defineSeed = (module: SeedModule): SeedModule => module;
