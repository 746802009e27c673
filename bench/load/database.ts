/**
 * The database the load and crash suites run on: a scratch PostgreSQL database (created next to
 * LOAD_DATABASE_URL / TEST_DATABASE_URL's, dropped at the end), migrated and seeded with the demo
 * network, then grown to `sensors` installed sensors so the simulator reports for that many.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db';
import { seedDemo } from '../../server/db/seed';

export const DEMO_PASSWORD = 'admin-demo-pass';

async function adminQuery(adminUrl: string, text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A new empty PostgreSQL database beside `adminUrl`'s; `drop()` removes it (BENCH_KEEP keeps it). */
export async function scratchDatabase(adminUrl: string, label: string) {
  const name = `aq_${label}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP) return console.log(`kept database ${name}`);
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The rows of a raw query, on PGlite or PostgreSQL. */
export async function queryRows(database: Database, text: string): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Adds installed sensors, each with a current installation and a measurement summary, up to `total` sensors. */
export async function growFleet(database: Database, total: number): Promise<number> {
  const exec = (text: string) => database.db.execute(sql.raw(text));
  const n = Number((await queryRows(database, `SELECT count(*)::int AS n FROM sensors`))[0]!.n);
  if (n >= total) return n;
  const [ids] = await queryRows(
    database,
    `SELECT (SELECT coalesce(max(id), 0) FROM sensors)::int AS sid, (SELECT coalesce(max(id), 0) FROM installations)::int AS iid`,
  );
  const sid = Number(ids!.sid);
  const iid = Number(ids!.iid);
  const add = total - n;
  const measured = `'["pm1","pm25","pm10","temperature","humidity","pressure"]'::jsonb`;
  await exec(
    `INSERT INTO sensors (id, sensor_token, communication, status, measured, created_at, last_measurement_at)
     SELECT ${sid} + g, md5('load' || g), 'GSM', 'Installed', ${measured}, now() - interval '400 days',
            now() - ((g % 60) || ' minutes')::interval
     FROM generate_series(1, ${add}) g`,
  );
  await exec(
    `INSERT INTO installations (id, installation_id, sensor_id, installation_date, status, is_visible, latitude, longitude,
                                country, country_local, country_id, state, city, city_local, street, number,
                                contact_full_name, contact_email, measured, factors)
     SELECT ${iid} + g, 5000000 + g, ${sid} + g, now() - ((g % 700) || ' days')::interval, 'Installed', g % 5 <> 0,
            49 + (g % 500) / 100.0, 14 + (g % 900) / 100.0, 'Poland', 'Polska', 'R49715', 'Voivodeship ' || (g % 16),
            'Load City ' || (g % 8), 'Load City ' || (g % 8), 'Street ' || (g % 400), (g % 120)::text,
            'Contact ' || g, 'load' || g || '@example.com', ${measured}, '{}'::jsonb
     FROM generate_series(1, ${add}) g`,
  );
  await exec(`UPDATE sensors SET current_installation_id = id - ${sid} + ${iid} WHERE id > ${sid}`);
  await exec(`SELECT setval(pg_get_serial_sequence('sensors', 'id'), ${sid + add})`);
  await exec(`SELECT setval(pg_get_serial_sequence('installations', 'id'), ${iid + add})`);
  await exec(
    `INSERT INTO measurement_summaries (sensor_id, last_measurement_at, values, active_hours)
     SELECT ${sid} + g, now() - ((g % 60) || ' minutes')::interval, '{"pm25": 12.5, "pm10": 20.1}'::jsonb, '[]'::jsonb
     FROM generate_series(1, ${add}) g`,
  );
  await exec('ANALYZE');
  return total;
}

/** A scratch database with the demo network grown to `sensors` sensors; closed, ready for the backends. */
export async function preparedDatabase(adminUrl: string, label: string, sensors: number) {
  const scratch = await scratchDatabase(adminUrl, label);
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await seedDemo(database.db, { adminPassword: DEMO_PASSWORD });
    await growFleet(database, sensors);
  } finally {
    await database.close();
  }
  return scratch;
}
