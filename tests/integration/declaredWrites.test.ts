/**
 * The generic single-row routes of declared entities over HTTP (server/resources): generated from
 * every `ENTITIES` entry with `storage` and create or edit access — a valid create answers 201 with
 * the row and writes its audit record; each broken rule of the write schema is a 400 naming the
 * field and changes nothing; a caller without the permission gets 403; an unknown id 404. Then the
 * same routes on a table built at run time (one field of each type, a reference to contractors):
 * missing references, unique values, dates and times, delete.
 */
import Fastify from 'fastify';
import { count, desc, eq, sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, WRITE_MESSAGES, actionRule, findEntity, formFields, type EntityDecl } from '../../common/entities';
import { auditLogs, contractors, roles, sensorModels, staffUsers } from '../../server/db/schema';
import { installErrorHandling } from '../../server/http/errors';
import { servicePlugin } from '../../server/http/service';
import { storageTable } from '../../server/lists/declaredLists';
import { schemaReferenceTables } from '../../server/resources/repository';
import { declaredWriteEndpoints } from '../../server/resources/routes';
import { SERVICES } from '../../server/services';
import { createTestApp, type TestApp } from '../support/testApp';
import { WRITE_SAMPLE, brokenValues, exampleValue } from '../support/writeCases';

/* eslint-disable @typescript-eslint/no-explicit-any */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Body = Record<string, unknown>;
const admin = () => t.tokenOf('admin');

async function auditCount(): Promise<number> {
  const [r] = await t.ctx.db.select({ n: count() }).from(auditLogs);
  return Number(r!.n);
}

async function lastAudit() {
  const [r] = await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1);
  return r!;
}

/** A token of a user whose role holds only these permissions. */
async function tokenWith(name: string, permissions: string[]): Promise<string> {
  const [role] = await t.ctx.db
    .insert(roles)
    .values({ name, permissions: Object.fromEntries(permissions.map((p) => [p, true])) })
    .returning({ id: roles.id });
  const [user] = await t.ctx.db.insert(staffUsers).values({ name, roleId: role!.id }).returning({ id: staffUsers.id });
  return (await t.ctx.sessions.startSession(t.ctx.db, user!.id)).tokens.accessToken;
}

const referenceTables = schemaReferenceTables(findEntity);

/** The message a broken value gets over HTTP: NUL characters are refused by the input sanitiser first. */
const expected = (value: unknown, message: string) =>
  typeof value === 'string' && value.includes('\u0000') ? 'must not contain NUL characters' : message;

const WRITABLE = ENTITIES.filter((e) => e.storage && (e.access.create !== undefined || e.access.edit !== undefined));

it('has declared writable entities to test', () => {
  expect(WRITABLE.length).toBeGreaterThan(0);
});

