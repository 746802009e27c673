/**
 * The list builder's totals without a count: a page with fewer rows than its limit (the last page,
 * or a query matching few rows) tells `meta.totalCount` itself, and the repository's count does not
 * run; a full page, and an empty page past the end, still count and answer the exact total. Over
 * HTTP on the demo seed, for a query-language list (installations) and a paged list (audit logs);
 * the count is observed through a spy on the repository's `count`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, desc, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { auditLogs, contractors, installations } from '../../server/db/schema';
import { contractorList } from '../../server/services/main/contractors/repository';
import { LIST_COUNT_CAP } from '../../server/lists/endpoint';
import { installationList } from '../../server/services/main/installations/repository';
import { adminAuditLogs } from '../../server/services/main/audit/repository';
import { runsSideBySide } from '../../server/db';

let t: TestApp;
let currentInstallations: number;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.ctx.db.select({ n: count() }).from(installations).where(isNull(installations.removedAt));
  currentInstallations = Number(row!.n);
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

async function list(url: string) {
  const res = await t.call('GET', url, { token: await t.tokenOf('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/installations totals', () => {
  it('answers a short filtered page without counting', async () => {
    const [first] = await t.ctx.db
      .select({ installationId: installations.installationId })
      .from(installations)
      .where(isNull(installations.removedAt))
      .limit(1);
    const counted = vi.spyOn(installationList, 'count');
    const body = await list(
      `/api/installations?limit=10&query=${encodeURIComponent(`installationId = ${first!.installationId}`)}`,
    );
    expect(body.data.installations).toHaveLength(1);
    expect(body.meta.totalCount).toBe(1);
    expect(counted.mock.calls.length, 'count statements run').toBe(0);
  });

  it('answers the last page with the exact total without counting', async () => {
    const limit = 7;
    const lastPage = Math.ceil(currentInstallations / limit);
    expect(currentInstallations % limit, 'the demo seed must leave a short last page').not.toBe(0);
    const counted = vi.spyOn(installationList, 'count');
    const body = await list(`/api/installations?limit=${limit}&page=${lastPage}`);
    expect(body.data.installations).toHaveLength(currentInstallations % limit);
    expect(body.meta.totalCount).toBe(currentInstallations);
    expect(counted.mock.calls.length, 'count statements run').toBe(0);
  });

  it('answers an empty first page (nothing matches) with 0 without counting', async () => {
    const counted = vi.spyOn(installationList, 'count');
    const body = await list(`/api/installations?limit=10&query=${encodeURIComponent('installationId = -1')}`);
    expect(body).toMatchObject({ data: { installations: [] }, meta: { totalCount: 0 } });
    expect(counted.mock.calls.length, 'count statements run').toBe(0);
  });

  it('counts a full page and answers the exact total', async () => {
    const counted = vi.spyOn(installationList, 'count');
    const body = await list('/api/installations?limit=5&page=2');
    expect(body.data.installations).toHaveLength(5);
    expect(body.meta).toEqual({ totalCount: currentInstallations, capped: false });
    expect(counted.mock.calls.length, 'count statements run').toBe(1);
  });

  it('counts an empty page past the end and still answers the exact total', async () => {
    const counted = vi.spyOn(installationList, 'count');
    const body = await list(`/api/installations?limit=10&page=${Math.ceil(currentInstallations / 10) + 3}`);
    expect(body.data.installations).toEqual([]);
    expect(body.meta.totalCount).toBe(currentInstallations);
    expect(counted.mock.calls.length, 'count statements run').toBe(1);
  });
});

describe('when the count starts (a query-language list and a paged list)', () => {
  /** The order in which `repo`'s page and count start and the page ends, for one request of `url`. */
  async function steps(
    repo: { page: (...a: never[]) => Promise<unknown[]>; count: (...a: never[]) => Promise<number> },
    url: string,
  ) {
    const events: string[] = [];
    const page = repo.page.bind(repo);
    const count = repo.count.bind(repo);
    vi.spyOn(repo, 'page').mockImplementation(async (...args) => {
      events.push('page');
      const rows = await page(...args);
      events.push('page answered');
      return rows;
    });
    vi.spyOn(repo, 'count').mockImplementation((...args) => {
      events.push('count');
      return count(...args);
    });
    await list(url);
    vi.restoreAllMocks();
    return events;
  }
  const sideBySide = process.env.TEST_DB === 'postgres';

  it('the test database runs statements side by side on PostgreSQL only', () => {
    expect(runsSideBySide(t.ctx.db)).toBe(sideBySide);
  });

  it.each([
    ['installations', installationList, '/api/installations?limit=3&page=4'],
    ['admin audit logs', adminAuditLogs, '/api/audit/logs/admin?limit=2&page=2'],
  ])('%s: a full page counts after its page the first time, beside it (PostgreSQL) the next', async (_, repo, url) => {
    expect(await steps(repo as never, url)).toEqual(['page', 'page answered', 'count']);
    expect(await steps(repo as never, url)).toEqual(
      sideBySide ? ['count', 'page', 'page answered'] : ['page', 'page answered', 'count'],
    );
  });

  it('a short page asked for again still runs no count', async () => {
    const url = `/api/installations?limit=9&query=${encodeURIComponent('installationId = -7')}`;
    expect(await steps(installationList as never, url)).toEqual(['page', 'page answered']);
    expect(await steps(installationList as never, url)).toEqual(['page', 'page answered']);
  });
});

