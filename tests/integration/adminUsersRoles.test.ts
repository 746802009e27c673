/**
 * Staff users and roles over HTTP on the demo seed (PGlite, or PostgreSQL with TEST_DB=postgres):
 * listing and filtering, role and enabled changes, forced logout, the role catalogue and its
 * protected roles, every refusal, per-permission 403s, audit events, and that a role change
 * reaches the affected users on their very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_EXPIRY_MS } from '../../common/domain';
import { PERMISSIONS } from '../../common/permissions';
import { createTestApp, type TestApp } from '../support/testApp';

interface AdminUser {
  id: number;
  name: string;
  displayName: string | null;
  role: string;
  enabled: boolean;
}
interface Role {
  id: number;
  name: string;
  permissions: Record<string, boolean>;
  builtIn: boolean;
  userCount: number;
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});
afterAll(async () => {
  await t?.close();
});

async function users(query = 'showDisabled=true'): Promise<AdminUser[]> {
  const res = await t.call('GET', `/api/admin/users?${query}`, { token: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data.data;
}
const userNamed = async (name: string) => (await users()).find((u) => u.name === name)!;

async function roles(): Promise<Role[]> {
  const res = await t.call('GET', '/api/admin/roles', { token: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const roleNamed = async (name: string) => (await roles()).find((r) => r.name.toLowerCase() === name.toLowerCase());

/** The newest admin audit events of a type. */
async function auditOf(type: string): Promise<{ userName: string | null; message: string; sourceName: string }[]> {
  const res = await t.call('GET', `/api/audit/logs/admin?type=${type}&limit=10`, { token: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data.logs;
}

async function auditCount(type: string): Promise<number> {
  const res = await t.call('GET', `/api/audit/logs/admin?type=${type}&limit=10`, { token: admin });
  return res.json().meta.totalCount;
}

/** An API token of the admin carrying every permission except the given ones. */
async function adminTokenWithout(...missing: string[]): Promise<string> {
  const res = await t.call('POST', '/api/integrations', {
    token: admin,
    body: {
      name: `without ${missing.join(' ')}`,
      permissions: PERMISSIONS.filter((p) => !missing.includes(p)),
      time: DEFAULT_TOKEN_EXPIRY_MS,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token;
}

const patchUser = (id: number, body: unknown, token = admin) =>
  t.call('PATCH', `/api/admin/users/${id}`, { token, body });
const patchRole = (id: number, body: unknown, token = admin) =>
  t.call('PATCH', `/api/admin/roles/${id}`, { token, body });
const granted = (role: Role) => Object.keys(role.permissions).filter((p) => role.permissions[p]);

describe('GET /admin/users', () => {
  it('lists enabled users by default and every user with showDisabled=true', async () => {
    const enabled = await users('');
    expect(enabled.every((u) => u.enabled)).toBe(true);
    expect(enabled.map((u) => u.name)).not.toContain('ewa.lewandowska');
    const all = await users();
    expect(all.find((u) => u.name === 'ewa.lewandowska')).toMatchObject({
      enabled: false,
      role: 'default',
      displayName: 'Ewa Lewandowska',
    });
    expect(all.length).toBe(enabled.length + 1);
    expect(all.find((u) => u.name === 'technician')).toMatchObject({
      role: 'technician',
      displayName: 'Tomasz Technik',
      avatar: null,
    });
  });

  it('filters by username or display name, case-insensitively', async () => {
    expect((await users('search=KOWAL')).map((u) => u.name)).toEqual(['anna.kowalska']);
    expect((await users('search=technik')).map((u) => u.name)).toEqual(['technician']);
    expect(await users('search=nobody-like-this')).toEqual([]);
    // LIKE wildcards are matched literally.
    expect(await users('search=%25')).toEqual([]);
  });
});

describe('PATCH /admin/users/:id', () => {
  it('changes the role of another user and writes UserRoleChanged', async () => {
    const jan = await userNamed('jan.nowak');
    const res = await patchUser(jan.id, { role: 'viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: jan.id, role: 'viewer', enabled: true });
    expect((await auditOf('UserRoleChanged'))[0]).toMatchObject({
      userName: 'admin',
      message: 'Role of jan.nowak changed from default to viewer',
    });
    // Role names are matched case-insensitively; the stored name comes back.
    expect((await patchUser(jan.id, { role: 'DEFAULT' })).json().role).toBe('default');
  });

  it('refuses an unknown role and an empty change', async () => {
    const jan = await userNamed('jan.nowak');
    const unknown = await patchUser(jan.id, { role: 'astronaut' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Role "astronaut" does not exist');
    expect((await patchUser(jan.id, {})).statusCode).toBe(400);
    expect((await patchUser(jan.id, { enabled: 'yes' })).statusCode).toBe(400);
  });

  it('nobody changes their own role or enabled state', async () => {
    const me = await userNamed('admin');
    const before = (await auditCount('UserRoleChanged')) + (await auditCount('UserDisabled'));
    for (const body of [{ role: 'viewer' }, { enabled: false }, { role: 'admin', enabled: true }]) {
      const res = await patchUser(me.id, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot change your own role or enabled state');
    }
    expect(await userNamed('admin')).toMatchObject({ role: 'admin', enabled: true });
    expect((await auditCount('UserRoleChanged')) + (await auditCount('UserDisabled'))).toBe(before);
  });

  it('404 for an unknown user', async () => {
    expect((await patchUser(99999, { enabled: false })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/admin/users/99999/logout', { token: admin })).statusCode).toBe(404);
  });

  it("disabling ends the user's sessions and deactivates their tokens at once; enabling lets them sign in again", async () => {
    const session = await t.login('technician');
    const created = await t.call('POST', '/api/integrations', {
      token: session.tokens.accessToken,
      body: { name: 'probe', permissions: ['view_sensors'], time: DEFAULT_TOKEN_EXPIRY_MS },
    });
    expect(created.statusCode).toBe(201);
    const apiToken: string = created.json().token;
    expect((await t.call('GET', '/api/integrations', { token: apiToken })).statusCode).toBe(403); // token lacks use_tokens…
    expect((await t.call('GET', '/api/admin/users', { token: apiToken })).statusCode).toBe(403); // …but it authenticates

    const tech = await userNamed('technician');
    const off = await patchUser(tech.id, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, role: 'technician' });

    expect((await t.call('GET', '/api/integrations', { token: session.tokens.accessToken })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', { token: session.tokens.refreshToken })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/users', { token: apiToken })).statusCode).toBe(401);
    await expect(t.login('technician')).rejects.toThrow(/403/);
    expect((await users('')).map((u) => u.name)).not.toContain('technician');
    expect((await auditOf('UserDisabled'))[0]).toMatchObject({
      userName: 'admin',
      message: 'technician disabled; their tokens were deactivated and sessions ended',
    });

    const on = await patchUser(tech.id, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true });
    expect((await auditOf('UserEnabled'))[0]).toMatchObject({ userName: 'admin', message: 'technician enabled' });
    const again = await t.login('technician');
    expect((await t.call('GET', '/api/integrations', { token: again.tokens.accessToken })).statusCode).toBe(200);
    // The deactivated token stays dead.
    expect((await t.call('GET', '/api/admin/users', { token: apiToken })).statusCode).toBe(401);
    const mine = (await t.call('GET', '/api/integrations', { token: again.tokens.accessToken })).json().data
      .integrations;
    expect(mine.find((x: { name: string }) => x.name === 'probe')).toMatchObject({ active: false });
  });

  it('setting the enabled state it already has writes no audit event', async () => {
    const anna = await userNamed('anna.kowalska');
    const before = await auditCount('UserEnabled');
    expect((await patchUser(anna.id, { enabled: true })).statusCode).toBe(200);
    expect(await auditCount('UserEnabled')).toBe(before);
  });
});

describe('POST /admin/users/:id/logout', () => {
  it('ends every session of the user and writes UserSessionsInvalidated', async () => {
    const a = await t.login('viewer');
    const b = await t.login('viewer');
    const viewer = await userNamed('viewer');
    const res = await t.call('POST', `/api/admin/users/${viewer.id}/logout`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().invalidated).toBeGreaterThanOrEqual(2);
    for (const s of [a, b]) {
      expect((await t.call('GET', '/api/admin/roles', { token: s.tokens.accessToken })).statusCode).toBe(401);
      expect((await t.call('GET', '/api/me', { token: s.tokens.refreshToken })).statusCode).toBe(401);
    }
    expect((await auditOf('UserSessionsInvalidated'))[0]).toMatchObject({
      userName: 'admin',
      message: expect.stringMatching(/^All \d+ sessions of viewer invalidated$/),
    });
    // The user can sign in again.
    expect((await t.login('viewer')).user.role).toBe('viewer');
  });
});

describe('GET /admin/roles', () => {
  it('returns every role with the whole catalogue as a map, the built-in flag and the user count', async () => {
    const list = await roles();
    expect(list.map((r) => r.name)).toEqual(
      expect.arrayContaining(['admin', 'default', 'viewer', 'technician', 'sales']),
    );
    const adminRole = list.find((r) => r.name === 'admin')!;
    expect(adminRole).toMatchObject({ builtIn: true, userCount: 1 });
    expect(PERMISSIONS.every((p) => adminRole.permissions[p] === true)).toBe(true);
    const def = list.find((r) => r.name === 'default')!;
    expect(def.builtIn).toBe(true);
    expect(def.userCount).toBe((await users()).filter((u) => u.role === 'default').length);
    expect(Object.keys(def.permissions)).toEqual(expect.arrayContaining([...PERMISSIONS]));
    expect(granted(def).sort()).toEqual(['use_tokens', 'view_installations', 'view_sensors']);
    expect(list.find((r) => r.name === 'viewer')!.builtIn).toBe(false);
  });
});

describe('POST /admin/roles', () => {
  it('creates a role from a list or a map, with per-record permissions, and writes RoleCreated', async () => {
    const res = await t.call('POST', '/api/admin/roles', {
      token: admin,
      body: { name: 'Auditors', permissions: ['view_logs', 'ADMIN_VIEW_LOGS', 'view_sensor_tag_5'] },
    });
    expect(res.statusCode).toBe(201);
    const role: Role = res.json();
    expect(role).toMatchObject({ name: 'Auditors', builtIn: false, userCount: 0 });
    expect(granted(role).sort()).toEqual(['admin_view_logs', 'view_logs', 'view_sensor_tag_5']);
    expect(role.permissions.view_sensors).toBe(false);
    expect((await auditOf('RoleCreated'))[0]).toMatchObject({
      userName: 'admin',
      message: 'Role "Auditors" created with 3 permissions',
    });

    const fromMap = await t.call('POST', '/api/admin/roles', {
      token: admin,
      body: { name: 'Mapped', permissions: { view_tags: true, view_logs: false } },
    });
    expect(fromMap.statusCode).toBe(201);
    expect(granted(fromMap.json())).toEqual(['view_tags']);
    const empty = await t.call('POST', '/api/admin/roles', { token: admin, body: { name: 'Empty' } });
    expect(empty.statusCode).toBe(201);
    expect(granted(empty.json())).toEqual([]);
  });

  it('requires a name and refuses a name in use, case-insensitively (409)', async () => {
    for (const name of ['', '   ']) {
      const res = await t.call('POST', '/api/admin/roles', { token: admin, body: { name, permissions: [] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('It is required');
    }
    for (const name of ['viewer', 'VIEWER', ' Viewer ', 'Admin', 'DEFAULT']) {
      const res = await t.call('POST', '/api/admin/roles', { token: admin, body: { name, permissions: [] } });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({ status: 409, message: 'Name already in use' });
    }
  });

  it('refuses unknown permissions (400) and creates nothing', async () => {
    const res = await t.call('POST', '/api/admin/roles', {
      token: admin,
      body: { name: 'Pilots', permissions: ['view_sensors', 'fly_rockets'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown permissions: fly_rockets');
    expect(await roleNamed('Pilots')).toBeUndefined();
  });
});

describe('PATCH /admin/roles/:id', () => {
  it('renames and replaces the permissions, returns the role and writes RoleUpdated', async () => {
    const created: Role = (
      await t.call('POST', '/api/admin/roles', {
        token: admin,
        body: { name: 'Interns', permissions: ['view_sensors'] },
      })
    ).json();
    const res = await patchRole(created.id, {
      name: 'Trainees',
      permissions: { view_sensors: false, view_tags: true, view_logs: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Trainees' });
    expect(granted(res.json()).sort()).toEqual(['view_logs', 'view_tags']);
    expect((await auditOf('RoleUpdated'))[0]).toMatchObject({
      userName: 'admin',
      message: expect.stringContaining('Role "Interns" renamed to "Trainees", +2 −1 permissions'),
    });
    // Same name in a different case is the role's own name: allowed.
    expect((await patchRole(created.id, { name: 'TRAINEES', permissions: [] })).statusCode).toBe(200);
  });

  it('refuses a name in use (409, case-insensitive), unknown permissions (400) and unknown roles (404)', async () => {
    const viewer = (await roleNamed('viewer'))!;
    for (const name of ['Technician', 'admin', 'Default']) {
      const res = await patchRole(viewer.id, { name, permissions: granted(viewer) });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toBe('Name already in use');
    }
    const unknown = await patchRole(viewer.id, { name: 'viewer', permissions: ['view_sensors', 'eat_cake'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown permissions: eat_cake');
    expect((await patchRole(99999, { name: 'x', permissions: [] })).statusCode).toBe(404);
    expect(granted((await roleNamed('viewer'))!).sort()).toEqual(granted(viewer).sort());
  });

  it('the admin role cannot be edited at all', async () => {
    const adminRole = (await roleNamed('admin'))!;
    for (const body of [
      { name: 'admin', permissions: granted(adminRole) },
      { name: 'admin', permissions: ['view_sensors'] },
      { name: 'superusers', permissions: granted(adminRole) },
    ]) {
      const res = await patchRole(adminRole.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The admin role cannot be edited');
    }
    expect((await roleNamed('admin'))!.permissions).toEqual(adminRole.permissions);
  });

  it('the default role cannot be renamed (not even its case), but its permissions can change', async () => {
    const def = (await roleNamed('default'))!;
    for (const name of ['users', 'Default', 'DEFAULT']) {
      const res = await patchRole(def.id, { name, permissions: granted(def) });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message).toBe('The default role cannot be renamed');
    }
    const res = await patchRole(def.id, { name: 'default', permissions: [...granted(def), 'view_tags'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.view_tags).toBe(true);
    expect((await patchRole(def.id, { name: 'default', permissions: granted(def) })).statusCode).toBe(200);
  });
});

describe('DELETE /admin/roles/:id', () => {
  it('admin and default cannot be deleted', async () => {
    for (const name of ['admin', 'default']) {
      const role = (await roleNamed(name))!;
      const res = await t.call('DELETE', `/api/admin/roles/${role.id}`, { token: admin });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(`The ${name} role cannot be deleted`);
      expect(await roleNamed(name)).toBeDefined();
    }
  });

  it("moves the role's users to the default role and writes RoleDeleted", async () => {
    const temp: Role = (
      await t.call('POST', '/api/admin/roles', {
        token: admin,
        body: { name: 'Temporary', permissions: ['view_sensors'] },
      })
    ).json();
    const jan = await userNamed('jan.nowak');
    const piotr = await userNamed('piotr.wisniewski');
    await patchUser(jan.id, { role: 'Temporary' });
    await patchUser(piotr.id, { role: 'Temporary' });
    expect((await roleNamed('Temporary'))!.userCount).toBe(2);
    const defaultCount = (await roleNamed('default'))!.userCount;

    const res = await t.call('DELETE', `/api/admin/roles/${temp.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: temp.id, name: 'Temporary', movedUsers: 2 });
    expect(await roleNamed('Temporary')).toBeUndefined();
    expect((await userNamed('jan.nowak')).role).toBe('default');
    expect((await userNamed('piotr.wisniewski')).role).toBe('default');
    expect((await roleNamed('default'))!.userCount).toBe(defaultCount + 2);
    expect((await auditOf('RoleDeleted'))[0]).toMatchObject({
      userName: 'admin',
      message: 'Role "Temporary" deleted; 2 users moved to the default role',
    });
    expect((await t.call('DELETE', `/api/admin/roles/${temp.id}`, { token: admin })).statusCode).toBe(404);
  });
});

describe('a role change takes effect on the next request', () => {
  it("editing the technician role changes what the technician's existing token may do", async () => {
    const session = await t.login('technician');
    const token = session.tokens.accessToken;
    expect((await t.call('GET', '/api/integrations', { token })).statusCode).toBe(200);
    const technician = (await roleNamed('technician'))!;
    const without = granted(technician).filter((p) => p !== 'use_tokens');
    expect((await patchRole(technician.id, { name: 'technician', permissions: without })).statusCode).toBe(200);
    // Same token, no new login: refused now.
    const refused = await t.call('GET', '/api/integrations', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/use_tokens/);
    // A refresh hands out the new permission list.
    const refreshed = (await t.call('GET', '/api/me', { token: session.tokens.refreshToken })).json();
    expect(refreshed.user.permissions).not.toContain('use_tokens');
    // Restored: allowed again on the next request.
    expect((await patchRole(technician.id, { name: 'technician', permissions: granted(technician) })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/api/integrations', { token })).statusCode).toBe(200);
  });

  it("moving a user to another role changes their existing token's permissions", async () => {
    const session = await t.login('technician');
    const token = session.tokens.accessToken;
    const tech = await userNamed('technician');
    expect((await t.call('GET', '/api/integrations', { token })).statusCode).toBe(200);
    await patchUser(tech.id, { role: 'viewer' });
    expect((await t.call('GET', '/api/integrations', { token })).statusCode).toBe(403);
    await patchUser(tech.id, { role: 'technician' });
    expect((await t.call('GET', '/api/integrations', { token })).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('401 without a token', async () => {
    expect((await t.call('GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/roles')).statusCode).toBe(401);
  });

  it('403 for each call without its permission', async () => {
    const jan = await userNamed('jan.nowak');
    const viewer = (await roleNamed('viewer'))!;
    const cases: [string[], string, string, unknown?][] = [
      [['admin_view_users'], 'GET', '/api/admin/users'],
      [['admin_edit_users'], 'PATCH', `/api/admin/users/${jan.id}`, { role: 'viewer' }],
      [['admin_logout_users'], 'POST', `/api/admin/users/${jan.id}/logout`],
      [['admin_view_roles', 'admin_view_users'], 'GET', '/api/admin/roles'],
      [['admin_add_roles'], 'POST', '/api/admin/roles', { name: 'Nope', permissions: [] }],
      [['admin_edit_roles'], 'PATCH', `/api/admin/roles/${viewer.id}`, { name: 'viewer', permissions: [] }],
      [['admin_remove_roles'], 'DELETE', `/api/admin/roles/${viewer.id}`],
    ];
    for (const [missing, method, url, body] of cases) {
      const token = await adminTokenWithout(...missing);
      const res = await t.call(method, url, { token, body });
      expect(res.statusCode, `${method} ${url} without ${missing}`).toBe(403);
      expect(res.json().message).toContain(missing[0]);
    }
    // Nothing changed.
    expect((await userNamed('jan.nowak')).role).toBe(jan.role);
    expect(await roleNamed('Nope')).toBeUndefined();
    expect(granted((await roleNamed('viewer'))!).sort()).toEqual(granted(viewer).sort());
  });

  it('either admin_view_roles or admin_view_users reads the roles (the users screen needs them)', async () => {
    expect(
      (await t.call('GET', '/api/admin/roles', { token: await adminTokenWithout('admin_view_roles') })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('GET', '/api/admin/roles', { token: await adminTokenWithout('admin_view_users') })).statusCode,
    ).toBe(200);
  });

  it('a viewer is refused every admin call', async () => {
    const token = await t.tokenOf('viewer');
    const jan = await userNamed('jan.nowak');
    expect((await t.call('GET', '/api/admin/users', { token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/roles', { token })).statusCode).toBe(403);
    expect((await patchUser(jan.id, { enabled: false }, token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/admin/roles', { token, body: { name: 'x', permissions: [] } })).statusCode).toBe(
      403,
    );
  });
});
