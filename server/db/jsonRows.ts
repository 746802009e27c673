/**
 * Rows read as one JSON text each. A driver decodes a result cell by cell, and at sixty-odd columns
 * (the installations list with its joins) that decoding costs more than the query: a 1,000-row
 * batch took PGlite 63 ms as columns and 32 ms as one JSON text per row; PostgreSQL 45 ms and 31 ms
 * (bench/installations.ts, the CSV export).
 *
 * `jsonSelection` takes a selection as `db.select()` does — tables, columns and typed SQL under
 * their keys — and gives one SQL expression (the row as JSON text) and the decoder that turns such
 * a text into what drizzle would have returned for the same selection: the same keys, Dates for
 * timestamps, JSON columns as parsed values, null for a table a LEFT JOIN found no row in.
 */
import { Column, SQL, Table, getTableColumns, is, sql } from 'drizzle-orm';

type Selected = Table | Column | SQL;

/** Column kinds whose JSON form decodes without loss; anything else is refused when the selection is built. */
const PLAIN = new Set(['PgSerial', 'PgInteger', 'PgSmallInt', 'PgText', 'PgVarchar', 'PgBoolean', 'PgDoublePrecision']);
const AS_IS = new Set([...PLAIN, 'PgJsonb', 'PgJson']);

function decoderOf(column: Column): (value: unknown) => unknown {
  if (AS_IS.has(column.columnType)) return (v) => v;
  // PostgreSQL writes a timestamptz in JSON with its offset ("2026-11-24T05:00:00.123456+00:00").
  if (column.columnType === 'PgTimestamp' && (column as unknown as { withTimezone: boolean }).withTimezone)
    return (v) => (v === null ? null : new Date(v as string));
  throw new Error(`jsonSelection: column "${column.name}" (${column.columnType}) has no lossless JSON decoding here`);
}

type Decoder = (raw: Record<string, unknown>, out: Record<string, unknown>) => void;

export function jsonSelection<Row>(selection: Record<string, Selected>): {
  expr: SQL<string>;
  decode(text: string): Row;
} {
  const pairs: SQL[] = [];
  const decoders: Decoder[] = [];
  for (const [key, item] of Object.entries(selection)) {
    if (is(item, Table)) {
      const columns = Object.entries(getTableColumns(item)).map(
        ([name, column]) => [name, column.name, decoderOf(column)] as const,
      );
      pairs.push(sql`${key}::text, to_json(${item})`);
      decoders.push((raw, out) => {
        const row = raw[key] as Record<string, unknown> | null;
        if (row === null) return void (out[key] = null);
        const decoded: Record<string, unknown> = {};
        for (const [name, dbName, decode] of columns) decoded[name] = decode(row[dbName] ?? null);
        out[key] = decoded;
      });
    } else if (is(item, Column)) {
      const decode = decoderOf(item);
      pairs.push(sql`${key}::text, ${item}`);
      decoders.push((raw, out) => void (out[key] = decode(raw[key] ?? null)));
    } else {
      pairs.push(sql`${key}::text, ${item}`);
      decoders.push((raw, out) => void (out[key] = raw[key] ?? null));
    }
  }
  // json_build_object takes at most 100 arguments: 50 keys, each a table or a value.
  if (pairs.length > 50) throw new Error('jsonSelection: at most 50 keys');
  return {
    expr: sql<string>`json_build_object(${sql.join(pairs, sql`, `)})::text`,
    decode(text) {
      const raw = JSON.parse(text) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const decode of decoders) decode(raw, out);
      return out as Row;
    },
  };
}