describe.each(WRITABLE.map((e) => [e.name, e] as const))('declared writes of %s', (_name, entity: EntityDecl) => {
  const base = `${SERVICES[entity.service].prefix}${entity.endpoint.replace(/\/$/, '')}`;
  const table = storageTable(entity);
  const canCreate = entity.access.create !== undefined;
  const canEdit = entity.access.edit !== undefined;
  let refIds = new Map<string, number>();
  let n = 1000;

  const rowCount = async () => Number((await t.ctx.db.select({ n: count() }).from(table))[0]!.n);
  /** A valid create body, different each call (unique texts). */
  const validBody = (): Body => {
    n++;
    return Object.fromEntries(
      formFields(entity, 'create').map((f) => [f.name, exampleValue(f, n, (r) => refIds.get(r.name)!)]),
    );
  };
  /** An existing row's id (created by admin when the entity allows it, else the first row). */
  const someId = async (): Promise<number> => {
    if (canCreate) return (await t.call('POST', base, { token: await admin(), body: validBody() })).json().data.id;
    const [row] = await t.ctx.db.select().from(table).limit(1);
    return (row as { id: number }).id;
  };

  beforeAll(async () => {
    refIds = new Map();
    for (const f of entity.fields.filter((x) => x.reference)) {
      const [row] = await t.ctx.db.select().from(referenceTables(f.reference!)!).limit(1);
      refIds.set(f.name, (row as { id: number }).id);
    }
  });

  it.runIf(canCreate)('creates a valid record: 201, the row as the list shows it, one audit record', async () => {
    const body = validBody();
    const token = await admin();
    const before = await auditCount();
    const res = await t.call('POST', base, { token, body });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json().data;
    expect(row).toMatchObject(body);
    expect(row.id).toEqual(expect.any(Number));
    const one = await t.call('GET', `${base}/${row.id}`, { token });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(row);
    expect(await auditCount()).toBe(before + 1);
    const record = await lastAudit();
    expect(record).toMatchObject({ eventType: 'RecordCreated', userName: 'admin' });
    expect(record.message).toContain(`record ${row.id}`);
  });

  it.runIf(canCreate)('refuses each broken rule on create with a 400 naming the field; nothing is added', async () => {
    const token = await admin();
    const rows = await rowCount();
    const audits = await auditCount();
    for (const f of formFields(entity, 'create'))
      for (const [value, message] of brokenValues(f)) {
        const res = await t.call('POST', base, { token, body: { ...validBody(), [f.name]: value } });
        expect(res.statusCode, `${f.name} = ${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toEqual({ status: 400, message: expect.stringContaining(expected(value, message)) });
      }
    for (const f of formFields(entity, 'create').filter((x) => x.required)) {
      const { [f.name]: _left, ...rest } = validBody();
      const res = await t.call('POST', base, { token, body: rest });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(WRITE_MESSAGES.required(f.label));
    }
    const unknown = await t.call('POST', base, { token, body: { ...validBody(), colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(WRITE_MESSAGES.unknownFields(['colour']));
    expect(await rowCount()).toBe(rows);
    expect(await auditCount()).toBe(audits);
  });

  it.runIf(canEdit)('changes the fields sent: 200, the audit record names each change', async () => {
    const id = await someId();
    const token = await admin();
    const before = (await t.call('GET', `${base}/${id}`, { token })).json().data;
    const fresh = validBody();
    const fields = formFields(entity, 'update');
    for (const f of fields) {
      const res = await t.call('PATCH', `${base}/${id}`, { token, body: { [f.name]: fresh[f.name] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ ...before, [f.name]: fresh[f.name] });
      before[f.name] = fresh[f.name];
    }
    const audits = await auditCount();
    const last = fields[fields.length - 1]!;
    const again = await t.call('PATCH', `${base}/${id}`, { token, body: { [last.name]: fresh[last.name] } });
    expect(again.statusCode).toBe(200);
    expect(await auditCount()).toBe(audits); // nothing changed, nothing audited
    const second = validBody();
    await t.call('PATCH', `${base}/${id}`, { token, body: { [last.name]: second[last.name] } });
    const record = await lastAudit();
    expect(record.eventType).toBe('RecordUpdated');
    expect(record.message).toContain(`record ${id}`);
    expect(record.message).toContain(last.label);
  });

  it.runIf(canEdit)('refuses each broken rule on update and clearing a required field; nothing changes', async () => {
    const id = await someId();
    const token = await admin();
    const before = (await t.call('GET', `${base}/${id}`, { token })).json().data;
    const audits = await auditCount();
    for (const f of formFields(entity, 'update')) {
      const cases: [unknown, string][] = [...brokenValues(f)];
      if (f.required) cases.push([null, WRITE_MESSAGES.required(f.label)]);
      for (const [value, message] of cases) {
        const res = await t.call('PATCH', `${base}/${id}`, { token, body: { [f.name]: value } });
        expect(res.statusCode, `${f.name} = ${JSON.stringify(value)}`).toBe(400);
        expect(res.json().message).toContain(expected(value, message));
      }
    }
    const hidden = entity.fields.find((f) => f.form !== true);
    if (hidden) {
      const res = await t.call('PATCH', `${base}/${id}`, { token, body: { [hidden.name]: 1 } });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.call('GET', `${base}/${id}`, { token })).json().data).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const token = await admin();
    const missing = 2_000_000_000;
    const calls: [string, Body | undefined][] = [['GET', undefined]];
    if (canEdit) calls.push(['PATCH', {}]);
    for (const [method, body] of calls) {
      const res = await t.call(method, `${base}/${missing}`, { token, body });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: expect.stringContaining(`ID ${missing}`) });
      expect((await t.call(method, `${base}/abc`, { token, body })).statusCode).toBe(400);
    }
  });

  it('needs the declared permissions: 403 without them, nothing changed', async () => {
    const listOnly = [actionRule(entity, 'list')].flat().map(String);
    const token = await tokenWith(`${entity.name}-readers`, listOnly);
    const id = await someId();
    const rows = await rowCount();
    expect((await t.call('GET', `${base}/${id}`, { token })).statusCode).toBe(200);
    if (canCreate) {
      const res = await t.call('POST', base, { token, body: validBody() });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain([entity.access.create].flat()[0]);
    }
    if (canEdit) {
      const f = formFields(entity, 'update')[0]!;
      const res = await t.call('PATCH', `${base}/${id}`, { token, body: { [f.name]: validBody()[f.name] } });
      expect(res.statusCode).toBe(403);
    }
    expect(await rowCount()).toBe(rows);
    const nobody = await tokenWith(`${entity.name}-nobody`, ['use_tokens']);
    expect((await t.call('GET', `${base}/${id}`, { token: nobody })).statusCode).toBe(403);
  });

  it('documents the request bodies from the write schema in the OpenAPI document', async () => {
    const doc = (await t.call('GET', `${SERVICES[entity.service].prefix}/openapi.json`)).json();
    const path = entity.endpoint.replace(/\/$/, '');
    const bodyOf = (op: any) => op.requestBody.content['application/json'].schema;
    if (canCreate) {
      const schema = bodyOf(doc.paths[path].post);
      expect(Object.keys(schema.properties)).toEqual(formFields(entity, 'create').map((f) => f.name));
      expect(schema.required).toEqual(
        formFields(entity, 'create')
          .filter((f) => f.required)
          .map((f) => f.name),
      );
      expect(schema.additionalProperties).toBe(false);
    }
    if (canEdit) expect(doc.paths[`${path}/{id}`].patch).toBeDefined();
  });
});

describe('sensor models: the product example', () => {
  it('refuses a model name that is taken with a 409 naming the field', async () => {
    const [taken] = await t.ctx.db.select().from(sensorModels).limit(1);
    const body = {
      name: ` ${taken!.name} `,
      manufacturer: 'Airly',
      communication: 'GSM',
      parameters: 'pm25',
      firmwareFamily: 'gsm',
      introducedOn: '2024-01-01',
      inProduction: true,
    };
    const before = await auditCount();
    const res = await t.call('POST', '/api/sensor-models', { token: await admin(), body });
    expect(res.json()).toEqual({ status: 409, message: 'Model: another record already has this value' });
    const other = (
      await t.ctx.db
        .select()
        .from(sensorModels)
        .where(sql`${sensorModels.id} <> ${taken!.id}`)
    )[0]!;
    const rename = await t.call('PATCH', `/api/sensor-models/${other.id}`, {
      token: await admin(),
      body: { name: taken!.name },
    });
    expect(rename.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});

// A table built at run time, served by the same code (declaredWriteEndpoints takes any table).
const samples = pgTable('write_samples', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  note: text('note'),
  kind: text('kind'),
  count: integer('count').notNull(),
  ratio: doublePrecision('ratio'),
  day: date('day', { mode: 'string' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  flag: boolean('flag'),
  contractorId: integer('contractor_id').references(() => contractors.id),
  hidden: text('hidden'),
});

describe('declared writes on a table built at run time', () => {
  const entity: EntityDecl = {
    ...WRITE_SAMPLE,
    access: { ...WRITE_SAMPLE.access, delete: 'remove_sensors' },
  };
  let app: ReturnType<typeof Fastify>;
  let contractorId: number;
  const call = async (method: string, url: string, body?: unknown) =>
    app.inject({
      method: method as never,
      url: `/x${url}`,
      headers: { authorization: `Bearer ${await admin()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    await t.ctx.db.execute(sql`CREATE TABLE write_samples (
      id serial PRIMARY KEY, code text NOT NULL UNIQUE, note text, kind text, count integer NOT NULL,
      ratio double precision, day date, at timestamptz, flag boolean,
      contractor_id integer REFERENCES contractors (id), hidden text)`);
    contractorId = (await t.ctx.db.select({ id: contractors.id }).from(contractors).limit(1))[0]!.id;
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    await app.register(
      servicePlugin(
        {
          prefix: '/x',
          title: 'Samples',
          description: 'A table built at run time',
          routes: [(a, { db }) => declaredWriteEndpoints(a, db, entity, samples)],
        },
        t.ctx,
      ),
      { prefix: '/x' },
    );
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('writes every field type, references included, and reads them back', async () => {
    const body = {
      code: ' AB-1 ',
      note: 'first',
      kind: 'a',
      count: 3,
      ratio: 0.25,
      day: '2024-02-29',
      at: '2024-05-01T10:20:30.000Z',
      flag: true,
      contractorId,
    };
    const res = await call('POST', '/write-samples', body);
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json().data;
    expect(row).toEqual({ ...body, code: 'AB-1', id: row.id, hidden: null });
    const [stored] = await t.ctx.db.select().from(samples).where(eq(samples.id, row.id));
    expect(stored!.at).toEqual(new Date(body.at));
    const cleared = await call('PATCH', `/write-samples/${row.id}`, { note: '  ', contractorId: null, at: null });
    expect(cleared.json().data).toMatchObject({ note: null, contractorId: null, at: null, code: 'AB-1' });
    expect((await lastAudit()).message).toContain('Note "first" → empty');
  });

  it('refuses a reference to a missing row with a 400 naming the field, and a taken unique value with a 409', async () => {
    const before = await auditCount();
    const missing = await call('POST', '/write-samples', { code: 'AB-2', count: 1, contractorId: 1_999_999 });
    expect(missing.json()).toEqual({ status: 400, message: 'Contractor: no record with ID 1999999' });
    const created = (await call('POST', '/write-samples', { code: 'AB-3', count: 1 })).json().data;
    const patch = await call('PATCH', `/write-samples/${created.id}`, { contractorId: 1_999_998 });
    expect(patch.json()).toEqual({ status: 400, message: 'Contractor: no record with ID 1999998' });
    const taken = await call('POST', '/write-samples', { code: 'AB-3', count: 2 });
    expect(taken.json()).toEqual({ status: 409, message: 'Code: another record already has this value' });
    expect(await auditCount()).toBe(before + 1);
  });

  it('deletes with access.delete: 200 with the row, audited, then 404', async () => {
    const created = (await call('POST', '/write-samples', { code: 'AB-4', count: 1 })).json().data;
    const res = await call('DELETE', `/write-samples/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.code).toBe('AB-4');
    expect(await lastAudit()).toMatchObject({ eventType: 'RecordDeleted' });
    expect((await call('DELETE', `/write-samples/${created.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/write-samples/${created.id}`)).statusCode).toBe(404);
  });
});
