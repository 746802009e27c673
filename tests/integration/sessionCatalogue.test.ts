/**
 * A session's requests share one permission set and, per list, one query catalogue built from it
 * (server/auth/sessions.ts, server/lists/tags.ts). Both must follow changes at once: a tag created
 * is queryable by the very next request of the same session, and a permission taken from the
 * session's role closes the field it guarded on the next request. Over HTTP, one token throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});
afterAll(async () => t?.close());

const listStatus = async (token: string, query: string) =>
  (await t.call('GET', `/api/installations?limit=5&query=${encodeURIComponent(query)}`, { token })).statusCode;

describe('a session query catalogue', () => {
  it('knows a tag created after the session first used the list', async () => {
    const query = 'tag."Catalogue probe" = 1';
    expect(await listStatus(admin, query)).toBe(400);
    const created = await t.call('POST', '/api/installations/tags', {
      token: admin,
      body: { name: 'Catalogue probe', type: 'INTEGER' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await listStatus(admin, query)).toBe(200);
  });

  it("loses a field when the session's role loses the permission that guards it", async () => {
    const technician = (await t.login('technician')).tokens.accessToken;
    const roles = (await t.call('GET', '/api/admin/roles', { token: admin })).json().data as {
      id: number;
      name: string;
      permissions: Record<string, boolean>;
    }[];
    const role = roles.find((r) => r.name === 'technician')!;
    const granted = Object.keys(role.permissions).filter((p) => role.permissions[p]);
    const setPermissions = async (permissions: string[]) => {
      const res = await t.call('PATCH', `/api/admin/roles/${role.id}`, {
        token: admin,
        body: { name: role.name, permissions },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const query = 'sensorToken = "no-such-token"';
    try {
      await setPermissions([...new Set([...granted, 'view_sensortoken'])]);
      expect(await listStatus(technician, query)).toBe(200);
      await setPermissions(granted.filter((p) => p !== 'view_sensortoken'));
      expect(await listStatus(technician, query)).toBe(400);
    } finally {
      await setPermissions(granted);
    }
  });
});
