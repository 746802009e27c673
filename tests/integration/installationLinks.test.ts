/**
 * Reference columns hold row ids and are foreign keys (migration 0010_installation_links):
 * installations.predecessor_id / successor_id (row ids, never business numbers), the request an
 * installation fulfilled, the sensor and contractor of a history snapshot, sensor and contractor
 * tag values, the sensors of deployments and quarantines, a deployment's author and the outbox's
 * portal user. The demo seed satisfies every key; the migration repairs the chain links the
 * reinstall route used to write with business numbers (both directions, and the history
 * snapshots) and clears references to missing rows before adding the keys. Runs on PGlite, and on
 * PostgreSQL with TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../server/db';
import { databaseBefore, type ReplayedDatabase } from '../support/migrationReplay';
import { createTestApp, type TestApp } from '../support/testApp';

/** The foreign keys migration 0010 adds, with their ON DELETE action (a: no action, c: cascade, n: set null). */
const NEW_KEYS = {
  installations_predecessor_id_installations_id_fk: 'a',
  installations_successor_id_installations_id_fk: 'a',
  installations_installation_request_id_fk: 'n',
  installation_history_sensor_id_sensors_id_fk: 'a',
  installation_history_contractor_id_contractors_id_fk: 'a',
  sensor_tag_values_sensor_id_sensors_id_fk: 'c',
  contractor_tag_values_contractor_id_contractors_id_fk: 'c',
  deployment_sensors_sensor_id_sensors_id_fk: 'c',
  deployment_sensor_events_sensor_id_sensors_id_fk: 'c',
  quarantined_sensors_sensor_id_sensors_id_fk: 'c',
  quarantined_sensors_deployment_id_deployments_id_fk: 'n',
  deployments_created_by_staff_users_id_fk: 'n',
  adp_outbox_user_id_adp_users_id_fk: 'n',
};

async function rows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return JSON.parse(JSON.stringify(result.rows)) as T[];
}

async function keysOf(executor: Executor): Promise<Record<string, string>> {
  const found = await rows<{ conname: string; confdeltype: string }>(
    executor,
    sql`select conname, confdeltype from pg_constraint where contype = 'f'`,
  );
  const names = new Set(Object.keys(NEW_KEYS));
  return Object.fromEntries(found.filter((r) => names.has(r.conname)).map((r) => [r.conname, r.confdeltype]));
}

/** The PostgreSQL error code of a failed query (drizzle may wrap the driver's error). */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

describe('reference keys on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('exist, and every chain link of the seed is a row id of the same sensor that links back', async () => {
    expect(await keysOf(t.ctx.db)).toEqual(NEW_KEYS);
    const [check] = await rows<{ links: number; broken: number }>(
      t.ctx.db,
      sql`select
        (select count(*) from installations where predecessor_id is not null)::int as links,
        (select count(*) from installations n join installations p on p.id = n.predecessor_id
          where p.sensor_id <> n.sensor_id or p.successor_id is distinct from n.id)::int as broken`,
    );
    expect(check!.links).toBeGreaterThan(50);
    expect(check!.broken).toBe(0);
  });

  it('refuse a chain link, a request or a tag value that names no row', async () => {
    const d = t.ctx.db;
    const [one] = await rows<{ id: number; sensor_id: number }>(
      d,
      sql`select id, sensor_id from installations limit 1`,
    );
    for (const [label, statement] of [
      ['a predecessor', sql`update installations set predecessor_id = 2000000000 where id = ${one!.id}`],
      ['a successor', sql`update installations set successor_id = 2000000000 where id = ${one!.id}`],
      ['a request', sql`update installations set installation_request_id = 2000000000 where id = ${one!.id}`],
      [
        'a sensor tag value',
        sql`insert into sensor_tag_values (sensor_id, tag_id, value) select 2000000000, id, '1'::jsonb from tags limit 1`,
      ],
    ] as const) {
      const error = await d.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgCode(error), label).toBe('23503');
    }
  });
});

