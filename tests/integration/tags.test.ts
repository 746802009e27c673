/**
 * Tag definitions over HTTP for the three contexts: create / update / remove, their validation
 * (name and type required, ENUM values trimmed and unique, names unique per context
 * case-insensitively), the data rules (no type change while values exist; ENUM values that are in
 * use cannot be removed: 409 naming how many entities hold them; removing a tag removes its values),
 * per-context permissions and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { lastAudit } from '../support/records';
import { TAG_CONTEXTS, TAG_TYPES, type TagContext } from '../../common/domain';
import {
  apiTokens,
  auditLogs,
  contractorTagValues,
  installationTagValues,
  roles,
  sensorTagValues,
  staffUsers,
  tags,
} from '../../server/db/schema';

let t: TestApp;
let admin: string;
const db = () => t.ctx.db;

const VALUE_TABLES = {
  sensors: sensorTagValues,
  installations: installationTagValues,
  contractors: contractorTagValues,
};
const SINGULAR: Record<TagContext, string> = {
  sensors: 'sensor',
  installations: 'installation',
  contractors: 'contractor',
};

interface Res {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(method: string, url: string, body?: unknown, token = admin): Promise<Res> {
  const r = await t.call(method, url, { token, body });
  return { status: r.statusCode, body: r.json() };
}

let userSeq = 0;
async function tokenWith(permissions: string[]): Promise<string> {
  const name = `tags_test_${++userSeq}`;
  const [role] = await db()
    .insert(roles)
    .values({ name, permissions: Object.fromEntries(permissions.map((p) => [p, true])) })
    .returning({ id: roles.id });
  const [user] = await db().insert(staffUsers).values({ name, roleId: role!.id }).returning({ id: staffUsers.id });
  return (await t.ctx.sessions.startSession(db(), user!.id)).tokens.accessToken;
}

async function tagRow(id: number) {
  const [r] = await db().select().from(tags).where(eq(tags.id, id));
  return r;
}

async function auditCount(type: string): Promise<number> {
  const [r] = await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.eventType, type));
  return Number(r!.n);
}

/** Some entity id of a context that exists in the demo seed. */
const ENTITY = { sensors: 1, installations: 1, contractors: 1 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});

afterAll(async () => {
  await t?.close();
});

