/**
 * The read endpoints of the tag lists (main API), the developer-portal admin API, the API-user
 * manager and the GSM, Wi-Fi and Gen3 updaters, on the demo seed: envelopes and row shapes checked
 * against the database, paging, sorting (numeric version order included), search and filters,
 * permission refusals, gated fields and the 404 error shape.
 *
 * The tag routes run on a local app built like server/app.ts unless server/services/index.ts
 * already registers them in the main service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { installErrorHandling } from '../../server/http/errors';
import { servicePlugin } from '../../server/http/service';
import { SERVICES } from '../../server/services';
import { tagReadRoutes } from '../../server/services/main/tags/readRoutes';
import { wifiBinaryFileKey } from '../../server/services/wifi/readRoutes';
import {
  adpAccessDefinitions,
  adpPlans,
  adpTrials,
  adpUsers,
  apiUsers,
  contractors,
  deploymentSensors,
  deployments,
  files,
  firmwareBinaries,
  firmwareVersions,
  roles,
  staffUsers,
  tags,
  updaterSensors,
  wifiCommits,
} from '../../server/db/schema';

/* eslint-disable @typescript-eslint/no-explicit-any */

let t: TestApp;
let tagApp: FastifyInstance;
const tokens = new Map<string, string>();

/** A staff user with exactly these permissions (a role of their own), signed in directly. */
async function addUser(name: string, permissions: string[]): Promise<void> {
  const db = t.ctx.db;
  const [role] = await db
    .insert(roles)
    .values({ name: `${name}-role`, permissions: Object.fromEntries(permissions.map((p) => [p, true])) })
    .returning({ id: roles.id });
  const [user] = await db.insert(staffUsers).values({ name, roleId: role!.id }).returning({ id: staffUsers.id });
  tokens.set(name, (await t.ctx.sessions.startSession(db, user!.id)).tokens.accessToken);
}

async function tokenOf(user: string): Promise<string> {
  return tokens.get(user) ?? t.tokenOf(user);
}

async function get(url: string, user = 'admin', app?: FastifyInstance): Promise<LightMyRequestResponse> {
  const headers = { authorization: `Bearer ${await tokenOf(user)}` };
  return (app ?? t.app).inject({ method: 'GET', url, headers });
}

