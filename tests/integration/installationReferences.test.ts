/**
 * The installation references are foreign keys (migration 0004_installation_references, and 0010 for the chain links): a
 * sensor's current installation, the installation history snapshots and the installation tag
 * values all point at installations.id. No orphan row can be written; deleting a sensor's current
 * installation is refused, deleting another installation takes its snapshots and tag values with
 * it; the demo seed satisfies the keys, and the migration repairs orphans of an existing database
 * before adding them. Runs on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../server/db';
import { installationHistory, installationTagValues, installations, sensors, tags } from '../../server/db/schema';
import { databaseBefore, type ReplayedDatabase } from '../support/migrationReplay';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
const db = () => t.ctx.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The PostgreSQL error code of a failed query (drizzle may wrap the driver's error). */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Expects the statement to fail on a foreign key: 23503 (foreign_key_violation). Deleting a row
 * an ON DELETE RESTRICT key holds is 23503 up to PostgreSQL 17 and 23001 (restrict_violation)
 * from 18 on (PGlite).
 */
async function expectForeignKeyViolation(statement: PromiseLike<unknown>, label: string, codes = ['23503']) {
  const error = await Promise.resolve(statement).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${label} must be refused`).not.toBeNull();
  expect(codes, label).toContain(pgCode(error));
}

const CONSTRAINTS = {
  sensors_current_installation_id_installations_id_fk: 'r', // restrict
  installation_history_installation_id_installations_id_fk: 'c', // cascade
  installation_tag_values_installation_id_installations_id_fk: 'c',
  // Migration 0010: the chain links (no action: a whole chain can be deleted, not one link of it).
  installations_predecessor_id_installations_id_fk: 'a',
  installations_successor_id_installations_id_fk: 'a',
};

async function constraintsOf(executor: Executor): Promise<Record<string, string>> {
  const result = await executor.execute(
    sql`select conname, confdeltype from pg_constraint where contype = 'f' and conname like '%installations_id_fk'`,
  );
  const rows = (result as unknown as { rows: { conname: string; confdeltype: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.conname, r.confdeltype]));
}

async function counts(installationId: number) {
  const [h] = await db()
    .select({ n: count() })
    .from(installationHistory)
    .where(eq(installationHistory.installationId, installationId));
  const [v] = await db()
    .select({ n: count() })
    .from(installationTagValues)
    .where(eq(installationTagValues.entityId, installationId));
  return { history: Number(h!.n), tagValues: Number(v!.n) };
}

async function installationTag(): Promise<number> {
  const [tag] = await db()
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.context, 'installations'), eq(tags.type, 'INTEGER')))
    .limit(1);
  return tag!.id;
}

describe('installation references', () => {
  it('are foreign keys that the demo seed satisfies', async () => {
    expect(await constraintsOf(db())).toEqual(CONSTRAINTS);
    const orphans = await db().execute(sql`
      select
        (select count(*) from sensors s where s.current_installation_id is not null
           and not exists (select 1 from installations i where i.id = s.current_installation_id))::int as sensors,
        (select count(*) from installation_history h
           where not exists (select 1 from installations i where i.id = h.installation_id))::int as history,
        (select count(*) from installation_tag_values v
           where not exists (select 1 from installations i where i.id = v.installation_id))::int as tag_values,
        (select count(*) from sensors where current_installation_id is not null)::int as linked`);
    const [row] = (orphans as unknown as { rows: Record<string, number>[] }).rows;
    expect(row).toMatchObject({ sensors: 0, history: 0, tag_values: 0 });
    expect(row!.linked).toBeGreaterThan(100);
  });

  it('refuse orphan rows in sensors, installation_history and installation_tag_values', async () => {
    const [{ top }] = (await db()
      .select({ top: max(installations.id) })
      .from(installations)) as [{ top: number }];
    const missing = Number(top) + 1000;
    const [sensor] = await db()
      .select({ id: sensors.id, current: sensors.currentInstallationId })
      .from(sensors)
      .where(isNotNull(sensors.currentInstallationId))
      .limit(1);
    await expectForeignKeyViolation(
      db().update(sensors).set({ currentInstallationId: missing }).where(eq(sensors.id, sensor!.id)),
      'a sensor at a missing installation',
    );
    await expectForeignKeyViolation(
      db().insert(installationHistory).values({ installationId: missing, sensorId: sensor!.id, snapshot: {} }),
      'a snapshot of a missing installation',
    );
    await expectForeignKeyViolation(
      db()
        .insert(installationTagValues)
        .values({ entityId: missing, tagId: await installationTag(), value: 1 }),
      'a tag value of a missing installation',
    );
    const [after] = await db()
      .select({ current: sensors.currentInstallationId })
      .from(sensors)
      .where(eq(sensors.id, sensor!.id));
    expect(after!.current).toBe(sensor!.current);
    expect(await counts(missing)).toEqual({ history: 0, tagValues: 0 });
  });

  it("refuse deleting a sensor's current installation", async () => {
    const [sensor] = await db()
      .select({ id: sensors.id, current: sensors.currentInstallationId })
      .from(sensors)
      .where(isNotNull(sensors.currentInstallationId))
      .limit(1);
    const before = await counts(sensor!.current!);
    expect(before.history).toBeGreaterThan(0);
    await expectForeignKeyViolation(
      db().delete(installations).where(eq(installations.id, sensor!.current!)),
      'deleting a current installation',
      ['23503', '23001'],
    );
    const [still] = await db()
      .select({ id: installations.id })
      .from(installations)
      .where(eq(installations.id, sensor!.current!));
    expect(still).toBeDefined();
    expect(await counts(sensor!.current!)).toEqual(before);
  });

  it("refuse deleting an installation out of the middle of a sensor's chain", async () => {
    const result = await db().execute(sql`
      select p.id from installations p join installations n on n.predecessor_id = p.id order by p.id limit 1`);
    const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await expectForeignKeyViolation(
      db().delete(installations).where(eq(installations.id, id)),
      'deleting an installation another one follows',
    );
    expect(await db().select({ id: installations.id }).from(installations).where(eq(installations.id, id))).toEqual([
      { id },
    ]);
  });

  it('delete the snapshots and tag values of a deleted (former) installation with it', async () => {
    const result = await db().execute(sql`
      select i.id from installations i
      where i.removed_at is not null
        and not exists (select 1 from sensors s where s.current_installation_id = i.id)
        and not exists (select 1 from installations n where n.predecessor_id = i.id or n.successor_id = i.id)
        and exists (select 1 from installation_history h where h.installation_id = i.id)
      order by i.id limit 1`);
    const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await db()
      .insert(installationTagValues)
      .values({ entityId: id, tagId: await installationTag(), value: 7 })
      .onConflictDoNothing();
    const before = await counts(id);
    expect(before.history).toBeGreaterThan(0);
    expect(before.tagValues).toBeGreaterThan(0);
    await db().delete(installations).where(eq(installations.id, id));
    expect(await counts(id)).toEqual({ history: 0, tagValues: 0 });
  });
});

describe('migration 0002 on an existing database', () => {
  let replayed: ReplayedDatabase | undefined;

  afterAll(async () => {
    await replayed?.close();
  });

  it('clears dangling current installations and deletes orphan snapshots and tag values, then adds the keys', async () => {
    replayed = await databaseBefore(2);
    expect(replayed.applied).toEqual(['0000_init', '0001_audit_search']);
    const d = replayed.db;
    expect(await constraintsOf(d)).toEqual({});

    const measured = JSON.stringify(['pm25']);
    await d.execute(sql`
      insert into sensors (id, sensor_token, communication, status, measured, current_installation_id) values
        (1, 'orphaned', 'GSM', 'Installed', ${measured}::jsonb, 99),
        (2, 'linked', 'GSM', 'Installed', ${measured}::jsonb, 1)`);
    await d.execute(sql`
      insert into installations (id, installation_id, sensor_id, installation_date, status, latitude, longitude, measured)
      values (1, 1000, 2, now(), 'Installed', 50, 20, ${measured}::jsonb)`);
    await d.execute(sql`
      insert into installation_history (installation_id, sensor_id, snapshot) values
        (1, 2, '{}'::jsonb), (99, 1, '{}'::jsonb), (98, 1, '{}'::jsonb)`);
    await d.execute(sql`insert into tags (id, context, name, type) values (1, 'installations', 'Floor', 'INTEGER')`);
    await d.execute(sql`
      insert into installation_tag_values (installation_id, tag_id, value) values (1, 1, '3'::jsonb), (99, 1, '4'::jsonb)`);

    await replayed.migrateRest();

    expect(await constraintsOf(d)).toEqual(CONSTRAINTS);
    const rows = async (query: ReturnType<typeof sql>) =>
      (JSON.parse(JSON.stringify((await d.execute(query)) as unknown)) as { rows: Record<string, unknown>[] }).rows;
    expect(await rows(sql`select id, current_installation_id from sensors order by id`)).toEqual([
      { id: 1, current_installation_id: null },
      { id: 2, current_installation_id: 1 },
    ]);
    expect(await rows(sql`select installation_id from installation_history order by installation_id`)).toEqual([
      { installation_id: 1 },
    ]);
    expect(await rows(sql`select installation_id, value from installation_tag_values`)).toEqual([
      { installation_id: 1, value: 3 },
    ]);
  });
});
