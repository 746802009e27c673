/**
 * Privilege escalation over HTTP on the demo seed (PGlite, or PostgreSQL with TEST_DB=postgres):
 * nobody grants or assigns what they do not hold. A test per permission of the catalogue, generated
 * from PERMISSIONS: a custom role holding the editing permissions but not that one is refused on every
 * grant/assign path (grant it to a role, create a role with it, assign a role holding it, create a
 * token with it) and a custom role holding it succeeds. Then the admin role (only admins assign it),
 * the last enabled admin (never demoted or disabled, also under two concurrent demotions), one's own
 * role (never edited or deleted), role deletion (moves users to the default role: an assignment),
 * per-record permissions (covered by their family), and a token-made token's expiry (capped).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_TOKEN_EXPIRY_MS, TOKEN_EXPIRY_OPTIONS } from '../../common/domain';
import { PERMISSIONS } from '../../common/permissions';
import { apiTokens } from '../../server/db/schema';
import { createTestApp, usePostgres, type TestApp } from '../support/testApp';

interface Role {
  id: number;
  name: string;
  permissions: Record<string, boolean>;
  userCount: number;
}
interface AdminUser {
  id: number;
  name: string;
  role: string;
  enabled: boolean;
}

const HOUR = TOKEN_EXPIRY_OPTIONS.find((o) => o.id === 'hour')!.ms;
const YEAR = TOKEN_EXPIRY_OPTIONS.find((o) => o.id === 'year')!.ms;
/** What each grant/assign path needs to be reached at all. */
const EDITING = ['admin_edit_roles', 'admin_add_roles', 'admin_edit_users', 'use_tokens'] as const;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});
afterAll(async () => {
  await t?.close();
});