describe('migration 0010 on a database the old reinstall wrote to', () => {
  let replayed: ReplayedDatabase | undefined;

  afterAll(async () => {
    await replayed?.close();
  });

  it('turns business numbers into row ids in both directions and in the snapshots, keeping good links', async () => {
    replayed = await databaseBefore(10);
    expect(replayed.applied.at(-1)).toBe('0009_rollout_timeline');
    const d = replayed.db;
    expect(await keysOf(d)).toEqual({});

    const measured = JSON.stringify(['pm25']);
    await d.execute(sql`
      insert into sensors (id, sensor_token, communication, status, measured) values
        (1, 's1', 'GSM', 'Installed', ${measured}::jsonb), (2, 's2', 'GSM', 'Installed', ${measured}::jsonb),
        (3, 's3', 'GSM', 'Installed', ${measured}::jsonb), (4, 's4', 'GSM', 'Installed', ${measured}::jsonb),
        (5, 's5', 'GSM', 'Installed', ${measured}::jsonb), (6, 's6', 'GSM', 'Installed', ${measured}::jsonb)`);
    // [row id, business number, sensor, day installed, predecessor_id, successor_id] as written.
    const written: [number, number, number, number, number | null, number | null][] = [
      // Sensor 1 (the reported case): installed as row 10 / number 1019, then reinstalled three
      // times by the old route, which wrote business numbers on both sides. Read as a row id,
      // 1019 is an installation of sensor 2.
      [10, 1019, 1, 1, null, 2707],
      [11, 2707, 1, 2, 1019, 2708],
      [12, 2708, 1, 3, 2707, 2709],
      [13, 2709, 1, 4, 2708, null],
      [1019, 2698, 2, 1, null, null],
      // Sensor 3: a chain the seed wrote (row ids): untouched.
      [20, 1100, 3, 1, null, 21],
      [21, 1101, 3, 2, 20, null],
      // Sensor 4: 41 is both a row id (row 41) and a business number (row 40) of the sensor. Row
      // 40's predecessor (row 41, which links back) is right; row 43's is the reinstall's 41:
      // row 40, whose successor is row 43's business number 1301.
      [41, 1300, 4, 1, null, 40],
      [40, 41, 4, 2, 41, 1301],
      [43, 1301, 4, 3, 41, null],
      // Sensor 5: the predecessor lost its successor link; the new installation keeps a number.
      [50, 1400, 5, 1, null, null],
      [51, 1401, 5, 2, 1400, null],
      // Sensor 6: a predecessor that is nothing either way is cleared.
      [60, 1500, 6, 2, 999999, null],
    ];
    const values = sql.join(
      written.map(
        ([id, number, sensor, day, p, s]) =>
          sql`(${id}::int, ${number}::int, ${sensor}::int, ${`2026-01-0${day}T00:00:00Z`}::timestamptz, ${p}::int, ${s}::int)`,
      ),
      sql`, `,
    );
    await d.execute(sql`
      insert into installations (id, installation_id, sensor_id, installation_date, predecessor_id, successor_id, status, latitude, longitude, measured)
      select v.id, v.number, v.sensor, v.day, v.p, v.s, 'Installed', 50, 20, ${measured}::jsonb
      from (values ${values}) as v(id, number, sensor, day, p, s)`);
    // Snapshots the old route wrote of row 11: created (no successor yet), then closed.
    await d.execute(sql`
      insert into installation_history (installation_id, sensor_id, snapshot) values
        (11, 1, '{"id": 11, "installationId": 2707, "predecessorId": 1019, "successorId": null}'::jsonb),
        (11, 1, '{"id": 11, "installationId": 2707, "predecessorId": 1019, "successorId": 2708}'::jsonb),
        (21, 3, '{"id": 21, "installationId": 1101, "predecessorId": 20, "successorId": null}'::jsonb)`);
    // The outbox of a deleted portal user.
    await d.execute(sql`
      insert into adp_outbox (user_id, kind, recipient, subject, body) values (77, 'invitation', 'a@example.com', 'Hi', 'Hi')`);

    await replayed.migrateRest();

    expect(await keysOf(d)).toEqual(NEW_KEYS);
    const links = await rows<{ id: number; predecessor_id: number | null; successor_id: number | null }>(
      d,
      sql`select id, predecessor_id, successor_id from installations order by id`,
    );
    expect(Object.fromEntries(links.map((r) => [r.id, [r.predecessor_id, r.successor_id]]))).toEqual({
      10: [null, 11],
      11: [10, 12],
      12: [11, 13],
      13: [12, null],
      1019: [null, null],
      20: [null, 21],
      21: [20, null],
      41: [null, 40],
      40: [41, 43],
      43: [40, null],
      50: [null, 51],
      51: [50, null],
      60: [null, null],
    });
    expect(
      await rows(
        d,
        sql`select installation_id, snapshot -> 'predecessorId' as p, snapshot -> 'successorId' as s
            from installation_history order by id`,
      ),
    ).toEqual([
      { installation_id: 11, p: 10, s: null },
      { installation_id: 11, p: 10, s: 12 },
      { installation_id: 21, p: 20, s: null },
    ]);
    expect(await rows(d, sql`select user_id from adp_outbox`)).toEqual([{ user_id: null }]);
  });
});
