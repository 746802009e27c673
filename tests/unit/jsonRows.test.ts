/** jsonSelection: one JSON text per row, decoded into drizzle's shape (the database side is in installationExport.test.ts). */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonSelection } from '../../server/db/jsonRows';

const things = pgTable('things', {
  id: integer('id').notNull(),
  displayName: text('display_name'),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  tags: jsonb('tags'),
});

describe('jsonSelection', () => {
  it('decodes tables by column name, Dates from timestamptz text, JSON columns as written', () => {
    const { decode } = jsonSelection<Record<string, unknown>>({ t: things, name: things.displayName, n: sql`1` });
    const row = decode(
      JSON.stringify({
        t: { id: 7, display_name: 'Seven', seen_at: '2026-11-24T05:00:00.123456+01:00', tags: '123' },
        name: 'Seven',
        n: 1,
      }),
    );
    expect(row).toEqual({
      t: { id: 7, displayName: 'Seven', seenAt: new Date('2026-11-24T04:00:00.123Z'), tags: '123' },
      name: 'Seven',
      n: 1,
    });
  });

  it('gives null for a table a LEFT JOIN found no row in, and for missing values', () => {
    const { decode } = jsonSelection<Record<string, unknown>>({ t: things, name: things.displayName });
    expect(decode('{"t":null,"name":null}')).toEqual({ t: null, name: null });
  });

  it('refuses columns whose JSON form it cannot decode without loss', () => {
    const local = pgTable('local', { at: timestamp('at'), day: date('day') });
    expect(() => jsonSelection({ at: local.at })).toThrow(/at.*PgTimestamp/);
    expect(() => jsonSelection({ day: local.day })).toThrow(/day/);
  });
});