async function ok(url: string, user = 'admin', app?: FastifyInstance): Promise<any> {
  const res = await get(url, user, app);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function expectError(url: string, status: number, user = 'admin', app?: FastifyInstance): Promise<string> {
  const res = await get(url, user, app);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  const body = res.json();
  expect(body).toEqual({ status, message: expect.any(String) });
  return body.message;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const today = () => new Date().toISOString().slice(0, 10);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** Numeric part-by-part comparison of dotted versions. */
const compareVersions = (a: string, b: string) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
};
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

beforeAll(async () => {
  t = await createTestApp();
  const registered = (SERVICES.main.routes as unknown[]).includes(tagReadRoutes);
  if (registered) tagApp = t.app;
  else {
    tagApp = Fastify({ ajv: { customOptions: { coerceTypes: 'array' } } });
    tagApp.setValidatorCompiler(validatorCompiler);
    tagApp.setSerializerCompiler(serializerCompiler);
    installErrorHandling(tagApp);
    await tagApp.register(
      servicePlugin(
        { prefix: '/api', title: 'Tags', description: 'Tag read routes under test', routes: [tagReadRoutes] },
        t.ctx,
      ),
      {
        prefix: '/api',
      },
    );
    await tagApp.ready();
  }
  await addUser('tag.reader', ['view_sensor_tag_5', 'VIEW_SENSOR_TAG_9', 'view_contractor_tag_18']);
  await addUser('panel.only', ['view_panel_users']);
});

afterAll(async () => {
  if (tagApp && tagApp !== t?.app) await tagApp.close();
  await t?.close();
});

// ================================================================ tags

describe('GET /{context}/tags', () => {
  async function dbTags(context: string, includeMeta: boolean) {
    const rows = await t.ctx.db
      .select({ id: tags.id, name: tags.name, type: tags.type, values: tags.values })
      .from(tags)
      .where(and(eq(tags.context, context), includeMeta ? undefined : ne(tags.type, 'META')))
      .orderBy(asc(tags.id));
    return rows.map((r) => ({ ...r, values: [...r.values].sort(byText) }));
  }

  it.each(['sensors', 'installations', 'contractors'])(
    'lists the %s tags by id without META tags, and with them on request',
    async (context) => {
      const without = await ok(`/api/${context}/tags`, 'admin', tagApp);
      const expected = await dbTags(context, false);
      expect(expected.length).toBeGreaterThan(3);
      expect(without).toEqual({ data: { tags: expected } });
      expect(without.data.tags.some((x: any) => x.type === 'META')).toBe(false);

      const withMeta = await ok(`/api/${context}/tags?includeMeta=true`, 'admin', tagApp);
      const all = await dbTags(context, true);
      expect(all.some((x) => x.type === 'META')).toBe(true);
      expect(withMeta).toEqual({ data: { tags: all } });
      expect((await ok(`/api/${context}/tags?includeMeta=false`, 'admin', tagApp)).data.tags).toEqual(expected);
    },
  );

  it('sorts the values of a tag', async () => {
    const [row] = await t.ctx.db
      .insert(tags)
      .values({
        context: 'sensors',
        name: 'Unsorted values',
        type: 'ENUM',
        values: ['delta', 'Alpha', 'charlie', 'bravo'],
      })
      .returning({ id: tags.id });
    try {
      const body = await ok('/api/sensors/tags', 'admin', tagApp);
      expect(body.data.tags.find((x: any) => x.id === row!.id).values).toEqual(['Alpha', 'bravo', 'charlie', 'delta']);
    } finally {
      await t.ctx.db.delete(tags).where(eq(tags.id, row!.id));
    }
  });

  it('refuses callers without any tag permission of the context with 403', async () => {
    // sales holds view_contractor_tags only
    await expectError('/api/sensors/tags', 403, 'sales', tagApp);
    await expectError('/api/installations/tags', 403, 'sales', tagApp);
    expect((await ok('/api/contractors/tags', 'sales', tagApp)).data.tags).toEqual(await dbTags('contractors', false));
  });

  it('shows a holder of per-tag permissions only those tags', async () => {
    const sensorsBody = await ok('/api/sensors/tags?includeMeta=true', 'tag.reader', tagApp);
    expect(ids(sensorsBody.data.tags)).toEqual([5, 9]);
    const contractorBody = await ok('/api/contractors/tags', 'tag.reader', tagApp);
    expect(ids(contractorBody.data.tags)).toEqual([18]);
    await expectError('/api/installations/tags', 403, 'tag.reader', tagApp);
  });

  it('validates includeMeta', async () => {
    await expectError('/api/sensors/tags?includeMeta=yes', 400, 'admin', tagApp);
  });
});

// ================================================================ developer-portal admin API

describe('developer-portal users', () => {
  type Expected = Record<string, any> & { id: number };

  async function expectedUsers(): Promise<Expected[]> {
    const db = t.ctx.db;
    const [rows, counts] = await Promise.all([
      db
        .select({
          id: adpUsers.id,
          nickname: adpUsers.nickname,
          email: adpUsers.email,
          status: adpUsers.status,
          planName: adpUsers.planName,
          planDisplayName: adpPlans.displayName,
          trialPlanName: adpTrials.trialPlanName,
          postTrialPlanName: adpTrials.postTrialPlanName,
          endDate: adpTrials.endDate,
          contractorId: adpUsers.contractorId,
          contractorName: contractors.name,
          endOfDeal: contractors.endOfDeal,
          companyOwner: contractors.companyOwner,
          type: adpUsers.type,
          reason: adpUsers.reason,
        })
        .from(adpUsers)
        .innerJoin(adpPlans, eq(adpPlans.name, adpUsers.planName))
        .leftJoin(adpTrials, eq(adpTrials.userId, adpUsers.id))
        .leftJoin(contractors, eq(contractors.id, adpUsers.contractorId))
        .orderBy(asc(adpUsers.id)),
      db
        .select({ userId: adpAccessDefinitions.userId, n: count() })
        .from(adpAccessDefinitions)
        .groupBy(adpAccessDefinitions.userId),
    ]);
    const accessCount = new Map(counts.map((c) => [c.userId, Number(c.n)]));
    return rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      email: r.email,
      status: r.status,
      plan: { name: r.planName, displayName: r.planDisplayName },
      trial: r.trialPlanName
        ? { trialPlanName: r.trialPlanName, postTrialPlanName: r.postTrialPlanName, endDate: r.endDate }
        : null,
      contractorId: r.contractorId,
      contractorName: r.contractorName,
      endOfDeal: r.endOfDeal,
      companyOwner: r.companyOwner,
      type: r.type,
      reason: r.reason,
      accessCount: accessCount.get(r.id) ?? 0,
    }));
  }

  it('pages users by id with a default of 20 and the total count', async () => {
    const all = await expectedUsers();
    expect(all.length).toBe(320);
    const first = await ok('/adp-api/admin/users');
    expect(first).toEqual({ data: { users: all.slice(0, 20) }, meta: { totalCount: all.length } });
    const third = await ok('/adp-api/admin/users?page=3&limit=7');
    expect(third.data.users).toEqual(all.slice(14, 21));
    expect((await ok('/adp-api/admin/users?page=10&limit=50')).data.users).toEqual([]);
    // the seed has users with and without trials, contractors and access definitions
    expect(all.some((u) => u.trial) && all.some((u) => !u.trial)).toBe(true);
    expect(all.some((u) => u.contractorId) && all.some((u) => !u.contractorId)).toBe(true);
  });

  it('sorts by access count, end of deal and nickname with id tie-breaks', async () => {
    const all = await expectedUsers();
    const byCount = (await ok('/adp-api/admin/users?sortBy=accessCount&order=desc&limit=1000')).data.users;
    expect(ids(byCount)).toEqual(ids([...all].sort((a, b) => b.accessCount - a.accessCount || b.id - a.id)));

    const byDeal = (await ok('/adp-api/admin/users?sortBy=endOfDeal&order=asc&limit=1000')).data.users;
    const dealOrder = [...all].sort((a, b) => {
      if (a.endOfDeal === b.endOfDeal) return a.id - b.id;
      if (a.endOfDeal === null) return 1;
      if (b.endOfDeal === null) return -1;
      return byText(a.endOfDeal, b.endOfDeal);
    });
    expect(ids(byDeal)).toEqual(ids(dealOrder));

    // text order follows the database collation: compare with the database's own order
    const dbOrder = await t.ctx.db
      .select({ id: adpUsers.id })
      .from(adpUsers)
      .orderBy(desc(sql`lower(${adpUsers.nickname})`), desc(adpUsers.id));
    expect(ids((await ok('/adp-api/admin/users?sortBy=nickname&order=desc&limit=1000')).data.users)).toEqual(
      ids(dbOrder),
    );
  });

  it('refuses unknown sort fields, bad orders and limits over 1000', async () => {
    await expectError('/adp-api/admin/users?sortBy=passwordHash', 400);
    await expectError('/adp-api/admin/users?order=up', 400);
    await expectError('/adp-api/admin/users?limit=1001', 400);
    await expectError('/adp-api/admin/users?page=0', 400);
  });

  it('searches nickname, e-mail and contractor name case-insensitively', async () => {
    const all = await expectedUsers();
    const matching = (text: string) =>
      all.filter((u) =>
        [u.nickname, u.email, u.contractorName].some((v) => v && v.toLowerCase().includes(text.toLowerCase())),
      );
    for (const text of ['GMAIL.com', 'aqnet', 'ska']) {
      const body = await ok(`/adp-api/admin/users?search=${encodeURIComponent(text)}&limit=1000`);
      const expected = matching(text);
      expect(expected.length, text).toBeGreaterThan(0);
      expect(body.data.users).toEqual(expected);
      expect(body.meta.totalCount).toBe(expected.length);
    }
    // by contractor name only: a word of a contractor name that no nickname or e-mail contains
    const withContractor = all.filter((u) => u.contractorName);
    const word = withContractor
      .flatMap((u) => (u.contractorName as string).split(/\s+/))
      .find(
        (w) =>
          /^[A-Za-z]{5,}$/.test(w) &&
          all.every((u) => !`${u.nickname} ${u.email}`.toLowerCase().includes(w.toLowerCase())),
      );
    expect(word).toBeDefined();
    const byContractor = await ok(`/adp-api/admin/users?search=${encodeURIComponent(word!.toUpperCase())}&limit=1000`);
    expect(byContractor.data.users).toEqual(matching(word!));
    expect(byContractor.data.users.length).toBeGreaterThan(0);
    // LIKE wildcards match literally
    expect((await ok('/adp-api/admin/users?search=%25')).meta.totalCount).toBe(0);
    expect((await ok('/adp-api/admin/users?search=_')).meta.totalCount).toBe(matching('_').length);
  });

  it('filters by exact contractor name, case-insensitively', async () => {
    const all = await expectedUsers();
    const name = all.find((u) => u.contractorName)!.contractorName as string;
    const body = await ok(`/adp-api/admin/users?contractor=${encodeURIComponent(name.toUpperCase())}&limit=1000`);
    expect(body.data.users).toEqual(all.filter((u) => u.contractorName === name));
    expect((await ok(`/adp-api/admin/users?contractor=${encodeURIComponent(name.slice(0, -2))}`)).meta.totalCount).toBe(
      0,
    );
  });

  it('leaves out plan, trial and contractor fields without view_plans and view_contractors_adp_users', async () => {
    const all = await expectedUsers();
    const body = await ok('/adp-api/admin/users?limit=1000', 'panel.only');
    expect(body.data.users).toEqual(
      all.map(({ id, nickname, email, status, type, reason, accessCount }) => ({
        id,
        nickname,
        email,
        status,
        type,
        reason,
        accessCount,
      })),
    );
    for (const sortBy of ['plan', 'contractorName', 'endOfDeal', 'companyOwner'])
      await expectError(`/adp-api/admin/users?sortBy=${sortBy}`, 400, 'panel.only');
    await expectError('/adp-api/admin/users?contractor=x', 403, 'panel.only');
    const detail = (await ok('/adp-api/admin/users/2', 'panel.only')).data.user;
    for (const field of ['plan', 'trial', 'contractorId', 'contractorName', 'endOfDeal', 'companyOwner'])
      expect(detail).not.toHaveProperty(field);
    // sales holds both: every field is there
    expect((await ok('/adp-api/admin/users?limit=1000', 'sales')).data.users).toEqual(all);
  });

  it('refuses callers without view_panel_users with 403', async () => {
    const message = await expectError('/adp-api/admin/users', 403, 'technician');
    expect(message).toMatch(/view_panel_users/);
    await expectError('/adp-api/admin/users/1', 403, 'technician');
  });

  it('returns one user with settings and access definitions, or 404', async () => {
    const all = await expectedUsers();
    const target = all.find((u) => u.trial && u.contractorId && u.accessCount > 1)!;
    expect(target).toBeDefined();
    const [row] = await t.ctx.db
      .select({ settings: adpUsers.settings })
      .from(adpUsers)
      .where(eq(adpUsers.id, target.id));
    const defs = await t.ctx.db
      .select({
        id: adpAccessDefinitions.id,
        sponsorId: adpAccessDefinitions.sponsorId,
        osmId: adpAccessDefinitions.osmId,
        installationId: adpAccessDefinitions.installationId,
        visibility: adpAccessDefinitions.visibility,
        canBeEdited: adpAccessDefinitions.canBeEdited,
      })
      .from(adpAccessDefinitions)
      .where(eq(adpAccessDefinitions.userId, target.id))
      .orderBy(asc(adpAccessDefinitions.id));
    const body = await ok(`/adp-api/admin/users/${target.id}`);
    expect(body).toEqual({ data: { user: { ...target, settings: row!.settings, accessDefinitions: defs } } });
    expect(defs.length).toBe(target.accessCount);

    expect(await expectError('/adp-api/admin/users/99999', 404)).toMatch(/99999/);
    await expectError('/adp-api/admin/users/abc', 400);
  });

  it('lists the plans by name for view_plans only', async () => {
    const plans = await t.ctx.db.select().from(adpPlans).orderBy(asc(adpPlans.name));
    expect(plans.length).toBeGreaterThan(3);
    expect(await ok('/adp-api/admin/plans', 'sales')).toEqual({ data: plans });
    await expectError('/adp-api/admin/plans', 403, 'technician');
    await expectError('/adp-api/admin/plans', 403, 'panel.only');
  });
});