async function roles(): Promise<Role[]> {
  const res = await t.call('GET', '/api/admin/roles', { token: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const roleNamed = async (name: string) => (await roles()).find((r) => r.name.toLowerCase() === name.toLowerCase());
const granted = (role: Role) =>
  Object.keys(role.permissions)
    .filter((p) => role.permissions[p])
    .sort();

async function users(token = admin): Promise<AdminUser[]> {
  const res = await t.call('GET', '/api/admin/users?showDisabled=true', { token });
  expect(res.statusCode).toBe(200);
  return res.json().data.data;
}
const userNamed = async (name: string) => (await users()).find((u) => u.name === name)!;

const createRole = (name: string, permissions: readonly string[], token = admin) =>
  t.call('POST', '/api/admin/roles', { token, body: { name, permissions } });
const patchRole = (id: number, name: string, permissions: readonly string[], token = admin) =>
  t.call('PATCH', `/api/admin/roles/${id}`, { token, body: { name, permissions } });
const deleteRole = (id: number, token = admin) => t.call('DELETE', `/api/admin/roles/${id}`, { token });
const patchUser = (id: number, body: { role?: string; enabled?: boolean }, token = admin) =>
  t.call('PATCH', `/api/admin/users/${id}`, { token, body });
const createToken = (token: string, permissions: readonly string[], time = DEFAULT_TOKEN_EXPIRY_MS) =>
  t.call('POST', '/api/integrations', { token, body: { name: 'probe', permissions, time } });

/** A role made by the admin (201), returned. */
async function madeRole(name: string, permissions: readonly string[]): Promise<Role> {
  const res = await createRole(name, permissions);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Gives a demo user a role (by the admin) and returns their session token. */
async function actAs(user: string, role: Role): Promise<string> {
  const res = await patchUser((await userNamed(user)).id, { role: role.name });
  expect(res.statusCode, res.body).toBe(200);
  return t.tokenOf(user);
}

function expectRefused(res: { statusCode: number; json(): { message: string } }, permission: string) {
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toContain(permission);
}

describe('every permission of the catalogue: granted and assigned only by a holder', () => {
  let lacking: Role;
  let holding: Role;
  let target: Role;
  let lacker: string;
  let holder: string;
  let victim: AdminUser;

  beforeAll(async () => {
    lacking = await madeRole('lacking', EDITING);
    holding = await madeRole('holding', EDITING);
    target = await madeRole('target', []);
    // The victim starts each case in a role with nothing: changing them needs no permission of
    // its own (a user is changed only by someone who could assign their current role).
    await madeRole('nothing', []);
    lacker = await actAs('viewer', lacking);
    holder = await actAs('technician', holding);
    victim = await userNamed('jan.nowak');
    expect((await patchUser(victim.id, { role: 'nothing' })).statusCode).toBe(200);
  });

  it.each([...PERMISSIONS])('%s', async (permission) => {
    // The editing permissions themselves are lacked as well (a path then refuses at its guard).
    const without = EDITING.filter((p) => p !== permission);
    expect((await patchRole(lacking.id, lacking.name, without)).statusCode).toBe(200);
    expect((await patchRole(holding.id, holding.name, [...EDITING, permission])).statusCode).toBe(200);

    // Create a role with it.
    expectRefused(await createRole(`lack ${permission}`, [permission], lacker), permission);
    const carrier = await createRole(`with ${permission}`, [permission], holder);
    expect(carrier.statusCode, carrier.body).toBe(201);

    // Assign a role holding it.
    expectRefused(await patchUser(victim.id, { role: `with ${permission}` }, lacker), permission);
    const assigned = await patchUser(victim.id, { role: `with ${permission}` }, holder);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().role).toBe(`with ${permission}`);
    expect((await patchUser(victim.id, { role: 'nothing' })).statusCode).toBe(200);

    // Grant it to a role.
    expectRefused(await patchRole(target.id, target.name, [permission], lacker), permission);
    const grantedTo = await patchRole(target.id, target.name, [permission], holder);
    expect(grantedTo.statusCode, grantedTo.body).toBe(200);
    expect(grantedTo.json().permissions[permission]).toBe(true);

    // Create a token with it.
    expectRefused(await createToken(lacker, [permission]), permission);
    const token = await createToken(holder, [permission]);
    expect(token.statusCode, token.body).toBe(201);
    expect(token.json().permissions).toEqual([permission]);
  });

  it('a refusal changes nothing', async () => {
    expect((await patchRole(lacking.id, lacking.name, EDITING)).statusCode).toBe(200);
    expect((await patchRole(target.id, target.name, [])).statusCode).toBe(200);
    expect((await patchUser(victim.id, { role: 'nothing' })).statusCode).toBe(200);
    expectRefused(await patchRole(target.id, 'renamed', ['view_logs'], lacker), 'view_logs');
    expectRefused(await patchUser(victim.id, { role: 'sales' }, lacker), 'view_logs');
    expectRefused(await createRole('nope', ['view_logs'], lacker), 'view_logs');
    expect(await roleNamed('nope')).toBeUndefined();
    expect(await roleNamed('target')).toMatchObject({ permissions: expect.objectContaining({ view_logs: false }) });
    expect((await userNamed('jan.nowak')).role).toBe('nothing');
  });

  it("granting to the default role is granting too (the reported attack: a role editor's grants to 'default')", async () => {
    const roleEditor = await actAs('sales', await madeRole('role editors', ['admin_edit_roles']));
    const def = (await roleNamed('default'))!;
    const attack = [...granted(def), 'admin_edit_users', 'admin_use_tokens', 'view_logs'];
    const res = await patchRole(def.id, 'default', attack, roleEditor);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You cannot grant permissions you do not hold: admin_edit_users, admin_use_tokens, view_logs',
    );
    expect(granted((await roleNamed('default'))!)).toEqual(granted(def));
  });

  it('keeping or removing permissions the editor lacks is not granting', async () => {
    const mixed = await madeRole('mixed', ['view_logs', 'view_sensors']);
    const keep = await patchRole(mixed.id, 'mixed renamed', ['view_logs', 'view_sensors'], lacker);
    expect(keep.statusCode, keep.body).toBe(200);
    const remove = await patchRole(mixed.id, 'mixed renamed', ['view_sensors'], lacker);
    expect(remove.statusCode, remove.body).toBe(200);
    expect(granted(remove.json())).toEqual(['view_sensors']);
    // …but once removed, adding it back is granting.
    expectRefused(await patchRole(mixed.id, 'mixed renamed', ['view_logs', 'view_sensors'], lacker), 'view_logs');
  });

  it('a per-record permission is granted by a holder of its family, not of another family', async () => {
    const family = await madeRole('tag family', [...EDITING, 'view_sensor_tags']);
    const editor = await actAs('technician', family);
    expect((await createRole('one tag', ['view_sensor_tag_5'], editor)).statusCode).toBe(201);
    expectRefused(await createRole('other tag', ['view_installation_tag_5'], editor), 'view_installation_tag_5');
    expectRefused(await createRole('edit tag', ['edit_sensor_tag_5'], editor), 'edit_sensor_tag_5');
  });
});

describe('the admin role', () => {
  it('is assigned only by an admin: not by a custom role holding the whole catalogue, nor by an admin token lacking part of it', async () => {
    const everything = await madeRole('everything', PERMISSIONS);
    const almostAdmin = await actAs('sales', everything);
    const victim = await userNamed('piotr.wisniewski');
    const res = await patchUser(victim.id, { role: 'admin' }, almostAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only an admin can assign the admin role');

    const partial = await createToken(
      admin,
      PERMISSIONS.filter((p) => p !== 'view_logs'),
    );
    expect(partial.statusCode).toBe(201);
    expectRefused(await patchUser(victim.id, { role: 'admin' }, partial.json().token), 'view_logs');
    expect((await userNamed('piotr.wisniewski')).role).toBe('default');

    const byAdmin = await patchUser(victim.id, { role: 'admin' });
    expect(byAdmin.statusCode).toBe(200);
    expect((await patchUser(victim.id, { role: 'default' })).statusCode).toBe(200);
  });

  it('a user is changed only by someone who could assign their role: admins only by admins, and enabling gives back nothing the caller lacks', async () => {
    // It may assign the default role (it holds all of it), not the admin role.
    const userEditors = await madeRole('user editors', [
      'admin_edit_users',
      'use_tokens',
      'view_installations',
      'view_sensors',
    ]);
    const editor = await actAs('sales', userEditors);
    const victim = await userNamed('piotr.wisniewski');
    expect((await patchUser(victim.id, { role: 'admin' })).statusCode).toBe(200);
    // Another admin exists, yet a non-admin neither demotes nor disables this one.
    for (const body of [{ role: 'default' }, { enabled: false }]) {
      const res = await patchUser(victim.id, body, editor);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe('Only an admin can change a user of the admin role');
    }
    expect(await userNamed('piotr.wisniewski')).toMatchObject({ role: 'admin', enabled: true });
    // Disabled by an admin, the user is not enabled again by the editor: that would give the admin role back.
    expect((await patchUser(victim.id, { enabled: false })).statusCode).toBe(200);
    expect((await patchUser(victim.id, { enabled: true }, editor)).statusCode).toBe(403);
    expect((await userNamed('piotr.wisniewski')).enabled).toBe(false);
    // A user whose role the editor may assign is theirs to enable and disable.
    expect((await patchUser(victim.id, { role: 'default' })).statusCode).toBe(200);
    expect((await patchUser(victim.id, { enabled: true }, editor)).statusCode).toBe(200);
    expect((await patchUser(victim.id, { enabled: false }, editor)).statusCode).toBe(200);
    expect((await patchUser(victim.id, { enabled: true }, editor)).statusCode).toBe(200);
  });
});

describe('the last enabled admin', () => {
  let adminUser: AdminUser;
  const enabledAdmins = async (token = admin) =>
    (await users(token))
      .filter((u) => u.role === 'admin' && u.enabled)
      .map((u) => u.name)
      .sort();

  beforeAll(async () => {
    adminUser = await userNamed('admin');
  });

  it('cannot be reached by a non-admin, even one holding every other permission (403), and nothing changes', async () => {
    const editor = await actAs('sales', await madeRole('last admin editors', PERMISSIONS));
    for (const body of [{ role: 'default' }, { enabled: false }, { role: 'viewer', enabled: false }]) {
      const res = await patchUser(adminUser.id, body, editor);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe('Only an admin can change a user of the admin role');
    }
    expect(await userNamed('admin')).toMatchObject({ role: 'admin', enabled: true });
    // Nor by themselves (their own user), nor removed: staff users are never deleted, and the admin role cannot be.
    expect((await patchUser(adminUser.id, { role: 'default' })).statusCode).toBe(403);
    expect((await deleteRole((await roleNamed('admin'))!.id)).statusCode).toBe(422);
  });

  // With only admins able to change an admin, the last one is left when two admins change each
  // other at once: the enabled admins' rows are locked first, so exactly one change passes (409).
  // Two demo users are made the only admins for it (the admin user steps down meanwhile, so no
  // session the other tests use is ended).
  it.each([
    ['demoting', { role: 'default' }, 'given another role'],
    ['disabling', { enabled: false }, 'disabled'],
  ] as const)('two admins %s each other at once: exactly one succeeds', async (_what, body, refused) => {
    const jan = await userNamed('jan.nowak');
    const piotr = await userNamed('piotr.wisniewski');
    for (const u of [jan, piotr])
      expect((await patchUser(u.id, { role: 'admin', enabled: true })).statusCode).toBe(200);
    // Demo users of the default role sign in through the provider: their sessions start directly.
    const session = async (id: number) => (await t.ctx.sessions.startSession(t.ctx.db, id)).tokens.accessToken;
    const janSession = await session(jan.id);
    const piotrSession = await session(piotr.id);
    const stepDown = await patchUser(adminUser.id, { role: 'default' }, janSession);
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(await enabledAdmins(piotrSession)).toEqual(['jan.nowak', 'piotr.wisniewski']);
    const both = () => [patchUser(piotr.id, body, janSession), patchUser(jan.id, body, piotrSession)];
    let results;
    if (usePostgres) {
      // Hold the admins' rows so both requests are inside their transactions before either may go on.
      let release!: () => void;
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const holder = t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select id from staff_users where id in (${jan.id}, ${piotr.id}) for update`);
        held();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isHeld;
      const pending = both();
      await vi.waitFor(
        async () => {
          const waiting = await t.ctx.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
        },
        { timeout: 20_000, interval: 20 },
      );
      release();
      await holder;
      results = await Promise.all(pending);
    } else {
      results = await Promise.all(both());
    }
    const codes = results.map((r) => r.statusCode).sort();
    const winner = results[0]!.statusCode === 200 ? janSession : piotrSession;
    const remaining = await enabledAdmins(winner);
    expect(remaining).toHaveLength(1);
    const loser = results.find((r) => r.statusCode !== 200)!;
    // PGlite runs one statement at a time: when the first change commits before the second request
    // is past its permission check, the second comes from a user who is no admin any more (403) —
    // or, when the change disabled them, whose sessions it ended (401, if it commits before the
    // second request's session is read); when both are inside their transactions (always, on
    // PostgreSQL, where the test holds them), 409.
    if (!usePostgres && codes[1] === 401) {
      expect(refused).toBe('disabled');
      expect(loser.json().message).toBe('The session has ended. Please sign in again.');
    } else if (usePostgres || codes[1] === 409) {
      expect(codes).toEqual([200, 409]);
      expect(loser.json().message).toBe(
        `${remaining[0]} is the only enabled admin and cannot be ${refused}; make another user an admin first`,
      );
    } else {
      // 403 from the route's own permission check when the demotion committed before the second
      // request's session was read (its role no longer holds admin_edit_users), else from the
      // admin-role rule inside it.
      expect(codes).toEqual([200, 403]);
      expect([
        'Only an admin can change a user of the admin role',
        'You need the admin_edit_users permission to do this',
      ]).toContain(loser.json().message);
    }
    // The one left gives the admin user the admin role back, who puts both back as they were.
    expect((await patchUser(adminUser.id, { role: 'admin' }, winner)).statusCode).toBe(200);
    for (const u of [jan, piotr])
      expect((await patchUser(u.id, { role: 'default', enabled: true })).statusCode).toBe(200);
    expect(await enabledAdmins()).toEqual(['admin']);
  });
});

describe("one's own role", () => {
  it('cannot be edited or deleted by its holder', async () => {
    const own = await madeRole('own role', ['admin_edit_roles', 'admin_remove_roles', 'view_sensors']);
    const editor = await actAs('sales', own);
    const edit = await patchRole(own.id, 'own role', ['admin_edit_roles', 'admin_remove_roles'], editor);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('You cannot edit your own role');
    // Role names are compared case-insensitively, as everywhere.
    expect((await patchRole(own.id, 'OWN ROLE', granted(own), editor)).statusCode).toBe(403);
    const remove = await deleteRole(own.id, editor);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('You cannot delete your own role');
    expect(granted((await roleNamed('own role'))!)).toEqual(granted(own));
    // Another role with the same permissions is theirs to edit.
    const other = await madeRole('other role', []);
    expect((await patchRole(other.id, 'other role', ['view_sensors'], editor)).statusCode).toBe(200);
  });
});

describe('deleting a role', () => {
  it('moves its users to the default role: refused when the default role holds more than the remover, and nothing moves', async () => {
    const removers = await madeRole('removers', ['admin_remove_roles']);
    const remover = await actAs('sales', removers);
    const narrow = await madeRole('narrow', []);
    const jan = await userNamed('jan.nowak');
    expect((await patchUser(jan.id, { role: 'narrow' })).statusCode).toBe(200);
    const res = await deleteRole(narrow.id, remover);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You cannot delete the role narrow: its users would get the default role, which holds permissions you do not hold: use_tokens, view_installations, view_sensors',
    );
    expect(await roleNamed('narrow')).toMatchObject({ userCount: 1 });
    expect((await userNamed('jan.nowak')).role).toBe('narrow');
    // Without users nobody is assigned anything.
    expect((await patchUser(jan.id, { role: 'default' })).statusCode).toBe(200);
    expect((await deleteRole(narrow.id, remover)).statusCode).toBe(200);
  });
});

describe("a token's per-record permission", () => {
  it('is carried when its owner holds the family it was granted under, and dropped when they no longer do', async () => {
    const family = await madeRole('token tag family', ['use_tokens', 'view_sensors', 'view_sensor_tags']);
    const owner = await actAs('viewer', family);
    const made = await createToken(owner, ['view_sensors', 'view_sensor_tag_5']);
    expect(made.statusCode, made.body).toBe(201);
    const principal = () => t.ctx.sessions.authenticate(`Bearer ${made.json().token}`);
    expect((await principal()).permissions.can('view_sensor_tag_5')).toBe(true);
    await patchRole(family.id, family.name, ['use_tokens', 'view_sensors']);
    expect((await principal()).permissions.can('view_sensor_tag_5')).toBe(false);
    expect((await principal()).permissions.can('view_sensors')).toBe(true);
  });
});

describe('a token made with a token', () => {
  it('expires no later than the token that made it (the lifetime is capped, and the audit says so)', async () => {
    const parent = await createToken(await t.tokenOf('admin'), ['use_tokens', 'view_sensors'], HOUR);
    expect(parent.statusCode).toBe(201);
    const parentExpiry = new Date(parent.json().expiresAt).getTime();
    const child = await createToken(parent.json().token, ['use_tokens', 'view_sensors'], YEAR);
    expect(child.statusCode, child.body).toBe(201);
    expect(new Date(child.json().expiresAt).getTime()).toBe(parentExpiry);
    const [row] = await t.ctx.db
      .select({ expiresAt: apiTokens.expiresAt })
      .from(apiTokens)
      .where(eq(apiTokens.id, child.json().id));
    expect(row!.expiresAt.getTime()).toBe(parentExpiry);
    const logs = await t.call('GET', '/api/audit/logs/admin?type=TokenCreated&limit=1', { token: admin });
    expect(logs.json().data.logs[0].message).toBe(
      'Token "probe" created with 2 permissions, expires in 1 h, capped at the expiry of token "probe" that created it',
    );
    // A grandchild is capped by its parent, which is capped already.
    const grandchild = await createToken(child.json().token, ['view_sensors'], YEAR);
    expect(new Date(grandchild.json().expiresAt).getTime()).toBe(parentExpiry);
    // A shorter lifetime than the parent's is kept.
    const parentOfWeek = await createToken(await t.tokenOf('admin'), ['use_tokens'], YEAR);
    const week = await createToken(parentOfWeek.json().token, [], DEFAULT_TOKEN_EXPIRY_MS);
    const weekExpiry = new Date(week.json().expiresAt).getTime();
    expect(weekExpiry).toBeLessThan(new Date(parentOfWeek.json().expiresAt).getTime());
    expect(weekExpiry).toBeGreaterThan(Date.now() + DEFAULT_TOKEN_EXPIRY_MS - 60_000);
  });
});
