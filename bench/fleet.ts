/**
 * A fleet of `n` installed sensors for the installations benchmarks, from generate_series: sensors,
 * their current installations (address, contact, factors on a third), 300 contractors on three
 * quarters of them, two installation tags with values on half, and measurement summaries (a third
 * measured within the 20 minutes that make an installation active; the active hours are epoch hours
 * of the last 72, as the simulator stores them: none on a tenth of the sensors, every ninth missing
 * on the rest, so the activity cells are as full as a working fleet's).
 *
 * `spread` places the installations: `grid` on a regular lattice over Poland (the list benchmark:
 * plans do not depend on it), `fleet` as a real fleet is (the map benchmark: 70 % within ~25 km of
 * eight cities, the rest anywhere in Poland's box, 6 decimals as the console stores them).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db';

/** Warsaw, Kraków, Łódź, Wrocław, Poznań, Gdańsk, Katowice, Lublin: name, latitude, longitude. */
export const FLEET_CITIES = [
  ['Warsaw', 52.23, 21.01],
  ['Krakow', 50.06, 19.94],
  ['Lodz', 51.76, 19.46],
  ['Wroclaw', 51.11, 17.03],
  ['Poznan', 52.41, 16.93],
  ['Gdansk', 54.35, 18.65],
  ['Katowice', 50.26, 19.02],
  ['Lublin', 51.25, 22.57],
] as const;

const MEASURED = `'["pm1","pm25","pm10","temperature","humidity","pressure"]'::jsonb`;

export async function fillFleet(db: Db, n: number, { spread }: { spread: 'grid' | 'fleet' }) {
  const exec = (statement: string) => db.execute(sql.raw(statement));
  const column = (i: 0 | 1 | 2) =>
    `(array[${FLEET_CITIES.map((c) => (typeof c[i] === 'string' ? `'${c[i]}'` : c[i])).join(',')}])`;
  const [names, lat, lng] = [column(0), column(1), column(2)];
  const coordinates =
    spread === 'grid'
      ? `49 + (g % 500) / 100.0, 14 + (g % 900) / 100.0`
      : `round((case when g % 10 < 7 then ${lat}[1 + g % 8] + (random() + random() + random() - 1.5) * 0.3
                     else 49.1 + random() * 5.6 end)::numeric, 6),
         round((case when g % 10 < 7 then ${lng}[1 + g % 8] + (random() + random() + random() - 1.5) * 0.45
                     else 14.2 + random() * 9.8 end)::numeric, 6)`;
  await exec('SELECT setseed(0.42)');
  await exec(`INSERT INTO contractors (name, type) SELECT 'Contractor ' || g, 'ACTION' FROM generate_series(1, 300) g`);
  await exec(
    `INSERT INTO tags (context, name, type, values) VALUES ('installations', 'Mounting', 'ENUM', '["Wall","Pole","Roof"]'), ('installations', 'Note', 'STRING', '[]')`,
  );
  for (let from = 1; from <= n; from += 50_000) {
    const to = Math.min(n, from + 49_999);
    await exec(
      `INSERT INTO sensors (id, sensor_token, communication, status, measured, created_at, last_measurement_at)
       SELECT g, md5('t' || g), 'GSM', 'Installed', ${MEASURED}, now() - interval '400 days', now() - ((g % 60) || ' minutes')::interval
       FROM generate_series(${from}, ${to}) g`,
    );
    await exec(
      `INSERT INTO installations (id, installation_id, sensor_id, installation_date, contractor_id, status, is_visible,
                                  latitude, longitude, country, country_local, country_id, state, city, city_local,
                                  street, number, contact_full_name, contact_email, measured, factors)
       SELECT g, 100000 + g, g, now() - ((g % 700) || ' days')::interval, case when g % 4 <> 0 then 1 + g % 300 end,
              'Installed', g % 5 <> 0, ${coordinates}, 'Poland', 'Polska', 'R49715',
              'Voivodeship ' || (g % 16), ${names}[1 + g % 8], ${names}[1 + g % 8], 'Street ' || (g % 400), (g % 120)::text,
              'Contact ' || g, 'c' || g || '@example.com', ${MEASURED},
              case when g % 3 = 0 then '{"pm25":{"A":0,"B":1.1,"C":0}}'::jsonb else '{}'::jsonb end
       FROM generate_series(${from}, ${to}) g`,
    );
  }
  await exec(`UPDATE sensors SET current_installation_id = id`);
  await exec(`SELECT setval(pg_get_serial_sequence('sensors', 'id'), ${n})`);
  await exec(`SELECT setval(pg_get_serial_sequence('installations', 'id'), ${n})`);
  await exec(
    `INSERT INTO measurement_summaries (sensor_id, last_measurement_at, values, active_hours)
     SELECT g, now() - ((g % 60) || ' minutes')::interval, '{"pm25": 12.5, "pm10": 20.1}'::jsonb,
            (SELECT coalesce(jsonb_agg(h), '[]'::jsonb) FROM generate_series(hour.now - 71, hour.now) h
             WHERE g % 10 <> 0 AND (h + g) % 9 <> 0)
     FROM generate_series(1, ${n}) g, (SELECT floor(extract(epoch from now()) / 3600)::int AS now) hour`,
  );
  await exec(
    `INSERT INTO installation_tag_values (installation_id, tag_id, value)
     SELECT g, t.id, case t.name when 'Mounting' then to_jsonb((array['Wall','Pole','Roof'])[1 + g % 3]) else to_jsonb('n' || g) end
     FROM generate_series(1, ${n}) g JOIN tags t ON t.context = 'installations' WHERE g % 2 = 0`,
  );
  // VACUUM too: otherwise autovacuum sets the visibility map of the new rows while a benchmark
  // runs, and index-only scans (the page ids, the counts) change speed in the middle of it.
  await exec('VACUUM ANALYZE');
}
