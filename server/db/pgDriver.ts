/** node-postgres, loaded on first use: a process on PGlite never loads it. */
import type pg from 'pg';

let pgDriver: Promise<typeof pg> | undefined;

/**
 * node-postgres, loaded when a PostgreSQL database is opened (a PGlite process never loads it, nor
 * drizzle's driver for it: ~60–120 ms of start-up), with bigint and numeric read as numbers, as
 * PGlite returns them.
 */
export function loadPg(): Promise<typeof pg> {
  return (pgDriver ??= import('pg').then(({ default: driver }) => {
    driver.types.setTypeParser(20, (v) => Number(v)); // int8
    driver.types.setTypeParser(1700, (v) => Number(v)); // numeric
    return driver;
  }));
}