// ================================================================ API-user manager

describe('API-key users', () => {
  async function expectedApiUsers() {
    const rows = await t.ctx.db
      .select({
        id: apiUsers.id,
        username: apiUsers.username,
        customId: apiUsers.customId,
        contractorId: apiUsers.contractorId,
        contractorName: contractors.name,
        endOfDeal: contractors.endOfDeal,
        companyOwner: contractors.companyOwner,
        internal: apiUsers.internal,
        samplesAPI: apiUsers.samplesApi,
        limitStandard: apiUsers.limitStandard,
        limitSamples: apiUsers.limitSamples,
      })
      .from(apiUsers)
      .leftJoin(contractors, eq(contractors.id, apiUsers.contractorId))
      .orderBy(asc(apiUsers.id));
    const day = today();
    return rows.map((r) => ({
      ...r,
      limitStandard: r.limitStandard ?? null,
      limitSamples: r.limitSamples ?? null,
      customDealExpired:
        (r.limitStandard != null || r.limitSamples != null) && r.endOfDeal !== null && r.endOfDeal < day,
    }));
  }

  it('pages users by id with a default of 10 and totalUsers, flagging custom limits with an expired deal', async () => {
    const all = await expectedApiUsers();
    expect(all.length).toBe(320);
    expect(await ok('/apiusers-api/users')).toEqual({ users: all.slice(0, 10), totalUsers: 320 });
    expect((await ok('/apiusers-api/users?page=2&limit=50')).users).toEqual(all.slice(50, 100));
    const full = [
      ...(await ok('/apiusers-api/users?limit=200')).users,
      ...(await ok('/apiusers-api/users?limit=200&page=2')).users,
    ];
    expect(full).toEqual(all);
    // the seed has both kinds, and custom limits without an expired deal too
    expect(full.filter((u: any) => u.customDealExpired).length).toBeGreaterThan(0);
    expect(full.some((u: any) => !u.customDealExpired && u.limitStandard && u.endOfDeal)).toBe(true);
  });

  it('allows at most 200 per page', async () => {
    await expectError('/apiusers-api/users?limit=201', 400);
    await expectError('/apiusers-api/users?sortBy=limitStandard', 400);
  });

  it('filters by a comma-separated list of contractor ids', async () => {
    const all = await expectedApiUsers();
    const wanted = [...new Set(all.filter((u) => u.contractorId).map((u) => u.contractorId as number))].slice(0, 3);
    const body = await ok(`/apiusers-api/users?contractors=${wanted.join(',')}&limit=200`);
    expect(body.users).toEqual(all.filter((u) => wanted.includes(u.contractorId as number)));
    expect(body.totalUsers).toBe(body.users.length);
    expect(body.users.length).toBeGreaterThanOrEqual(wanted.length);
    await expectError('/apiusers-api/users?contractors=1,x', 400);
  });

  it('searches username, custom id and contractor name', async () => {
    const all = await expectedApiUsers();
    for (const text of ['c-1', 'AQ-', 'szkoła', 'TEST']) {
      const expected = all.filter((u) =>
        [u.username, u.customId, u.contractorName].some((v) => v?.toLowerCase().includes(text.toLowerCase())),
      );
      const body = await ok(`/apiusers-api/users?search=${encodeURIComponent(text)}&limit=200`);
      expect(body.users, text).toEqual(expected);
      expect(body.totalUsers).toBe(expected.length);
    }
    // by contractor name only: a word of a contractor name that no username or custom id contains
    const word = all
      .flatMap((u) => (u.contractorName ?? '').split(/\s+/))
      .find(
        (w) =>
          /^[A-Za-z]{5,}$/.test(w) &&
          all.every((u) => !`${u.username} ${u.customId}`.toLowerCase().includes(w.toLowerCase())),
      );
    expect(word).toBeDefined();
    const byContractor = await ok(`/apiusers-api/users?search=${encodeURIComponent(word!.toUpperCase())}&limit=200`);
    expect(byContractor.users.length).toBeGreaterThan(0);
    expect(byContractor.users).toEqual(
      all.filter((u) => u.contractorName?.toLowerCase().includes(word!.toLowerCase())),
    );
  });

  it('sorts by end of deal (empty last) and by username with id tie-breaks', async () => {
    const all = await expectedApiUsers();
    const body = await ok('/apiusers-api/users?sortBy=endOfDeal&order=desc&limit=200');
    const expected = [...all].sort((a, b) => {
      if (a.endOfDeal === b.endOfDeal) return b.id - a.id;
      if (a.endOfDeal === null) return 1;
      if (b.endOfDeal === null) return -1;
      return byText(b.endOfDeal, a.endOfDeal);
    });
    expect(ids(body.users)).toEqual(ids(expected).slice(0, 200));
    const dbOrder = await t.ctx.db
      .select({ id: apiUsers.id })
      .from(apiUsers)
      .orderBy(asc(sql`lower(${apiUsers.username})`), asc(apiUsers.id));
    expect(ids((await ok('/apiusers-api/users?sortBy=username&limit=200')).users)).toEqual(ids(dbOrder).slice(0, 200));
  });

  it('counts a samples limit alone as a custom limit, and only a deal that ended before today as expired', async () => {
    const db = t.ctx.db;
    const [past] = await db
      .select({ id: contractors.id })
      .from(contractors)
      .where(sql`${contractors.endOfDeal} < ${today()}`)
      .limit(1);
    const [future] = await db
      .select({ id: contractors.id })
      .from(contractors)
      .where(sql`${contractors.endOfDeal} >= ${today()}`)
      .limit(1);
    const flag = async () => (await ok('/apiusers-api/users?limit=1')).users[0].customDealExpired;
    await db
      .update(apiUsers)
      .set({ limitStandard: null, limitSamples: { minute: 5 }, contractorId: past!.id })
      .where(eq(apiUsers.id, 1));
    expect(await flag()).toBe(true);
    await db
      .update(apiUsers)
      .set({ limitSamples: null, limitStandard: { day: 100 } })
      .where(eq(apiUsers.id, 1));
    expect(await flag()).toBe(true);
    await db.update(apiUsers).set({ limitStandard: null }).where(eq(apiUsers.id, 1));
    expect(await flag()).toBe(false);
    await db
      .update(apiUsers)
      .set({ limitStandard: { day: 100 }, contractorId: future!.id })
      .where(eq(apiUsers.id, 1));
    expect(await flag()).toBe(false);
    await db.update(apiUsers).set({ contractorId: null }).where(eq(apiUsers.id, 1));
    expect(await flag()).toBe(false);
  });

  it('refuses callers without view_api_users with 403', async () => {
    await expectError('/apiusers-api/users', 403, 'technician');
    await ok('/apiusers-api/users', 'viewer');
  });
});