describe('GET /api/audit/logs/admin totals (paged list)', () => {
  /** The event type with the most audit events (sign-ins write some), and how many. */
  async function commonestType() {
    for (let i = 0; i < 3; i++) await t.login('viewer');
    const [row] = await t.ctx.db
      .select({ type: auditLogs.eventType, n: count() })
      .from(auditLogs)
      .groupBy(auditLogs.eventType)
      .orderBy(desc(count()))
      .limit(1);
    expect(Number(row!.n)).toBeGreaterThanOrEqual(3);
    return { type: row!.type, n: Number(row!.n) };
  }

  it('answers a short page without counting', async () => {
    const { type, n } = await commonestType();
    const counted = vi.spyOn(adminAuditLogs, 'count');
    const body = await list(`/api/audit/logs/admin?type=${encodeURIComponent(type)}&limit=${n + 5}`);
    expect(body.data.logs).toHaveLength(n);
    expect(body.meta.totalCount).toBe(n);
    expect(counted.mock.calls.length, 'count statements run').toBe(0);
  });

  it('counts a full page and answers the exact total', async () => {
    const { type, n } = await commonestType();
    const counted = vi.spyOn(adminAuditLogs, 'count');
    const body = await list(`/api/audit/logs/admin?type=${encodeURIComponent(type)}&limit=2`);
    expect(body.data.logs).toHaveLength(2);
    expect(body.meta.totalCount).toBe(n);
    expect(counted.mock.calls.length, 'count statements run').toBe(1);
  });
});

describe('GET /api/contractors capped count (more matching rows than LIST_COUNT_CAP)', () => {
  let all: number;
  beforeAll(async () => {
    await t.ctx.db.execute(
      sql`insert into contractors (name, type) select 'Capped ' || g, 'Installer' from generate_series(1, ${LIST_COUNT_CAP + 40}) g`,
    );
    const [row] = await t.ctx.db.select({ n: count() }).from(contractors);
    all = Number(row!.n);
  });

  it('a full first page counts only up to the cap, through a LIMIT, and says so in meta', async () => {
    const counted = vi.spyOn(contractorList, 'count');
    const body = await list('/api/contractors?limit=10&sortBy=id');
    expect(body.data.contractors).toHaveLength(10);
    expect(body.meta).toEqual({ totalCount: LIST_COUNT_CAP, capped: true });
    expect(
      counted.mock.calls.map((c) => c[2]),
      'the count stops at cap + 1',
    ).toEqual([LIST_COUNT_CAP + 1]);
  });

  it('a deep page counts further (ten pages past it), so the pages after it stay reachable', async () => {
    const limit = 100;
    const page = Math.floor(LIST_COUNT_CAP / limit) - 5;
    const body = await list(`/api/contractors?limit=${limit}&page=${page}&sortBy=id`);
    expect(body.data.contractors).toHaveLength(limit);
    expect(body.meta).toEqual({ totalCount: all, capped: false });
    expect(all).toBeLessThan((page - 1) * limit + 10 * limit);
  });

  it('a short page past the cap tells the exact total without counting', async () => {
    const counted = vi.spyOn(contractorList, 'count');
    const limit = 1000;
    const body = await list(`/api/contractors?limit=${limit}&page=${Math.ceil(all / limit)}&sortBy=id`);
    expect(body.meta).toEqual({ totalCount: all, capped: false });
    expect(counted.mock.calls.length).toBe(0);
  });
});