describe.each(TAG_CONTEXTS)('%s tags', (context) => {
  const base = `/api/${context}/tags`;

  it('creates a tag of every type (201 { id }), listed by GET', async () => {
    for (const type of TAG_TYPES) {
      const name = `New ${type} tag`;
      const res = await call('POST', base, { name, type, values: type === 'ENUM' ? [' b ', 'a', 'C'] : ['ignored'] });
      expect(res.status, type).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number) });
      const row = await tagRow(res.body.id);
      expect(row).toMatchObject({ context, name, type, values: type === 'ENUM' ? ['C', 'a', 'b'] : [] });
      expect((await lastAudit(db(), 'TagCreated'))!.message).toContain(`Tag "${name}" (${type}`);
      const list = await call('GET', `${base}?includeMeta=true`);
      expect(list.body.data.tags).toContainEqual({ id: res.body.id, name, type, values: row!.values });
    }
  });

  it('validates name, type and ENUM values (400), changing nothing', async () => {
    const [{ n: before }] = (await db().select({ n: count() }).from(tags)) as [{ n: number }];
    const bad: [unknown, string?][] = [
      [{ type: 'STRING' }],
      [{ name: '   ', type: 'STRING' }, "Name can't be empty"],
      [{ name: 'x' }],
      [{ name: 'x', type: 'DATE' }],
      [{ name: 'x', type: 'ENUM' }, 'Values are required for an ENUM tag'],
      [{ name: 'x', type: 'ENUM', values: [] }, 'Values are required for an ENUM tag'],
      [{ name: 'x', type: 'ENUM', values: ['a', ' '] }, 'Values must not be empty'],
      [{ name: 'x', type: 'ENUM', values: ['a', 'b', ' A'] }, 'Value "A" is listed twice'],
      [{ name: 'x'.repeat(101), type: 'STRING' }],
      [['STRING']],
    ];
    for (const [body, message] of bad) {
      const res = await call('POST', base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    const [{ n: after }] = (await db().select({ n: count() }).from(tags)) as [{ n: number }];
    expect(Number(after)).toBe(Number(before));
  });

  it("keeps names unique per context, case-insensitively: 409 'Name already in use'", async () => {
    const first = await call('POST', base, { name: 'Unique Name', type: 'STRING' });
    expect(first.status).toBe(201);
    for (const name of ['Unique Name', 'unique name', '  UNIQUE NAME  ']) {
      const res = await call('POST', base, { name, type: 'TEXT' });
      expect(res).toEqual({ status: 409, body: { status: 409, message: 'Name already in use' } });
    }
    const other = await call('POST', base, { name: 'Other Name', type: 'STRING' });
    const rename = await call('PATCH', `${base}/${other.body.id}`, { name: 'UNIQUE name', type: 'STRING' });
    expect(rename.status).toBe(409);
    // renaming a tag to (a case variant of) its own name is fine
    expect((await call('PATCH', `${base}/${first.body.id}`, { name: 'unique NAME', type: 'STRING' })).status).toBe(200);
    // the same name in another context is a different tag
    const elsewhere = TAG_CONTEXTS.find((c) => c !== context)!;
    const res = await call('POST', `/api/${elsewhere}/tags`, { name: `Cross ${context}`, type: 'STRING' });
    expect(res.status).toBe(201);
    expect((await call('POST', base, { name: `Cross ${context}`, type: 'STRING' })).status).toBe(201);
  });

  it('updates name, type and values; refuses a type change while values exist', async () => {
    const created = await call('POST', base, { name: 'Changing', type: 'STRING' });
    const id = created.body.id as number;
    const res = await call('PATCH', `${base}/${id}`, { name: 'Changed', type: 'INTEGER', values: ['x'] });
    expect(res).toEqual({ status: 200, body: { id } });
    expect(await tagRow(id)).toMatchObject({ name: 'Changed', type: 'INTEGER', values: [] });
    expect((await lastAudit(db(), 'TagUpdated'))!.message).toContain('renamed to "Changed"; type STRING → INTEGER');

    const table = VALUE_TABLES[context];
    await db().insert(table).values({ entityId: ENTITY[context], tagId: id, value: 5 });
    const refused = await call('PATCH', `${base}/${id}`, { name: 'Changed', type: 'FLOAT' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Tag "Changed" holds values on 1 ${SINGULAR[context]}; clear them before changing its type from INTEGER to FLOAT`,
    );
    expect((await tagRow(id))!.type).toBe('INTEGER');
    // the same type with a new name is fine
    expect((await call('PATCH', `${base}/${id}`, { name: 'Changed again', type: 'INTEGER' })).status).toBe(200);
    expect((await call('PATCH', `${base}/999999`, { name: 'x', type: 'STRING' })).status).toBe(404);
  });

  it('refuses to drop ENUM values that entities hold (409 with the count); other value changes pass', async () => {
    const created = await call('POST', base, { name: 'Colour', type: 'ENUM', values: ['red', 'green', 'blue'] });
    const id = created.body.id as number;
    const table = VALUE_TABLES[context];
    await db()
      .insert(table)
      .values([
        { entityId: 1, tagId: id, value: 'red' },
        { entityId: 2, tagId: id, value: 'red' },
        { entityId: 3, tagId: id, value: 'green' },
      ]);
    const audits = await auditCount('TagUpdated');
    const refused = await call('PATCH', `${base}/${id}`, { name: 'Colour', type: 'ENUM', values: ['green', 'blue'] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `2 ${context} hold values removed from the list ("red"); change them before removing the values`,
    );
    const both = await call('PATCH', `${base}/${id}`, { name: 'Colour', type: 'ENUM', values: ['blue'] });
    expect(both.body.message).toMatch(/^3 .* \("(red|green)", "(red|green)"\)/);
    expect((await tagRow(id))!.values).toEqual(['blue', 'green', 'red']);
    expect(await auditCount('TagUpdated')).toBe(audits);

    const ok = await call('PATCH', `${base}/${id}`, {
      name: 'Colour',
      type: 'ENUM',
      values: ['red', 'green', ' yellow '],
    });
    expect(ok.status).toBe(200);
    expect((await tagRow(id))!.values).toEqual(['green', 'red', 'yellow']);
    expect((await lastAudit(db(), 'TagUpdated'))!.message).toContain('values: green, red, yellow');
    expect((await call('PATCH', `${base}/${id}`, { name: 'Colour', type: 'ENUM', values: [] })).status).toBe(400);
  });

  it('removes a tag with its values (the associated data) and audits it', async () => {
    const created = await call('POST', base, { name: 'Doomed', type: 'BOOLEAN' });
    const id = created.body.id as number;
    const table = VALUE_TABLES[context];
    await db()
      .insert(table)
      .values([
        { entityId: 1, tagId: id, value: true },
        { entityId: 2, tagId: id, value: false },
      ]);
    const res = await call('DELETE', `${base}/${id}`);
    expect(res).toEqual({ status: 200, body: { id } });
    expect(await tagRow(id)).toBeUndefined();
    const left = await db().select().from(table).where(eq(table.tagId, id));
    expect(left).toEqual([]);
    expect((await lastAudit(db(), 'TagRemoved'))!.message).toBe(
      `Tag "Doomed" (BOOLEAN, id ${id}) of ${context} removed with its values on 2 ${context}`,
    );
    expect((await call('DELETE', `${base}/${id}`)).status).toBe(404);
  });

  it('removes its per-tag permission names from every role and API token scope, audited', async () => {
    const s = SINGULAR[context];
    const doomed = (await call('POST', base, { name: 'Doomed perms', type: 'STRING' })).body.id as number;
    const kept = (await call('POST', base, { name: 'Kept perms', type: 'STRING' })).body.id as number;
    // Stored in mixed case on purpose: names match case-insensitively.
    const owner = await tokenWith([
      'use_tokens',
      `VIEW_${s.toUpperCase()}_TAG_${doomed}`,
      `edit_${s}_tag_${doomed}`,
      `view_${s}_tag_${kept}`,
    ]);
    const [ownerRole] = await db()
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.name, `tags_test_${userSeq}`));
    const token = await call(
      'POST',
      '/api/integrations',
      {
        name: 'scoped',
        permissions: [`view_${s}_tag_${doomed}`, `edit_${s}_tag_${doomed}`, `view_${s}_tag_${kept}`],
        time: 3.6e6,
      },
      owner,
    );
    expect(token.status).toBe(201);
    const [tokenRow] = await db()
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(eq(apiTokens.name, 'scoped'))
      .orderBy(desc(apiTokens.id))
      .limit(1);
    const roleUpdates = await auditCount('RoleUpdated');

    expect((await call('DELETE', `${base}/${doomed}`)).status).toBe(200);

    const [role] = await db().select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, ownerRole!.id));
    expect(role!.permissions).toEqual({ use_tokens: true, [`view_${s}_tag_${kept}`]: true });
    const [scope] = await db()
      .select({ permissions: apiTokens.permissions })
      .from(apiTokens)
      .where(eq(apiTokens.id, tokenRow!.id));
    expect(scope!.permissions).toEqual([`view_${s}_tag_${kept}`]);
    // No role anywhere keeps a name of the removed tag.
    for (const r of await db().select({ permissions: roles.permissions }).from(roles))
      for (const name of Object.keys(r.permissions))
        expect(name.toLowerCase()).not.toMatch(new RegExp(`^(view|edit)_${s}_tag_${doomed}$`));
    expect(await auditCount('RoleUpdated')).toBe(roleUpdates + 1);
    expect((await lastAudit(db(), 'RoleUpdated'))!.message).toBe(
      `Role "${ownerRole!.name}" −2 permissions (removed edit_${s}_tag_${doomed}, view_${s}_tag_${doomed}): tag "Doomed perms" (id ${doomed}) of ${context} was removed`,
    );
    expect((await lastAudit(db(), 'TagRemoved'))!.message).toBe(
      `Tag "Doomed perms" (STRING, id ${doomed}) of ${context} removed with its values on 0 ${context}; its permissions view_${s}_tag_${doomed}, edit_${s}_tag_${doomed} removed from 1 role and 1 API token`,
    );
  });

  it('is a 404 for a tag of another context', async () => {
    const elsewhere = TAG_CONTEXTS.find((c) => c !== context)!;
    const [foreign] = await db().select({ id: tags.id }).from(tags).where(eq(tags.context, elsewhere)).limit(1);
    expect((await call('PATCH', `${base}/${foreign!.id}`, { name: 'x', type: 'STRING' })).status).toBe(404);
    expect((await call('DELETE', `${base}/${foreign!.id}`)).status).toBe(404);
    expect(await tagRow(foreign!.id)).toBeDefined();
  });

  it('needs add_/modify_/remove_tags or the per-context variant', async () => {
    const s = SINGULAR[context];
    const elsewhere = TAG_CONTEXTS.find((c) => c !== context)!;
    const viewer = await t.tokenOf('viewer');
    expect((await call('POST', base, { name: 'No', type: 'STRING' }, viewer)).status).toBe(403);

    const own = await tokenWith([`add_${s}_tags`, `modify_${s}_tags`, `remove_${s}_tags`]);
    const created = await call('POST', base, { name: `Mine ${s}`, type: 'STRING' }, own);
    expect(created.status).toBe(201);
    expect(
      (await call('PATCH', `${base}/${created.body.id}`, { name: `Mine ${s} 2`, type: 'STRING' }, own)).status,
    ).toBe(200);
    expect((await call('POST', `/api/${elsewhere}/tags`, { name: 'Not mine', type: 'STRING' }, own)).status).toBe(403);
    const [foreign] = await db().select({ id: tags.id }).from(tags).where(eq(tags.context, elsewhere)).limit(1);
    expect(
      (await call('PATCH', `/api/${elsewhere}/tags/${foreign!.id}`, { name: 'x', type: 'STRING' }, own)).status,
    ).toBe(403);
    expect((await call('DELETE', `/api/${elsewhere}/tags/${foreign!.id}`, undefined, own)).status).toBe(403);
    expect((await call('DELETE', `${base}/${created.body.id}`, undefined, own)).status).toBe(200);

    const global = await tokenWith(['ADD_TAGS', 'modify_tags', 'remove_tags']);
    const g = await call('POST', base, { name: `Global ${s}`, type: 'TEXT' }, global);
    expect(g.status).toBe(201);
    expect((await call('PATCH', `${base}/${g.body.id}`, { name: `Global ${s}`, type: 'STRING' }, global)).status).toBe(
      200,
    );
    expect((await call('DELETE', `${base}/${g.body.id}`, undefined, global)).status).toBe(200);

    const onlyAdd = await tokenWith(['add_tags']);
    const a = await call('POST', base, { name: `Add only ${s}`, type: 'TEXT' }, onlyAdd);
    expect((await call('PATCH', `${base}/${a.body.id}`, { name: 'x', type: 'TEXT' }, onlyAdd)).status).toBe(403);
    expect((await call('DELETE', `${base}/${a.body.id}`, undefined, onlyAdd)).status).toBe(403);
    expect(await tagRow(a.body.id)).toMatchObject({ name: `Add only ${s}` });
  });
});

describe('tags and the rest of the API', () => {
  it('a new sensor tag is editable on sensors at once, and its values go away with it', async () => {
    const created = await call('POST', '/api/sensors/tags', {
      name: 'Calibrated by',
      type: 'ENUM',
      values: ['Anna', 'Jan'],
    });
    const id = created.body.id as number;
    expect((await call('PATCH', `/api/sensors/1/tags/${id}`, { value: 'Jan' })).status).toBe(200);
    expect((await call('PATCH', `/api/sensors/1/tags/${id}`, { value: 'Ola' })).status).toBe(400);
    expect((await call('GET', '/api/sensors/1')).body.data.sensor.tags[String(id)]).toBe('Jan');
    await call('DELETE', `/api/sensors/tags/${id}`);
    expect((await call('GET', '/api/sensors/1')).body.data.sensor.tags[String(id)]).toBeUndefined();
    const left = await db()
      .select()
      .from(sensorTagValues)
      .where(and(eq(sensorTagValues.tagId, id), eq(sensorTagValues.entityId, 1)));
    expect(left).toEqual([]);
  });
});

describe('tag values that read as other JSON', () => {
  // A text value such as "123" is stored as the JSON string "123"; read back through the database
  // driver and drizzle's jsonb column it was parsed twice and came back as the number 123.
  const VALUES = ['123', 'true', '[1]', 'null', '{"a":1}', 'plain'];

  it.each(TAG_CONTEXTS)(
    '%s: a STRING value stays the string written, in the answer, the record and the list',
    async (context) => {
      const created = await call('POST', `/api/${context}/tags`, {
        name: `Looks like JSON ${context}`,
        type: 'STRING',
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const firstRow = (await call('GET', `/api/${context}?limit=1`)).body.data[context][0];
      const first = firstRow.id as number;
      // Installations are addressed by their business number.
      const path = `/api/${context}/${context === 'installations' ? firstRow.installationId : first}`;
      const listQuery = `query=${encodeURIComponent(`id = ${first}`)}`;
      for (const value of VALUES) {
        const set = await call('PATCH', `${path}/tags/${id}`, { value });
        expect(set.status, JSON.stringify(set.body)).toBe(200);
        expect(set.body.data.value).toBe(value);
        const list = await call('GET', `/api/${context}?${listQuery}`);
        expect(list.status).toBe(200);
        const row = list.body.data[context][0];
        expect(row.tags?.[String(id)] ?? row[`tag_${id}`]).toBe(value);
        const [stored] = await db()
          .select({ value: VALUE_TABLES[context].value })
          .from(VALUE_TABLES[context])
          .where(and(eq(VALUE_TABLES[context].tagId, id), eq(VALUE_TABLES[context].entityId, first)));
        expect(stored!.value).toBe(value);
      }
      if (context === 'sensors')
        expect((await call('GET', `/api/sensors/${first}`)).body.data.sensor.tags[String(id)]).toBe('plain');
    },
  );
});