// ================================================================ GSM updater

describe('GSM versions', () => {
  async function gsmVersions() {
    const rows = await t.ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.family, 'gsm'));
    return rows.map((v) => ({
      version: v.version,
      description: v.description,
      createdDate: iso(v.createdAt),
      status: v.status,
    }));
  }

  beforeAll(async () => {
    // Text order would put 4.9.9.9 above 4.10.0.0 and 10.0.0.1 below 4.x.
    await t.ctx.db.insert(firmwareVersions).values([
      { family: 'gsm', version: '4.10.0.0', description: 'Two-digit minor', status: 'Experimental' },
      { family: 'gsm', version: '4.9.9.9', description: null, status: 'Experimental' },
      { family: 'gsm', version: '10.0.0.1', description: 'Two-digit major', status: 'Experimental' },
    ]);
  });

  it('sorts versions numerically, newest first by default, 10 per page', async () => {
    const all = (await gsmVersions()).sort((a, b) => compareVersions(b.version, a.version));
    expect(all.length).toBe(15);
    const body = await ok('/updater/gsm/versions');
    expect(body).toEqual({ data: all.slice(0, 10), totalCount: all.length });
    expect(body.data.slice(0, 3).map((v: any) => v.version)).toEqual(['10.0.0.1', '4.10.0.0', '4.9.9.9']);
    expect((await ok('/updater/gsm/versions?page=2')).data).toEqual(all.slice(10));
    const asc_ = await ok('/updater/gsm/versions?order=asc&limit=100');
    expect(asc_.data).toEqual([...all].reverse());
  });

  it('sorts by creation date on request', async () => {
    const all = (await gsmVersions()).sort(
      (a, b) => byText(a.createdDate!, b.createdDate!) || byText(a.version, b.version),
    );
    expect((await ok('/updater/gsm/versions?sortBy=createdDate&order=asc&limit=100')).data).toEqual(all);
  });

  it('searches the version number and the description', async () => {
    const all = (await gsmVersions()).sort((a, b) => compareVersions(b.version, a.version));
    for (const text of ['4.2', 'nb-iot', 'TWO-DIGIT']) {
      const expected = all.filter(
        (v) => v.version.includes(text) || v.description?.toLowerCase().includes(text.toLowerCase()),
      );
      expect(expected.length, text).toBeGreaterThan(0);
      expect(await ok(`/updater/gsm/versions?search=${encodeURIComponent(text)}&limit=100`)).toEqual({
        data: expected,
        totalCount: expected.length,
      });
    }
  });

  it('needs view_versions', async () => {
    await expectError('/updater/gsm/versions', 403, 'sales');
    await expectError('/updater/gsm/versions?sortBy=hash', 400);
  });
});

