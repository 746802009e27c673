/**
 * The four list endpoints on the demo seed: each filtered by the query language and checked
 * against direct SQL on the same database, paging and sorting, permission refusals and gated
 * fields, injection attempts, 400 messages, and random queries that must never give a 500.
 *
 * The routes are mounted on a local app (the same service plugin, compilers and error handling as
 * server/app.ts) over the harness's context, so this file does not depend on their registration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { installErrorHandling } from '../../server/http/errors';
import { servicePlugin } from '../../server/http/service';
import { installationRoutes } from '../../server/services/main/installations/routes';
import { activityFlags } from '../../server/services/main/installations/repository';
import { contractorRoutes } from '../../server/services/main/contractors/routes';
import { requestRoutes } from '../../server/services/main/requests/routes';
import { sensorListRoutes } from '../../server/services/main/sensors/listRoutes';
import {
  contractorTagValues,
  contractors,
  installationRequests,
  requestImages,
  installationTagValues,
  installations,
  measurementSummaries,
  sensorTagValues,
  sensors,
  staffUsers,
  tags,
} from '../../server/db/schema';
import { QUERY_ERRORS_PREFIX, answeredQueryMessage, fillQueryText, queryErrorText } from '../../common/query';

let t: TestApp;
let app: FastifyInstance;
const tokens = new Map<string, string>();

async function tokenOf(user: string): Promise<string> {
  let token = tokens.get(user);
  if (!token) {
    if (['admin', 'viewer', 'technician', 'sales'].includes(user)) token = await t.tokenOf(user);
    else {
      // demo users of the default role sign in through the provider: start a session directly
      const [u] = await t.ctx.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.name, user));
      token = (await t.ctx.sessions.startSession(t.ctx.db, u!.id)).tokens.accessToken;
    }
    tokens.set(user, token);
  }
  return token;
}

interface Res {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function get(path: string, params: Record<string, string | number> = {}, user = 'admin'): Promise<Res> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const headers = { authorization: `Bearer ${await tokenOf(user)}` };
  const res = await app.inject({ method: 'GET', url: `/api${path}${qs ? `?${qs}` : ''}`, headers });
  return { status: res.statusCode, body: res.json() };
}

const db = () => t.ctx.db;
const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);

async function tagId(context: string, name: string): Promise<number> {
  const [row] = await db()
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.context, context), eq(tags.name, name)));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  app = Fastify({ ajv: { customOptions: { coerceTypes: 'array' } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(
    servicePlugin(
      {
        prefix: '/api',
        title: 'lists',
        description: 'list routes under test',
        routes: [sensorListRoutes, installationRoutes, contractorRoutes, requestRoutes],
      },
      t.ctx,
    ),
    { prefix: '/api' },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

// ------------------------------------------------------------------ sensors

describe('GET /sensors', () => {
  it('filters with the default saved query "using GSM or Wi-Fi communications"', async () => {
    const res = await get('/sensors', { query: 'communication in (GSM, WIFI)', limit: 20 });
    expect(res.status).toBe(200);
    const expected = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .where(inArray(sensors.communication, ['GSM', 'WIFI']))
      .orderBy(asc(sensors.id));
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.meta.totalCount).toBe(expected.length);
    expect(res.body.data.sensors.map((s: { id: number }) => s.id)).toEqual(expected.slice(0, 20).map((r) => r.id));
    for (const s of res.body.data.sensors) expect(['GSM', 'WIFI']).toContain(s.info.communication);
  });

  it('has the spec shape: info, params.factors, tags by id, and a flat id', async () => {
    const [withFactors] = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .where(and(sql`${sensors.factors} ? 'pm25'`, isNotNull(sensors.contractorId)))
      .orderBy(asc(sensors.id))
      .limit(1);
    const res = await get('/sensors', { query: `id = ${withFactors!.id}` });
    expect(res.body.meta.totalCount).toBe(1);
    const [s] = res.body.data.sensors;
    const [row] = await db()
      .select()
      .from(sensors)
      .leftJoin(contractors, eq(contractors.id, sensors.contractorId))
      .where(eq(sensors.id, withFactors!.id));
    expect(s).toMatchObject({
      id: row!.sensors.id,
      info: {
        id: row!.sensors.id,
        currentInstallationId:
          row!.sensors.currentInstallationId === null
            ? null
            : (
                await db()
                  .select({ n: installations.installationId })
                  .from(installations)
                  .where(eq(installations.id, row!.sensors.currentInstallationId))
              )[0]!.n,
        sensorToken: row!.sensors.sensorToken,
        communication: row!.sensors.communication,
        contractor: { id: row!.contractors!.id, name: row!.contractors!.name },
        status: row!.sensors.status,
        measured: row!.sensors.measured,
      },
      params: { factors: { pm25: row!.sensors.factors.pm25 } },
    });
    const tagRows = await db().select().from(sensorTagValues).where(eq(sensorTagValues.entityId, row!.sensors.id));
    expect(s.tags).toEqual(Object.fromEntries(tagRows.map((r) => [String(r.tagId), r.value])));
  });

  it('filters by status, contractor and tags', async () => {
    const res = await get('/sensors', { query: 'status = Installed and contractorId != null' });
    const expected = await n(
      db()
        .select({ n: count() })
        .from(sensors)
        .where(and(eq(sensors.status, 'Installed'), isNotNull(sensors.contractorId))),
    );
    expect(res.body.meta.totalCount).toBe(expected);

    const heated = await tagId('sensors', 'Heated inlet');
    const tagged = await get('/sensors', { query: 'tag."Heated inlet" = true' });
    const expectedTagged = await n(
      db()
        .select({ n: count() })
        .from(sensorTagValues)
        .where(and(eq(sensorTagValues.tagId, heated), sql`${sensorTagValues.value} = 'true'::jsonb`)),
    );
    expect(expectedTagged).toBeGreaterThan(0);
    expect(tagged.body.meta.totalCount).toBe(expectedTagged);
    for (const s of tagged.body.data.sensors) expect(s.tags[String(heated)]).toBe(true);

    // "not (= true)" is the exact complement, empty values included
    const rest = await get('/sensors', { query: 'not tag."heated inlet" = true' });
    expect(rest.body.meta.totalCount + tagged.body.meta.totalCount).toBe(1200);
  });

  it('searches text fields and ids with SEARCH', async () => {
    const [s] = await db()
      .select({ id: sensors.id, token: sensors.sensorToken })
      .from(sensors)
      .orderBy(asc(sensors.id))
      .offset(500)
      .limit(1);
    const byToken = await get('/sensors', { query: `SEARCH("${s!.token.slice(3, 15).toUpperCase()}")` });
    expect(byToken.body.data.sensors.map((x: { id: number }) => x.id)).toContain(s!.id);
    const byId = await get('/sensors', { query: `SEARCH("${s!.id}")` });
    expect(byId.body.data.sensors.map((x: { id: number }) => x.id)).toContain(s!.id);
  });

  it('puts sensors without a contractor last when sorting by contractor name, in both directions', async () => {
    for (const order of ['asc', 'desc']) {
      const total = (await get('/sensors', { limit: 1 })).body.meta.totalCount as number;
      const last = await get('/sensors', { sortBy: 'contractorName', order, limit: 10, page: Math.ceil(total / 10) });
      const first = await get('/sensors', { sortBy: 'contractorName', order, limit: 10, page: 1 });
      expect(
        first.body.data.sensors.every((x: { info: { contractor: unknown } }) => x.info.contractor !== null),
        order,
      ).toBe(true);
      expect(last.body.data.sensors.at(-1).info.contractor, order).toBeNull();
    }
  });

  it('sorts deterministically and pages without gaps or repeats', async () => {
    const expected = await db()
      .select({ id: sensors.id })
      .from(sensors)
      .orderBy(desc(sensors.status), desc(sensors.id))
      .limit(15);
    const p1 = await get('/sensors', { sortBy: 'status', order: 'DESC', limit: 5, page: 1 });
    const p2 = await get('/sensors', { sortBy: 'status', order: 'desc', limit: 5, page: 2 });
    const p3 = await get('/sensors', { sortBy: 'info.status', order: 'Desc', limit: 5, page: 3 });
    const ids = [...p1.body.data.sensors, ...p2.body.data.sensors, ...p3.body.data.sensors].map(
      (x: { id: number }) => x.id,
    );
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(p2.body.meta.totalCount).toBe(1200);
    const beyond = await get('/sensors', { limit: 1000, page: 3 });
    expect(beyond.body).toEqual({ data: { sensors: [] }, meta: { totalCount: 1200, capped: false } });
  });

  it('hides sensorToken, communication and factors from users without the permissions, and refuses to query them', async () => {
    const res = await get('/sensors', { query: 'measured = pm25', limit: 50 }, 'sales');
    expect(res.status).toBe(200);
    for (const s of res.body.data.sensors) {
      expect(s.info).not.toHaveProperty('sensorToken');
      expect(s.info).not.toHaveProperty('communication');
      expect(s.params.factors).toEqual({});
      expect(s.tags).toEqual({});
    }
    const q = await get('/sensors', { query: 'communication = GSM' }, 'sales');
    expect(q.status).toBe(400);
    expect(q.body.message).toBe(
      'You cannot query communication (position 0): it needs the view_communication permission',
    );
    const sort = await get('/sensors', { sortBy: 'sensorToken' }, 'sales');
    expect(sort.status).toBe(400);
    expect(sort.body.message.split('expected one of:')[1]).not.toContain('sensorToken');
    // the viewer sees them
    const viewer = await get('/sensors', { query: 'communication = GSM', limit: 1 }, 'viewer');
    expect(viewer.body.data.sensors[0].info).toHaveProperty('sensorToken');
    expect(viewer.body.data.sensors[0].info.communication).toBe('GSM');
  });
});

// ------------------------------------------------------------------ installations

describe('GET /installations', () => {
  it('lists current installations by default, sorted by installationId', async () => {
    const res = await get('/installations', { limit: 25 });
    const expected = await db()
      .select({ id: installations.id })
      .from(installations)
      .where(isNull(installations.removedAt))
      .orderBy(asc(installations.installationId));
    expect(res.body.meta.totalCount).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(800);
    expect(res.body.data.installations.map((r: { id: number }) => r.id)).toEqual(
      expected.slice(0, 25).map((r) => r.id),
    );
    const removed = await get('/installations', { query: 'removedAt != null' });
    expect(removed.body.meta.totalCount).toBe(
      await n(db().select({ n: count() }).from(installations).where(isNotNull(installations.removedAt))),
    );
  });

  it('filters with the default saved query "visible on the map and not working for more than 3 days"', async () => {
    const res = await get('/installations', {
      query: 'isVisible = true and lastMeasurement < now() - 3d',
      limit: 1000,
    });
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const expected = await db()
      .select({ id: installations.id })
      .from(installations)
      .innerJoin(measurementSummaries, eq(measurementSummaries.sensorId, installations.sensorId))
      .where(
        and(
          isNull(installations.removedAt),
          eq(installations.isVisible, true),
          sql`${measurementSummaries.lastMeasurementAt} < ${threeDaysAgo}::timestamptz`,
        ),
      )
      .orderBy(asc(installations.installationId));
    expect(res.body.meta.totalCount).toBe(expected.length);
    expect(res.body.data.installations.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('filters by tags of every type', async () => {
    const mounting = await tagId('installations', 'Mounting');
    const floor = await tagId('installations', 'Floor');
    const road = await tagId('installations', 'Near busy road');
    const current = isNull(installations.removedAt);
    const countTag = (cond: ReturnType<typeof sql>) =>
      n(
        db()
          .select({ n: count() })
          .from(installations)
          .where(
            and(
              current,
              sql`exists (select 1 from ${installationTagValues} v where v.installation_id = ${installations.id} and ${cond})`,
            ),
          ),
      );

    const balcony = await get('/installations', { query: 'tag.Mounting = Balcony' });
    expect(balcony.body.meta.totalCount).toBe(
      await countTag(sql`v.tag_id = ${mounting} and v.value = '"Balcony"'::jsonb`),
    );
    for (const r of balcony.body.data.installations) expect(r[`tag_${mounting}`]).toBe('Balcony');

    const high = await get('/installations', { query: 'tag.floor > 3' });
    expect(high.body.meta.totalCount).toBe(await countTag(sql`v.tag_id = ${floor} and (v.value #>> '{}')::float8 > 3`));
    expect(high.body.meta.totalCount).toBeGreaterThan(0);

    const unknownRoad = await get('/installations', { query: 'tag."Near busy road" = null' });
    const knownRoad = await countTag(sql`v.tag_id = ${road} and jsonb_typeof(v.value) = 'boolean'`);
    const total = await n(db().select({ n: count() }).from(installations).where(current));
    expect(unknownRoad.body.meta.totalCount).toBe(total - knownRoad);
  });

  it('filters by address, per-parameter values and status, with exact complements', async () => {
    const krakow = await get('/installations', { query: 'cityLocal = "Kraków"' });
    const expectedKrakow = await n(
      db()
        .select({ n: count() })
        .from(installations)
        .where(and(isNull(installations.removedAt), eq(installations.cityLocal, 'Kraków'))),
    );
    expect(krakow.body.meta.totalCount).toBe(expectedKrakow);
    const search = await get('/installations', { query: 'SEARCH("kraków")' });
    expect(search.body.meta.totalCount).toBeGreaterThanOrEqual(expectedKrakow);

    const pm = await get('/installations', { query: 'pm25Value > 30' });
    const expectedPm = await n(
      db()
        .select({ n: count() })
        .from(installations)
        .innerJoin(measurementSummaries, eq(measurementSummaries.sensorId, installations.sensorId))
        .where(and(isNull(installations.removedAt), sql`(${measurementSummaries.values} ->> 'pm25')::float8 > 30`)),
    );
    expect(pm.body.meta.totalCount).toBe(expectedPm);
    for (const r of pm.body.data.installations) expect(r.pm25Value).toBeGreaterThan(30);

    const installed = await get('/installations', { query: 'status = Installed' });
    const notInstalled = await get('/installations', { query: 'not (status = Installed)' });
    const all = await get('/installations');
    expect(installed.body.meta.totalCount + notInstalled.body.meta.totalCount).toBe(all.body.meta.totalCount);
  });

  it('returns the fields of document 2 section 3, with recentActivity from the measurement summary', async () => {
    const res = await get('/installations', {
      limit: 5,
      sortBy: 'lastMeasurement',
      order: 'desc',
      query: 'lastMeasurement != null',
    });
    const row = res.body.data.installations[0];
    for (const key of [
      'id',
      'installationId',
      'predecessorId',
      'sensorToken',
      'installationDate',
      'communication',
      'contractorId',
      'contractorName',
      'hsId',
      'hsName',
      'status',
      'isVisible',
      'mamsl',
      'latitude',
      'longitude',
      'country',
      'state',
      'city',
      'street',
      'number',
      'alternativeAddress1',
      'alternativeAddress2',
      'visibleBy',
      'contactFullName',
      'contactEmail',
      'contactPhoneNumber',
      'date',
      'installationRequestId',
      'measured',
      'recentActivity',
      'pm25Value',
      'pm25Factors',
      'pm25Suspended',
      'oxFactors',
    ])
      expect(row).toHaveProperty(key);
    const tagIds = (await db().select({ id: tags.id }).from(tags).where(eq(tags.context, 'installations'))).map(
      (x) => x.id,
    );
    for (const id of tagIds) expect(row).toHaveProperty(`tag_${id}`);
    expect(row.recentActivity).toHaveLength(72);
    const [summary] = await db()
      .select()
      .from(measurementSummaries)
      .where(eq(measurementSummaries.sensorId, row.sensorId));
    expect(row.recentActivity).toEqual(activityFlags(summary!.activeHours));
    expect(row.lastMeasurement).toBe(summary!.lastMeasurementAt!.toISOString());
    // sorted by lastMeasurement descending, ties by id
    const expected = await db()
      .select({ id: installations.id })
      .from(installations)
      .innerJoin(measurementSummaries, eq(measurementSummaries.sensorId, installations.sensorId))
      .where(and(isNull(installations.removedAt), isNotNull(measurementSummaries.lastMeasurementAt)))
      .orderBy(desc(measurementSummaries.lastMeasurementAt), desc(installations.id))
      .limit(5);
    expect(res.body.data.installations.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => r.id));
    // empty values come last in both directions
    const never = await get('/installations', { limit: 1, sortBy: 'lastMeasurement', order: 'desc', page: 815 });
    expect(never.body.data.installations[0]?.lastMeasurement ?? null).toBeNull();
  });

  it('leaves out gated fields for users without the permissions', async () => {
    const res = await get('/installations', { limit: 3 }, 'sales');
    expect(res.status).toBe(200);
    for (const r of res.body.data.installations) {
      for (const key of [
        'sensorToken',
        'communication',
        'contactFullName',
        'contactEmail',
        'contactPhoneNumber',
        'city',
        'street',
        'alternativeAddress1',
        'pm25Value',
        'pm25Factors',
      ]) {
        expect(r).not.toHaveProperty(key);
      }
      expect(Object.keys(r).some((k) => k.startsWith('tag_'))).toBe(false);
      expect(r).toHaveProperty('installationId');
    }
    const bad = await get('/installations', { query: 'contactEmail = "a@b.c"' }, 'sales');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'You cannot query contactEmail (position 0): it needs the view_contact or view_contact_email permission',
    );
  });
});

// ------------------------------------------------------------------ contractors

describe('GET /contractors', () => {
  it('filters by type and by the derived currentInstallations count', async () => {
    const res = await get('/contractors', { query: 'type in (ACTION, AMBASSADOR)', limit: 100 });
    const expected = await db()
      .select({ id: contractors.id })
      .from(contractors)
      .where(inArray(contractors.type, ['ACTION', 'AMBASSADOR']))
      .orderBy(asc(contractors.id));
    expect(res.body.meta.totalCount).toBe(expected.length);
    expect(res.body.data.contractors.map((c: { id: number }) => c.id)).toEqual(expected.map((r) => r.id));

    const busy = await get('/contractors', {
      query: 'currentInstallations >= 10',
      sortBy: 'currentInstallations',
      order: 'desc',
      limit: 10000,
    });
    const counts = await db()
      .select({ id: installations.contractorId, n: count() })
      .from(installations)
      .where(and(isNull(installations.removedAt), isNotNull(installations.contractorId)))
      .groupBy(installations.contractorId);
    const expectedBusy = counts.filter((c) => c.n >= 10).sort((a, b) => b.n - a.n || b.id! - a.id!);
    expect(
      busy.body.data.contractors.map((c: { id: number; currentInstallations: number }) => [
        c.id,
        c.currentInstallations,
      ]),
    ).toEqual(expectedBusy.map((c) => [c.id, c.n]));
  });

  it('returns all contractors for pickers (limit 10000) and refuses more', async () => {
    const res = await get('/contractors', { limit: 10000 });
    expect(res.body.data.contractors).toHaveLength(await n(db().select({ n: count() }).from(contractors)));
    expect((await get('/contractors', { limit: 10001 })).status).toBe(400);
    expect((await get('/sensors', { limit: 1001 })).status).toBe(400);
  });

  it('filters by contractor tags and searches names', async () => {
    const segment = await tagId('contractors', 'Segment');
    const res = await get('/contractors', { query: 'tag.Segment in (NGO, School)' });
    const expected = await n(
      db()
        .select({ n: count() })
        .from(contractorTagValues)
        .where(
          and(
            eq(contractorTagValues.tagId, segment),
            sql`${contractorTagValues.value} in ('"NGO"'::jsonb, '"School"'::jsonb)`,
          ),
        ),
    );
    expect(res.body.meta.totalCount).toBe(expected);
    const [c] = await db()
      .select()
      .from(contractors)
      .where(isNotNull(contractors.link))
      .orderBy(asc(contractors.id))
      .limit(1);
    const byName = await get('/contractors', { query: `name ~ ${JSON.stringify(c!.name.slice(2, 9).toLowerCase())}` });
    expect(byName.body.data.contractors.map((x: { id: number }) => x.id)).toContain(c!.id);
  });

  it('shows the CRM company only with view_contractors_company', async () => {
    const [crm] = await db()
      .select()
      .from(contractors)
      .where(isNotNull(contractors.hsName))
      .orderBy(asc(contractors.id))
      .limit(1);
    const viewer = await get('/contractors', { query: `id = ${crm!.id}` }, 'viewer');
    expect(viewer.body.data.contractors[0]).toMatchObject({
      id: crm!.id,
      hsId: crm!.hsId,
      hsName: crm!.hsName,
      name: crm!.name,
      type: crm!.type,
    });
    const tech = await get('/contractors', { query: `id = ${crm!.id}` }, 'technician');
    expect(tech.body.data.contractors[0]).not.toHaveProperty('hsName');
    expect(tech.body.data.contractors[0]).not.toHaveProperty('hsId');
    expect((await get('/contractors', { query: 'hsName ~ "a"' }, 'technician')).status).toBe(400);
  });
});

// ------------------------------------------------------------------ installation requests

describe('GET /installations/requests/', () => {
  it('lists active requests oldest first and archived ones newest first', async () => {
    const active = await get('/installations/requests/', {
      query: 'state in (HOLD, WAITING)',
      sortBy: 'createdAt',
      order: 'ASC',
      limit: 50,
    });
    const expectedActive = await db()
      .select({ id: installationRequests.id })
      .from(installationRequests)
      .where(inArray(installationRequests.state, ['HOLD', 'WAITING']))
      .orderBy(asc(installationRequests.createdAt), asc(installationRequests.id));
    expect(active.body.meta.totalCount).toBe(expectedActive.length);
    expect(active.body.data.requests.map((r: { id: number }) => r.id)).toEqual(
      expectedActive.slice(0, 50).map((r) => r.id),
    );

    const archived = await get('/installations/requests/', {
      query: 'state in (DONE, REJECTED)',
      sortBy: 'createdAt',
      order: 'DESC',
      limit: 50,
    });
    const expectedArchived = await db()
      .select({ id: installationRequests.id })
      .from(installationRequests)
      .where(inArray(installationRequests.state, ['DONE', 'REJECTED']))
      .orderBy(desc(installationRequests.createdAt), desc(installationRequests.id));
    expect(archived.body.meta.totalCount).toBe(expectedArchived.length);
    expect(archived.body.data.requests.map((r: { id: number }) => r.id)).toEqual(
      expectedArchived.slice(0, 50).map((r) => r.id),
    );
    expect(active.body.meta.totalCount + archived.body.meta.totalCount).toBe(
      await n(db().select({ n: count() }).from(installationRequests)),
    );
  });

  it('has the request fields with the contractor joined', async () => {
    const [q] = await db()
      .select()
      .from(installationRequests)
      .innerJoin(contractors, eq(contractors.id, installationRequests.contractorId))
      .orderBy(asc(installationRequests.id))
      .limit(1);
    const res = await get('/installations/requests/', { query: `id = ${q!.installation_requests.id}` });
    const images = await db()
      .select({ fileKey: requestImages.fileKey, location: requestImages.location })
      .from(requestImages)
      .where(eq(requestImages.requestId, q!.installation_requests.id))
      .orderBy(asc(requestImages.id));
    expect(images.length, 'the first request with a contractor has seeded photos').toBeGreaterThan(0);
    expect(res.body.data.requests[0]).toEqual({
      id: q!.installation_requests.id,
      sensorId: q!.installation_requests.sensorId,
      requestType: q!.installation_requests.requestType,
      clientType: q!.installation_requests.clientType,
      createdAt: q!.installation_requests.createdAt.toISOString(),
      updatedAt: q!.installation_requests.updatedAt.toISOString(),
      address: q!.installation_requests.address,
      location: { latitude: q!.installation_requests.latitude, longitude: q!.installation_requests.longitude },
      locationFromAddress: q!.installation_requests.locationFromAddress,
      email: q!.installation_requests.email,
      phone: q!.installation_requests.phone,
      language: q!.installation_requests.language,
      // Signed links to the images (tests/integration/requestImages.test.ts).
      images: images.map((i) => ({
        link: expect.stringMatching(new RegExp(`^/api/files/${i.fileKey}\\?expires=\\d+&signature=[\\w-]+$`)),
        location: i.location,
      })),
      contractorId: q!.contractors.id,
      contractorName: q!.contractors.name,
      contractorLogo: q!.contractors.logo,
      contractorLink: q!.contractors.link,
      notes: q!.installation_requests.notes,
      staffNotes: q!.installation_requests.staffNotes,
      state: q!.installation_requests.state,
    });
  });

  it('searches requests with SEARCH("text") (plain search mode)', async () => {
    const [q] = await db()
      .select()
      .from(installationRequests)
      .where(isNotNull(installationRequests.email))
      .orderBy(asc(installationRequests.id))
      .limit(1);
    const part = q!.email!.split('@')[0]!.slice(1, 8);
    const res = await get('/installations/requests/', { query: `SEARCH("${part}")` });
    const expected = await n(
      db()
        .select({ n: count() })
        .from(installationRequests)
        .leftJoin(contractors, eq(contractors.id, installationRequests.contractorId))
        .where(
          sql`(${installationRequests.address} ilike ${`%${part}%`} or ${installationRequests.email} ilike ${`%${part}%`} or ${installationRequests.phone} ilike ${`%${part}%`}
            or ${installationRequests.notes} ilike ${`%${part}%`} or ${installationRequests.staffNotes} ilike ${`%${part}%`} or ${contractors.name} ilike ${`%${part}%`})`,
        ),
    );
    expect(res.body.meta.totalCount).toBe(expected);
    expect(res.body.data.requests.map((r: { id: number }) => r.id)).toContain(q!.id);
    // the path without the trailing slash works too
    expect((await get('/installations/requests', { query: `SEARCH("${part}")` })).body.meta.totalCount).toBe(expected);
  });

  it('counts open requests (WAITING and HOLD)', async () => {
    const res = await get('/installations/requests/open/count');
    expect(res.body).toEqual({
      count: await n(
        db()
          .select({ n: count() })
          .from(installationRequests)
          .where(inArray(installationRequests.state, ['WAITING', 'HOLD'])),
      ),
    });
  });
});

// ------------------------------------------------------------------ permissions, injection, errors

describe('permissions', () => {
  it.each([
    ['sales', '/installations/requests/', 'You need the view_installation_requests permission to do this'],
    ['sales', '/installations/requests/open/count', 'You need the view_installation_requests permission to do this'],
    ['jan.nowak', '/contractors', 'You need the view_contractors permission to do this'],
    ['jan.nowak', '/installations/requests/', 'You need the view_installation_requests permission to do this'],
  ])('%s gets 403 on %s', async (user, path, message) => {
    const res = await get(path, {}, user);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message });
  });

  it('a default-role user sees sensors and installations without gated fields', async () => {
    const s = await get('/sensors', { limit: 1 }, 'jan.nowak');
    expect(s.status).toBe(200);
    expect(s.body.data.sensors[0].info).not.toHaveProperty('sensorToken');
    const i = await get('/installations', { limit: 1 }, 'jan.nowak');
    expect(i.status).toBe(200);
    expect(i.body.data.installations[0]).not.toHaveProperty('contactEmail');
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sensors' });
    expect(res.statusCode).toBe(401);
  });
});

describe('injection attempts are inert', () => {
  it.each([
    ['/sensors', `SEARCH("'; drop table sensors; --")`],
    ['/sensors', 'SEARCH("%")'],
    ['/sensors', 'SEARCH("_")'],
    ['/contractors', `name = "x' or 1=1"`],
    ['/contractors', `name = "x\\" or 1=1 --"`],
    ['/installations', `city = "'); delete from installations; --"`],
    ['/installations', `tag."Mounting'; drop table tags; --" = 1`],
    ['/installations/requests/', `SEARCH("\\\\") or state = "WAITING' --"`],
  ])('%s ? %s', async (path, query) => {
    const res = await get(path, { query });
    expect([200, 400]).toContain(res.status);
    if (res.status === 200) expect(res.body.meta.totalCount).toBe(0);
    expect(await n(db().select({ n: count() }).from(sensors))).toBe(1200);
    expect(await n(db().select({ n: count() }).from(tags))).toBeGreaterThan(0);
    expect(await n(db().select({ n: count() }).from(installations))).toBeGreaterThan(800);
  });
});

describe('400 answers', () => {
  it.each([
    ['/sensors', { query: 'id = "abc"' }, 'Expected a whole number for id at position 5 but found the string "abc"'],
    [
      '/sensors',
      { query: 'status = Banana' },
      'Unknown value "Banana" for status at position 9; expected one of: InProduction, Ready, ForInstallation, InShipping, Installed, ContractTerminated, ContractEnded, Suspended, ReviewRequired, ServiceRequired, InRepair, ReadyRepaired, Refurbishment, Lost, Retired',
    ],
    [
      '/installations',
      { query: 'isVisible = true and' },
      'Expected a condition (a field, "not", "(" or SEARCH("…")) after "and" at position 20 but found end of query',
    ],
    [
      '/installations',
      { query: 'lastMeasurement < now() - 3y' },
      'Invalid duration "3y" at position 26; expected a whole number followed by a unit m, h, d or w (such as 3d)',
    ],
    [
      '/installations',
      { query: 'tag.Mountin = Roof' },
      'Unknown tag "Mountin" at position 0 (did you mean "Mounting"?); expected one of the installations tags: "Mounting", "Height above ground (m)", "Floor", "Access instructions", "Near busy road", "Site owner", "Provisioning batch", "Power source"',
    ],
    [
      '/installations/requests/',
      { query: 'state in (HOLD, WAITING' },
      'Expected "," or ")" in the list of values at position 23 but found end of query',
    ],
    [
      '/contractors',
      { sortBy: 'banana' },
      'Unknown sortBy "banana"; expected one of: logo, id, name, type, link, hsId, hsName, companyOwner, companyState, endOfDeal, customSla, activeSubscriptions, currentInstallations, createdAt',
    ],
    [
      '/sensors',
      { page: 200, limit: 1000 },
      'Page 200 is too deep (it starts at row 199000, more than 100000); narrow the query or reverse the order',
    ],
  ] as const)('%s %o', async (path, params, message) => {
    const res = await get(path, params);
    expect(res.status).toBe(400);
    const { messageKey, messageValues, ...contract } = res.body;
    expect(contract).toEqual({ status: 400, message });
    // A query-language error adds its keyed message (optional fields), whose English is the message.
    if (/position \d+/.test(message)) {
      expect(messageKey).toMatch(/^query\.errors\./);
      expect(answeredQueryMessage(res.body)?.key).toBe(messageKey);
      expect(fillQueryText(queryErrorText(messageKey.slice(QUERY_ERRORS_PREFIX.length))!, messageValues)).toBe(message);
    } else expect(messageKey).toBeUndefined();
  });

  it.each([
    ['order=sideways', '/sensors', { order: 'sideways' }],
    ['page=0', '/sensors', { page: 0 }],
    ['limit=ten', '/sensors', { limit: 'ten' }],
    ['a 4001-character query', '/installations', { query: 'x'.repeat(4001) }],
  ] as const)('%s is refused by the schema', async (_label, path, params) => {
    const res = await get(path, params);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid querystring/);
  });
});

describe('random queries', () => {
  const FRAGMENTS = [
    'id',
    'status',
    'communication',
    'isVisible',
    'lastMeasurement',
    'installationDate',
    'measured',
    'name',
    'type',
    'state',
    'city',
    'pm25Value',
    'currentInstallations',
    'endOfDeal',
    'tag.Mounting',
    'tag.Floor',
    'tag."Heated inlet"',
    'tag.Segment',
    'tag."Near busy road"',
    '=',
    '!=',
    '<',
    '>=',
    '~',
    '!~',
    'in',
    'not',
    'and',
    'or',
    '(',
    ')',
    ',',
    '"x"',
    '"Kraków"',
    '"%"',
    '"\'"',
    'now()',
    '-',
    '+',
    '3d',
    '1h',
    '1',
    '-1',
    '2.5',
    '1e300',
    '2147483648',
    '2026-01-31',
    '2026-01-31T10:00:00Z',
    'true',
    'false',
    'null',
    'Installed',
    'GSM',
    'WAITING',
    'HOLD',
    'Balcony',
    'NGO',
    'ACTION',
    'pm25',
    'SEARCH("a")',
  ];
  const FIELDS: Record<string, string[]> = {
    '/sensors': [
      'id',
      'status',
      'communication',
      'lastMeasurement',
      'measured',
      'contractorName',
      'tag."Heated inlet"',
      'tag."PM sensor drift"',
      'currentInstallationId',
    ],
    '/installations': [
      'id',
      'status',
      'isVisible',
      'lastMeasurement',
      'installationDate',
      'city',
      'pm25Value',
      'tag.Mounting',
      'tag.Floor',
      'tag."Near busy road"',
      'measured',
    ],
    '/contractors': [
      'id',
      'name',
      'type',
      'currentInstallations',
      'endOfDeal',
      'customSla',
      'tag.Segment',
      'tag."Discount (%)"',
    ],
    '/installations/requests/': ['id', 'state', 'createdAt', 'email', 'sensorId', 'locationFromAddress', 'latitude'],
  };
  const OPS = ['=', '!=', '<', '>=', '~', '!~', 'in', 'not in'];
  const VALUES = FRAGMENTS.slice(33);
  const garbage = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 9 }).map((p) => p.join(' '));
  const arbFor = (path: string) => {
    const condition = fc
      .tuple(
        fc.constantFrom(...FIELDS[path]!),
        fc.constantFrom(...OPS),
        fc.array(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 }),
      )
      .map(([f, op, vs]) => (op.endsWith('in') ? `${f} ${op} (${vs.join(', ')})` : `${f} ${op} ${vs[0]}`));
    const structured = fc
      .array(fc.tuple(fc.constantFrom('and', 'or', 'and not'), condition), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([k, c], i) => (i === 0 ? c : `${k} ${c}`)).join(' '));
    return fc.oneof({ arbitrary: structured, weight: 3 }, { arbitrary: garbage, weight: 1 });
  };

  it.each(Object.keys(FIELDS))('%s answers 200 or 400, never a 500 or an SQL error', async (path) => {
    const arb = arbFor(path);
    let ok = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (query) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api${path}?${new URLSearchParams({ query, limit: '5' })}`,
          headers: { authorization: `Bearer ${await tokenOf('admin')}` },
        });
        expect([200, 400], `${res.statusCode} ${res.body} for ${query}`).toContain(res.statusCode);
        if (res.statusCode === 200) ok++;
      }),
      // A fixed seed keeps the run reproducible (and the "some queries succeed" check stable).
      { numRuns: 120, seed: 20261121 },
    );
    expect(ok).toBeGreaterThan(0);
  });
});
