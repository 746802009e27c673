/**
 * Shared request schemas for database ids: every id column is a PostgreSQL `integer` (int4), so
 * an id outside 1..2,147,483,647 can name no row and must be a 400 at validation, not an overflow
 * in the database. Routes declare ids only through these.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column. */
export const INT4_MAX = 2_147_483_647;

/** A database id in a JSON body. */
export const dbId = z.number().int().positive().max(INT4_MAX);

/** A database id in a path parameter or query string (text coerced to a number). */
export const idParam = z.coerce.number().int().positive().max(INT4_MAX);

/** `/:id` path parameters. */
export const idParams = z.object({ id: idParam });