async function familyDeployments(family: string) {
  const rows = await t.ctx.db
    .select()
    .from(deployments)
    .where(eq(deployments.family, family))
    .orderBy(desc(deployments.id));
  return rows.map((d) => ({
    id: d.id,
    sensors: d.sensors,
    version: family === 'wifi' ? d.commit : d.version,
    status: d.status,
    from_date: iso(d.fromDate),
    till_date: iso(d.tillDate),
    at_once: d.atOnce,
    spacing: d.spacing,
    test_time: d.testTime,
    blocked_sensors: d.blockedSensors,
    allow_failed: d.allowFailed,
    strategy: d.strategy,
    status_reason: d.statusReason,
    rollout: d.rollout,
  }));
}

async function sensorsOf(deploymentId: number) {
  const rows = await t.ctx.db
    .select()
    .from(deploymentSensors)
    .where(eq(deploymentSensors.deploymentId, deploymentId))
    .orderBy(asc(deploymentSensors.sensorId));
  return rows.map((r) => ({
    id: r.sensorId,
    version: r.version,
    reports_version: r.reportsVersion,
    status: r.status,
    bank: r.bank,
    last_contact: iso(r.lastContact),
    last_updated: iso(r.lastUpdated),
    binary: r.binary,
  }));
}

describe('GSM deployments', () => {
  it('pages deployments newest first with the snake_case fields', async () => {
    const all = await familyDeployments('gsm');
    expect(all.length).toBe(15);
    expect(await ok('/updater/gsm/deployments')).toEqual({ data: all.slice(0, 10), totalCount: 15 });
    expect((await ok('/updater/gsm/deployments?page=2&limit=10')).data).toEqual(all.slice(10));
    expect((await ok('/updater/gsm/deployments?limit=1000')).data).toEqual(all);
    expect((await ok('/updater/gsm/deployments?order=asc&limit=20')).data).toEqual([...all].reverse());
    await expectError('/updater/gsm/deployments?limit=1001', 400);
  });

  it('sorts by version numerically with an id tie-break', async () => {
    const extra = await t.ctx.db
      .insert(deployments)
      .values([
        { family: 'gsm', sensors: [1], version: '4.10.0.0', status: 'Finished' },
        { family: 'gsm', sensors: [1], version: '10.0.0.1', status: 'Finished' },
        { family: 'gsm', sensors: [1], version: '4.9.9.9', status: 'Finished' },
      ])
      .returning({ id: deployments.id });
    try {
      const all = await familyDeployments('gsm');
      const expected = [...all].sort((a, b) => compareVersions(b.version!, a.version!) || b.id - a.id);
      const body = (await ok('/updater/gsm/deployments?sortBy=version&limit=100')).data;
      expect(ids(body)).toEqual(ids(expected));
      expect(body.slice(0, 3).map((d: any) => d.version)).toEqual(['10.0.0.1', '4.10.0.0', '4.9.9.9']);
    } finally {
      await t.ctx.db.delete(deployments).where(inArray(deployments.id, ids(extra)));
    }
  });

  it('lists the sensors of a deployment, 404 for other families and unknown ids', async () => {
    const [first] = await familyDeployments('gsm');
    const rows = await sensorsOf(first!.id);
    expect(rows.length).toBe(first!.sensors.length);
    expect(await ok(`/updater/gsm/deployments/${first!.id}/sensors`)).toEqual({ data: rows });
    const [wifi] = await familyDeployments('wifi');
    await expectError(`/updater/gsm/deployments/${wifi!.id}/sensors`, 404);
    await expectError('/updater/gsm/deployments/99999/sensors', 404);
    await expectError('/updater/gsm/deployments', 403, 'sales');
    await expectError(`/updater/gsm/deployments/${first!.id}/sensors`, 403, 'sales');
  });
});

