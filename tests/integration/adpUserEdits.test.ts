/**
 * Developer-portal users over HTTP (document 2, sections 2.6, 4, 5, 6, 7, 9): the CSV export; adding
 * a user with its type rules, trial and access definitions; every write call of the admin API with
 * its validation, permission, audit record and (through the reference mailer) outbox e-mail; the
 * trial removed before the plan is set; the type-dependent required reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { defaultTrialEnd } from '../../common/adpUsers';
import { DEFAULT_TOKEN_EXPIRY_MS, PASSWORD_MAX_LENGTH } from '../../common/domain';
import { PERMISSIONS } from '../../common/permissions';
import { adpAccessDefinitions, adpOutbox, adpTrials, adpUsers, auditLogs, contractors } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

const API = '/adp-api/admin';

describe('developer-portal users: admin API writes', () => {
  let t: TestApp;
  let sales: string;
  let viewer: string;
  let contractorId: number;
  let otherContractorId: number;
  const call = (method: string, url: string, body?: unknown, token = sales) => t.call(method, url, { token, body });
  const lastAudit = async () => (await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1))[0]!;
  const auditsSince = async (logId: number) =>
    (await t.ctx.db.select().from(auditLogs).orderBy(asc(auditLogs.logId))).filter((a) => a.logId > logId);
  const outboxOf = (userId: number) =>
    t.ctx.db.select().from(adpOutbox).where(eq(adpOutbox.userId, userId)).orderBy(asc(adpOutbox.id));
  const base = (over: Record<string, unknown> = {}) => ({
    nickname: 'Ada Nowak',
    email: `ada.${Math.random().toString(36).slice(2)}@example.org`,
    country: 'PL',
    language: 'en',
    plan: 'PLAN_ADVANCED',
    trial: { postTrialPlanName: 'PLAN_EMPTY', endDate: defaultTrialEnd() },
    type: 'CLIENT',
    contractorId,
    reason: null,
    accessDefinitions: [{ sponsorId: contractorId, visibility: 'ALL' }],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call('POST', `${API}/users`, base(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.user as { id: number; email: string; nickname: string; status: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    sales = await t.tokenOf('sales');
    viewer = await t.tokenOf('viewer');
    const cs = await t.ctx.db.select({ id: contractors.id }).from(contractors).orderBy(asc(contractors.id)).limit(2);
    contractorId = cs[0]!.id;
    otherContractorId = cs[1]!.id;
  });
  afterAll(() => t?.close());

  it('exports every matching user as adp-users.csv with the columns the caller may see', async () => {
    const res = await call('GET', `${API}/users/export?search=a&sortBy=email&order=desc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('adp-users.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('contractorName');
    expect(lines[0]).toContain('plan');
    const list = (await call('GET', `${API}/users?search=a&limit=1000`)).json();
    expect(lines.length - 1).toBe(list.meta.totalCount);
    expect(lines.length).toBeGreaterThan(50);
  });

  it('adds a user with the defaults of section 9: not activated, trial, access, invitation e-mail, audited', async () => {
    const user = await create();
    expect(user.status).toBe('NOT_ACTIVATED');
    const detail = (await call('GET', `${API}/users/${user.id}`)).json().data.user;
    expect(detail).toMatchObject({
      plan: { name: 'PLAN_ADVANCED' },
      trial: { trialPlanName: 'PLAN_ADVANCED', postTrialPlanName: 'PLAN_EMPTY', endDate: defaultTrialEnd() },
      type: 'CLIENT',
      contractorId,
      settings: {
        country: 'PL',
        language: 'en',
        timeZone: 'UTC',
        indexType: 'AQ_INDEX',
        standardType: 'WHO',
        avatar: 'default',
      },
    });
    expect(detail.accessDefinitions).toHaveLength(1);
    expect(detail.accessDefinitions[0].id).toBeGreaterThanOrEqual(1000);
    expect(detail.accessDefinitions[0].id).toBeLessThanOrEqual(10000);
    const mails = await outboxOf(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'invitation', recipient: user.email });
    expect(mails[0]!.body).toContain('/developer-portal/activate?user=');
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserCreated', userName: 'sales' });
  });

  it('refuses the add form without name or e-mail, with a taken e-mail, or without a permission', async () => {
    expect((await call('POST', `${API}/users`, base({ nickname: ' ' }))).statusCode).toBe(400);
    expect((await call('POST', `${API}/users`, base({ email: 'not-an-email' }))).statusCode).toBe(400);
    const u = await create();
    const dup = await call('POST', `${API}/users`, base({ email: u.email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect((await call('POST', `${API}/users`, base(), viewer)).statusCode).toBe(403);
    expect((await call('POST', `${API}/users`, base({ plan: 'PLAN_NOPE' }))).statusCode).toBe(422);
    expect(
      (await call('POST', `${API}/users`, base({ trial: { postTrialPlanName: 'PLAN_EMPTY', endDate: '2001-01-01' } })))
        .statusCode,
    ).toBe(422);
  });

  it('requires the reason for types other than CLIENT and INTERNAL_ACCOUNT, the contractor for contractor types', async () => {
    for (const type of ['CLIENT_EXTRA_ACCESS', 'END_CLIENT', 'LEAD', 'RESEARCHER']) {
      const res = await call('POST', `${API}/users`, base({ type, reason: '  ' }));
      expect(res.statusCode, type).toBe(422);
      expect(res.json().message).toBe(`Reason for access is required for users of type ${type}`);
    }
    await create({ type: 'INTERNAL_ACCOUNT', reason: null });
    await create({ type: 'LEAD', reason: 'Evaluating', contractorId: null, accessDefinitions: [] });
    for (const type of ['CLIENT', 'CLIENT_EXTRA_ACCESS', 'INTERNAL_ACCOUNT']) {
      const res = await call(
        'POST',
        `${API}/users`,
        base({ type, reason: 'x', contractorId: null, accessDefinitions: [] }),
      );
      expect(res.statusCode, type).toBe(422);
      expect(res.json().message).toBe(`A contractor is required for users of type ${type}`);
    }
  });

  it('keeps a CLIENT to its contractor’s own access; other types may have additional access', async () => {
    const extra = [
      { sponsorId: contractorId, visibility: 'ALL' },
      { osmId: ' 123 ', visibility: 'VISIBLE' },
    ];
    const res = await call('POST', `${API}/users`, base({ accessDefinitions: extra }));
    expect(res.statusCode).toBe(422);
    const u = await create({ type: 'CLIENT_EXTRA_ACCESS', reason: 'Neighbours', accessDefinitions: extra });
    const defs = (await call('GET', `${API}/users/${u.id}`)).json().data.user.accessDefinitions;
    expect(defs.map((d: { osmId: string | null }) => d.osmId).sort()).toEqual(['123', null]);
    // Back to CLIENT is refused while additional access exists.
    const back = await call('PATCH', `${API}/users/${u.id}/type`, { type: 'CLIENT' });
    expect(back.statusCode).toBe(422);
  });

  it('changes type, reason and contractor as separate steps with the type rules', async () => {
    const u = await create();
    // CLIENT → LEAD needs a reason first: the type alone is refused and nothing changes.
    const early = await call('PATCH', `${API}/users/${u.id}/type`, { type: 'LEAD' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Reason for access is required for users of type LEAD');
    expect((await t.ctx.db.select().from(adpUsers).where(eq(adpUsers.id, u.id)))[0]!.type).toBe('CLIENT');
    expect((await call('PATCH', `${API}/users/${u.id}/reason`, { reason: 'Tender' })).statusCode).toBe(200);
    const typed = await call('PATCH', `${API}/users/${u.id}/type`, { type: 'LEAD' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.user).toMatchObject({ type: 'LEAD', reason: 'Tender' });
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserTypeChanged' });
    // A LEAD's reason cannot be emptied.
    expect((await call('PATCH', `${API}/users/${u.id}/reason`, { reason: '' })).statusCode).toBe(422);
    // Contractor: may be removed for a LEAD, required again for CLIENT.
    expect((await call('PATCH', `${API}/users/${u.id}/contractor`, { contractorId: null })).statusCode).toBe(200);
    expect((await call('PATCH', `${API}/users/${u.id}/type`, { type: 'CLIENT' })).statusCode).toBe(422);
    const c = await call('PATCH', `${API}/users/${u.id}/contractor`, { contractorId: otherContractorId });
    expect(c.json().data.user.contractorId).toBe(otherContractorId);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserContractorChanged' });
    expect((await call('PATCH', `${API}/users/${u.id}/contractor`, { contractorId: 2_000_000_000 })).statusCode).toBe(
      422,
    );
    expect((await call('PATCH', `${API}/users/${u.id}/type`, { type: 'BOSS' })).statusCode).toBe(400);
    expect((await call('PATCH', `${API}/users/${u.id}/type`, { type: 'LEAD' }, viewer)).statusCode).toBe(403);
  });

  it('changes the e-mail only when confirmed: deactivated, password reset, invitation resent', async () => {
    const u = await create();
    await call('PATCH', `${API}/users/${u.id}/password`, { password: 'portal-pass-1' });
    const unconfirmed = await call('PATCH', `${API}/users/${u.id}/email`, { email: 'new@example.org' });
    expect(unconfirmed.statusCode).toBe(422);
    expect((await call('PATCH', `${API}/users/${u.id}/email`, { email: 'nope', confirmed: true })).statusCode).toBe(
      400,
    );
    const res = await call('PATCH', `${API}/users/${u.id}/email`, {
      email: `changed.${u.id}@example.org`,
      confirmed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: `changed.${u.id}@example.org`, status: 'NOT_ACTIVATED' });
    const [row] = await t.ctx.db.select().from(adpUsers).where(eq(adpUsers.id, u.id));
    expect(row!.passwordHash).toBeNull();
    const mails = await outboxOf(u.id);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['invitation', u.email],
      ['email-changed', u.email],
      ['invitation', `changed.${u.id}@example.org`],
    ]);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserEmailChanged' });
  });

  it('login operations: permanent password activates; forgot-password, invitation and activation link', async () => {
    const u = await create();
    const link = await call('GET', `${API}/users/${u.id}/activation-link`);
    expect(link.json().link).toMatch(/\/developer-portal\/activate\?user=\d+&token=/);
    expect((await call('POST', `${API}/users/${u.id}/resend-invitation`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserInvitationResent' });
    const pw = await call('PATCH', `${API}/users/${u.id}/password`, {});
    expect(pw.statusCode, pw.body).toBe(200);
    expect(pw.json().data).toMatchObject({ status: 'ENABLED' });
    expect(pw.json().data.password.length).toBeGreaterThanOrEqual(12);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserPasswordChanged' });
    expect((await call('GET', `${API}/users/${u.id}`)).json().data.user.status).toBe('ENABLED');
    // Activated: no invitation, no activation link; a password reset e-mail goes out.
    expect((await call('POST', `${API}/users/${u.id}/resend-invitation`)).statusCode).toBe(422);
    expect((await call('GET', `${API}/users/${u.id}/activation-link`)).statusCode).toBe(422);
    expect((await call('POST', `${API}/users/${u.id}/forgot-password`)).statusCode).toBe(200);
    expect((await outboxOf(u.id)).map((m) => m.kind)).toEqual(['invitation', 'invitation', 'password-reset']);
    expect((await call('PATCH', `${API}/users/${u.id}/password`, { password: 'short' })).statusCode).toBe(400);
    // The longest password the console's input lets through (PASSWORD_MAX_LENGTH) is taken, one more is not.
    const longest = 'p'.repeat(PASSWORD_MAX_LENGTH);
    expect((await call('PATCH', `${API}/users/${u.id}/password`, { password: longest })).statusCode).toBe(200);
    const tooLong = await call('PATCH', `${API}/users/${u.id}/password`, { password: `${longest}p` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(`at most ${PASSWORD_MAX_LENGTH} characters`);
    expect((await call('PATCH', `${API}/users/${u.id}/password`, {}, viewer)).statusCode).toBe(403);
  });

  it('enable/disable toggle; a disabled user has no login operations', async () => {
    const u = await create();
    await call('PATCH', `${API}/users/${u.id}/password`, {});
    const off = await call('PATCH', `${API}/users/${u.id}/disable`);
    expect(off.json().data.status).toBe('DISABLED');
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserDisabled' });
    expect((await call('PATCH', `${API}/users/${u.id}/password`, {})).statusCode).toBe(422);
    expect((await call('POST', `${API}/users/${u.id}/forgot-password`)).statusCode).toBe(422);
    const on = await call('PATCH', `${API}/users/${u.id}/enable`);
    expect(on.json().data.status).toBe('ENABLED');
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserEnabled' });
    // A user who never set a password goes back to NOT_ACTIVATED.
    const fresh = await create();
    await call('PATCH', `${API}/users/${fresh.id}/disable`);
    expect((await call('PATCH', `${API}/users/${fresh.id}/enable`)).json().data.status).toBe('NOT_ACTIVATED');
  });

  it('an unchanged toggle answers the status and writes no audit record', async () => {
    const u = await create();
    const mark = (await lastAudit()).logId;
    expect((await call('PATCH', `${API}/users/${u.id}/enable`)).json().data).toEqual({
      id: u.id,
      status: 'NOT_ACTIVATED',
    });
    expect((await call('PATCH', `${API}/users/${u.id}/disable`)).json().data.status).toBe('DISABLED');
    expect((await call('PATCH', `${API}/users/${u.id}/disable`)).json().data).toEqual({ id: u.id, status: 'DISABLED' });
    expect((await auditsSince(mark)).map((a) => a.eventType)).toEqual(['PanelUserDisabled']);
  });

  it('answers 404 for a user who does not exist, on every call about one user', async () => {
    const missing = 999_999;
    const user = `${API}/users/${missing}`;
    const mark = (await lastAudit()).logId;
    const calls: [string, string, unknown?][] = [
      ['DELETE', user],
      ['PATCH', `${user}/type`, { type: 'LEAD' }],
      ['PATCH', `${user}/contractor`, { contractorId: null }],
      ['PATCH', `${user}/reason`, { reason: 'x' }],
      ['PATCH', `${user}/email`, { email: 'nobody@example.org', confirmed: true }],
      ['PATCH', `${user}/password`, {}],
      ['PATCH', `${user}/enable`],
      ['PATCH', `${user}/disable`],
      ['POST', `${user}/forgot-password`],
      ['POST', `${user}/resend-invitation`],
      ['GET', `${user}/activation-link`],
      ['POST', `${user}/access-definitions`, { osmId: 'x', visibility: 'ALL' }],
      ['PUT', `${user}/access-definitions/4242`, { osmId: 'x', visibility: 'ALL' }],
      ['DELETE', `${user}/access-definitions/4242`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message ?? res.body, `${method} ${url}`).toContain(
        `Developer-portal user ${missing} does not exist`,
      );
    }
    expect(await auditsSince(mark)).toEqual([]);
  });

  it('sets and removes a trial: the trial is deleted first, then the plan is set', async () => {
    const u = await create({ trial: null });
    const endDate = defaultTrialEnd();
    const set = await call('POST', `${API}/trials`, {
      userId: u.id,
      trialPlanName: 'PLAN_ENTERPRISE_TRIAL',
      postTrialPlanName: 'PLAN_BASIC',
      endDate,
    });
    expect(set.statusCode, set.body).toBe(200);
    let detail = (await call('GET', `${API}/users/${u.id}`)).json().data.user;
    expect(detail.plan.name).toBe('PLAN_ENTERPRISE_TRIAL');
    expect(detail.trial).toEqual({ trialPlanName: 'PLAN_ENTERPRISE_TRIAL', postTrialPlanName: 'PLAN_BASIC', endDate });
    const mark = (await lastAudit()).logId;
    expect((await call('DELETE', `${API}/trials/${u.id}`)).statusCode).toBe(200);
    expect((await call('POST', `${API}/plans?planName=PLAN_BASIC&userId=${u.id}`)).statusCode).toBe(200);
    expect((await auditsSince(mark)).map((a) => a.eventType)).toEqual([
      'PanelUserTrialRemoved',
      'PanelUserPlanChanged',
    ]);
    detail = (await call('GET', `${API}/users/${u.id}`)).json().data.user;
    expect(detail).toMatchObject({ plan: { name: 'PLAN_BASIC' }, trial: null });
    expect(await t.ctx.db.select().from(adpTrials).where(eq(adpTrials.userId, u.id))).toHaveLength(0);
    // No trial to remove; unknown plans; past dates; the permission.
    expect((await call('DELETE', `${API}/trials/${u.id}`)).statusCode).toBe(404);
    expect((await call('POST', `${API}/plans?planName=PLAN_X&userId=${u.id}`)).statusCode).toBe(422);
    const past = {
      userId: u.id,
      trialPlanName: 'PLAN_ADVANCED',
      postTrialPlanName: 'PLAN_EMPTY',
      endDate: '2020-02-30',
    };
    expect((await call('POST', `${API}/trials`, past)).statusCode).toBe(400);
    expect((await call('POST', `${API}/trials`, { ...past, endDate: '2020-02-03' })).statusCode).toBe(422);
    expect((await call('POST', `${API}/plans?planName=PLAN_BASIC&userId=${u.id}`, undefined, viewer)).statusCode).toBe(
      403,
    );
  });

  it('access definitions: add, change and delete one by one; ids 1000–10000; the sensors count', async () => {
    const u = await create({ type: 'RESEARCHER', reason: 'Thesis', contractorId: null, accessDefinitions: [] });
    const add = await call('POST', `${API}/users/${u.id}/access-definitions`, {
      sponsorId: contractorId,
      visibility: 'ALL',
    });
    expect(add.statusCode, add.body).toBe(201);
    const def = add.json().data.accessDefinition;
    expect(def.id).toBeGreaterThanOrEqual(1000);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserAccessAdded' });
    const fixed = await call('POST', `${API}/users/${u.id}/access-definitions`, {
      id: 4242,
      osmId: 'x',
      visibility: 'HIDDEN',
    });
    expect(fixed.json().data.accessDefinition.id).toBe(4242);
    expect(
      (await call('POST', `${API}/users/${u.id}/access-definitions`, { id: 4242, osmId: 'y', visibility: 'ALL' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('POST', `${API}/users/${u.id}/access-definitions`, { id: 999, osmId: 'y', visibility: 'ALL' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', `${API}/users/${u.id}/access-definitions`, { visibility: 'ALL' })).statusCode).toBe(400);
    const put = await call('PUT', `${API}/users/${u.id}/access-definitions/4242`, {
      osmId: 'z',
      visibility: 'VISIBLE',
      canBeEdited: false,
    });
    expect(put.json().data.accessDefinition).toMatchObject({
      id: 4242,
      osmId: 'z',
      visibility: 'VISIBLE',
      canBeEdited: false,
    });
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserAccessUpdated' });
    expect(
      (await call('PUT', `${API}/users/${u.id}/access-definitions/4242`, { osmId: 'q', visibility: 'ALL' })).statusCode,
    ).toBe(422);
    expect((await call('DELETE', `${API}/users/${u.id}/access-definitions/4242`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserAccessRemoved' });
    expect((await call('DELETE', `${API}/users/${u.id}/access-definitions/4242`)).statusCode).toBe(404);
    const left = await t.ctx.db.select().from(adpAccessDefinitions).where(eq(adpAccessDefinitions.userId, u.id));
    expect(left.map((d) => d.id)).toEqual([def.id]);

    const all = (
      await call('POST', `${API}/users/sensors-count`, [{ sponsorId: contractorId, visibility: 'ALL' }])
    ).json().count;
    const visible = (
      await call('POST', `${API}/users/sensors-count`, [{ sponsorId: contractorId, visibility: 'VISIBLE' }])
    ).json().count;
    const hidden = (
      await call('POST', `${API}/users/sensors-count`, [{ sponsorId: contractorId, visibility: 'HIDDEN' }])
    ).json().count;
    expect(all).toBeGreaterThan(0);
    expect(visible + hidden).toBe(all);
    expect((await call('POST', `${API}/users/sensors-count`, [])).json().count).toBe(0);
  });

  it('settings: every enumeration checked; alert level by index; "other:" texts', async () => {
    const u = await create();
    const good = {
      country: 'DE',
      language: 'pl',
      timeZone: 'Europe/Berlin',
      indexType: 'AQ_CAQI',
      aqiLevelLimit: 87.5,
      standardType: 'DEFRA',
      sensorOutAlertEnabled: true,
      aqiExceededAlertEnabled: false,
      weeklyEmailEnabled: true,
      monthlyEmailEnabled: false,
      sector: 'ngo',
      yourGoals: 'other:clean air for schools',
      industry: 'it-eng',
      avatar: 'ngo',
    };
    const res = await call('PATCH', `${API}/users/${u.id}/settings`, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings).toEqual(good);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserSettingsUpdated' });
    for (const bad of [
      { aqiLevelLimit: 100.5 },
      { indexType: 'AQ_US_AQI' },
      { country: 'XX' },
      { language: 'de' },
      { timeZone: 'Mars/Olympus' },
      { yourGoals: 'other:' },
      { industry: 'other' },
      { sector: 'pirates' },
      { avatar: 'cat' },
      { standardType: 'EU' },
    ])
      expect(
        (await call('PATCH', `${API}/users/${u.id}/settings`, { ...good, ...bad })).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
  });

  /** An API token of the admin with every permission except the given ones. */
  const tokenWithout = async (...missing: string[]) => {
    const admin = await t.tokenOf('admin');
    const res = await t.call('POST', '/api/integrations', {
      token: admin,
      body: {
        name: `without ${missing.join(' ')}`,
        permissions: PERMISSIONS.filter((p) => !missing.includes(p)),
        time: DEFAULT_TOKEN_EXPIRY_MS,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  };

  it('changing the sector needs edit_panel_user_settings_sector; the other settings do not', async () => {
    const u = await create();
    const token = await tokenWithout('edit_panel_user_settings_sector');
    const settings = (await call('GET', `${API}/users/${u.id}`)).json().data.user.settings;
    const full = { ...settings, aqiLevelLimit: 100, sector: 'public', yourGoals: 'csr', industry: 'education' };
    // The admin sets a sector; without the permission it cannot be changed, but the rest can.
    expect((await call('PATCH', `${API}/users/${u.id}/settings`, full)).statusCode).toBe(200);
    const sector = await call('PATCH', `${API}/users/${u.id}/settings`, { ...full, sector: 'ngo' }, token);
    expect(sector.statusCode).toBe(422);
    const rest = await call('PATCH', `${API}/users/${u.id}/settings`, { ...full, weeklyEmailEnabled: true }, token);
    expect(rest.statusCode, rest.body).toBe(200);
  });

  it('leaves contractor and plan fields out of the list and the export without their permissions', async () => {
    const token = await tokenWithout('view_contractors_adp_users', 'view_plans');
    const rows = (await call('GET', `${API}/users?limit=50`, undefined, token)).json().data.users;
    expect(rows.length).toBe(50);
    for (const r of rows) {
      expect(r).not.toHaveProperty('contractorName');
      expect(r).not.toHaveProperty('plan');
    }
    const csv = await call('GET', `${API}/users/export`, undefined, token);
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header).toContain('email');
    expect(header).not.toContain('contractorName');
    expect(header).not.toContain('plan');
    expect((await call('GET', `${API}/users?sortBy=plan`, undefined, token)).statusCode).toBe(400);
  });

  it('deletes a user with its trial and access definitions, audited', async () => {
    const u = await create();
    expect((await call('DELETE', `${API}/users/${u.id}/`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `${API}/users/${u.id}/`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ eventType: 'PanelUserDeleted' });
    expect((await call('GET', `${API}/users/${u.id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(adpTrials).where(eq(adpTrials.userId, u.id))).toHaveLength(0);
    expect((await call('DELETE', `${API}/users/${u.id}`)).statusCode).toBe(404);
  });
});