describe('GSM sensor status', () => {
  async function updaterRows() {
    const rows = await t.ctx.db
      .select()
      .from(updaterSensors)
      .where(eq(updaterSensors.family, 'gsm'))
      .orderBy(asc(updaterSensors.sensorId));
    return rows.map((r) => ({
      id: r.sensorId,
      version: r.version,
      bank: r.bank,
      status: r.status,
      last_contact: iso(r.lastContact),
      last_updated: iso(r.lastUpdated),
    }));
  }

  it('returns what the updater knows about one sensor, 404 for a sensor it does not know', async () => {
    const rows = await updaterRows();
    const known = rows[3]!;
    expect(await ok(`/updater/gsm/sensors/${known.id}`, 'sales')).toEqual({ data: known });
    const unknownId = Array.from({ length: 2000 }, (_, i) => i + 1).find((id) => !rows.some((r) => r.id === id))!;
    expect(await expectError(`/updater/gsm/sensors/${unknownId}`, 404)).toMatch(String(unknownId));
    // what another family's updater knows does not count
    await t.ctx.db
      .insert(updaterSensors)
      .values({ family: 'wifi', sensorId: unknownId, version: '2.7.1.0', status: 'Ok' });
    await expectError(`/updater/gsm/sensors/${unknownId}`, 404);
    expect((await ok(`/updater/gsm/sensors?ids=${unknownId},${known.id}`)).data).toEqual([known]);
    await expectError('/updater/gsm/sensors/abc', 400);
    await expectError(`/updater/gsm/sensors/${known.id}`, 403, 'panel.only');
  });

  it('returns several sensors by id, leaving unknown ones out', async () => {
    const rows = await updaterRows();
    const some = [rows[10]!, rows[2]!, rows[7]!];
    const body = await ok(`/updater/gsm/sensors?ids=${some.map((r) => r.id).join(',')},999999`, 'technician');
    expect(body).toEqual({ data: [...some].sort((a, b) => a.id - b.id) });
    await expectError(`/updater/gsm/sensors?ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, 400);
    await expectError('/updater/gsm/sensors', 400);
    await expectError('/updater/gsm/sensors?ids=1,,2', 400);
    await expectError('/updater/gsm/sensors?ids=1', 403, 'panel.only');
  });
});

// ================================================================ Wi-Fi updater

describe('Wi-Fi updater', () => {
  it('pages deployments newest first, the version being the commit', async () => {
    const all = await familyDeployments('wifi');
    expect(all.length).toBe(8);
    expect(all.every((d) => /^[0-9a-f]{40}$/.test(d.version!))).toBe(true);
    expect(await ok('/updater/wifi/deployments?limit=5')).toEqual({ data: all.slice(0, 5), totalCount: 8 });
    expect((await ok('/updater/wifi/deployments?limit=5&page=2')).data).toEqual(all.slice(5));
    await expectError('/updater/wifi/deployments', 403, 'sales');
  });

  it('returns one deployment with its sensors, 404 for another family', async () => {
    const all = await familyDeployments('wifi');
    const d = all[2]!;
    expect(await ok(`/updater/wifi/deployments/${d.id}`)).toEqual({
      data: { deployment: d, sensors: await sensorsOf(d.id) },
    });
    const [gsm] = await familyDeployments('gsm');
    await expectError(`/updater/wifi/deployments/${gsm!.id}`, 404);
  });

  it('offers commits newest first, with branches and tags, to add_deployments only', async () => {
    const commits = await t.ctx.db
      .select()
      .from(wifiCommits)
      .orderBy(desc(wifiCommits.createdAt), asc(wifiCommits.hash));
    const body = await ok('/updater/wifi/deployments/create', 'technician');
    expect(body.commits).toEqual(commits.map((c) => ({ hash: c.hash, description: c.description, author: c.author })));
    // each name ordered by its newest commit, then by name
    const distinct = (pick: (c: (typeof commits)[number]) => string[]) => {
      const newest = new Map<string, number>();
      for (const c of commits)
        for (const n of pick(c)) newest.set(n, Math.max(newest.get(n) ?? 0, c.createdAt.getTime()));
      return [...newest.keys()].sort((a, b) => newest.get(b)! - newest.get(a)! || byText(a, b));
    };
    expect(body.branches).toEqual(distinct((c) => c.branches));
    expect(body.tags).toEqual(distinct((c) => c.tags));
    expect(body.branches).toContain('main');
    expect(body.tags.length).toBe(5);
    await expectError('/updater/wifi/deployments/create', 403, 'viewer');
  });

  it('describes a binary and serves its logs as text', async () => {
    const [row] = await t.ctx.db
      .select({
        binary: deploymentSensors.binary,
        sensor: deploymentSensors.sensorId,
        status: deploymentSensors.status,
        version: deploymentSensors.version,
        logs: deploymentSensors.logs,
        created: deployments.createdAt,
      })
      .from(deploymentSensors)
      .innerJoin(deployments, eq(deployments.id, deploymentSensors.deploymentId))
      .where(and(eq(deployments.family, 'wifi'), sql`${deploymentSensors.binary} is not null`))
      .orderBy(asc(deploymentSensors.deploymentId), asc(deploymentSensors.sensorId))
      .limit(1);
    const binary = row!.binary!;
    const expected = {
      created: iso(row!.created),
      sensor: row!.sensor,
      status: row!.status,
      version: row!.version,
      has_logs: true,
      is_present: false,
    };
    expect(await ok(`/updater/wifi/binary/${binary}`)).toEqual({ data: expected });

    const logs = await get(`/updater/wifi/binary/${binary}/logs`);
    expect(logs.statusCode).toBe(200);
    expect(logs.headers['content-type']).toMatch(/^text\/plain/);
    expect(logs.body).toBe(row!.logs);

    await t.ctx.db.insert(files).values({
      key: wifiBinaryFileKey(binary),
      kind: 'wifi-binary',
      contentType: 'application/octet-stream',
      size: 1,
      sha256: '0'.repeat(64),
    });
    expect((await ok(`/updater/wifi/binary/${binary}`)).data.is_present).toBe(true);

    await t.ctx.db
      .update(deploymentSensors)
      .set({ logs: null, hasLogs: false })
      .where(eq(deploymentSensors.binary, binary));
    expect((await ok(`/updater/wifi/binary/${binary}`)).data.has_logs).toBe(false);
    await expectError(`/updater/wifi/binary/${binary}/logs`, 404);
    await expectError('/updater/wifi/binary/0123456789abcdef01234567', 404);
    await expectError('/updater/wifi/binary/0123456789abcdef01234567/logs', 404);
    await expectError(`/updater/wifi/binary/${binary}`, 403, 'sales');
  });
});

// ================================================================ Gen3 updater

describe('Gen3 updater', () => {
  async function gen3Versions() {
    const rows = await t.ctx.db
      .select()
      .from(firmwareVersions)
      .where(eq(firmwareVersions.family, 'gen3'))
      .orderBy(desc(firmwareVersions.createdAt), desc(firmwareVersions.version));
    return rows.map((v) => ({ version: v.version, description: v.description, createdDate: iso(v.createdAt) }));
  }

  async function binariesOf(version: string) {
    const rows = await t.ctx.db
      .select()
      .from(firmwareBinaries)
      .where(and(eq(firmwareBinaries.family, 'gen3'), eq(firmwareBinaries.version, version)))
      .orderBy(desc(firmwareBinaries.createdAt), desc(firmwareBinaries.id));
    return rows.map((b) => ({
      id: b.id,
      module: b.module,
      description: b.description,
      createdDate: iso(b.createdAt),
      hash: b.hash,
      active: b.active,
    }));
  }

  it('pages deployments newest first', async () => {
    const rows = await t.ctx.db
      .select()
      .from(deployments)
      .where(eq(deployments.family, 'gen3'))
      .orderBy(desc(deployments.id));
    const all = rows.map((d) => ({
      id: d.id,
      sensorId: d.sensors[0],
      version: d.version,
      createdDate: iso(d.createdAt),
      appliedDate: iso(d.appliedDate),
    }));
    expect(all.length).toBe(10);
    expect(all.some((d) => d.appliedDate === null) && all.some((d) => d.appliedDate !== null)).toBe(true);
    expect(await ok('/updater/gen3/deployments?limit=4&page=2')).toEqual({ data: all.slice(4, 8), totalCount: 10 });
    expect((await ok('/updater/gen3/deployments')).data).toEqual(all);
    await expectError('/updater/gen3/deployments?limit=101', 400);
    await expectError('/updater/gen3/deployments', 403, 'sales');
  });

  it('pages versions newest first and returns one version or 404', async () => {
    const all = await gen3Versions();
    expect(all.length).toBe(6);
    expect(await ok('/updater/gen3/versions?limit=4')).toEqual({ data: all.slice(0, 4), totalCount: 6 });
    expect((await ok('/updater/gen3/versions?limit=4&page=2')).data).toEqual(all.slice(4));
    expect(await ok(`/updater/gen3/versions/${all[1]!.version}`)).toEqual({ data: all[1] });
    expect(await expectError('/updater/gen3/versions/9.9.9.9', 404)).toMatch('9.9.9.9');
    // a GSM version is not a Gen3 version
    await expectError('/updater/gen3/versions/4.2.0.17', 404);
    await expectError('/updater/gen3/versions', 403, 'sales');
  });

  it('pages the binaries of a version newest first and lists the active ones', async () => {
    const versions = await gen3Versions();
    const counted = await Promise.all(
      versions.map(async (v) => ({ v: v.version, binaries: await binariesOf(v.version) })),
    );
    // paging on the version with the most binaries
    const { v, binaries } = [...counted].sort((a, b) => b.binaries.length - a.binaries.length)[0]!;
    expect(binaries.length).toBeGreaterThan(4);
    expect(await ok(`/updater/gen3/binaries/versions/${v}?limit=2&page=2`)).toEqual({
      data: binaries.slice(2, 4),
      totalCount: binaries.length,
    });
    const full = (await ok(`/updater/gen3/binaries/versions/${v}?limit=100`)).data;
    expect(full).toEqual(binaries);
    const dates = full.map((b: any) => b.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await ok(`/updater/gen3/binaries/versions/${v}`)).data).toEqual(binaries.slice(0, 10));

    // active ones, on a version with both active and inactive binaries
    const activeCount = (c: (typeof counted)[number]) => c.binaries.filter((b) => b.active).length;
    const mixed = counted
      .filter((c) => activeCount(c) > 0 && activeCount(c) < c.binaries.length)
      .sort((a, b) => activeCount(b) - activeCount(a))[0]!;
    const active = mixed.binaries.filter((b) => b.active).sort((a, b) => (a.module ?? 0) - (b.module ?? 0));
    expect(active.length).toBeGreaterThan(1);
    expect(await ok(`/updater/gen3/binaries/versions/${mixed.v}/active`)).toEqual({ data: active });
    // the newest version has binaries but none active yet
    const newest = versions[0]!.version;
    expect((await ok(`/updater/gen3/binaries/versions/${newest}/active`)).data).toEqual([]);

    await expectError('/updater/gen3/binaries/versions/9.9.9.9', 404);
    await expectError('/updater/gen3/binaries/versions/9.9.9.9/active', 404);
    await expectError(`/updater/gen3/binaries/versions/${v}`, 403, 'sales');
    await expectError(`/updater/gen3/binaries/versions/${v}/active`, 403, 'sales');
  });
});

describe('OpenAPI documents', () => {
  it.each([
    ['/adp-api', ['/admin/users', '/admin/users/{id}', '/admin/plans']],
    ['/apiusers-api', ['/users']],
    ['/updater/gsm', ['/versions', '/deployments', '/deployments/{id}/sensors', '/sensors', '/sensors/{id}']],
    [
      '/updater/wifi',
      ['/deployments', '/deployments/{id}', '/deployments/create', '/binary/{binary}', '/binary/{binary}/logs'],
    ],
    [
      '/updater/gen3',
      [
        '/deployments',
        '/versions',
        '/versions/{version}',
        '/binaries/versions/{version}',
        '/binaries/versions/{version}/active',
      ],
    ],
  ])('%s documents its read endpoints', async (prefix, paths) => {
    const res = await t.call('GET', `${prefix}/openapi.json`);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of paths) expect(doc.paths[p]?.get, `${prefix}${p}`).toBeDefined();
  });
});
